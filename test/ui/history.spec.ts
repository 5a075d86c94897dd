/**
 * Issue "Several keys, and the month's story": the history chart of the profile in use — this month's
 * remaining with the even pace and the forecast, the previous month, per-day usage, its text alternative and
 * table, CSV export; the chart's code loads only when History is opened.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { sixWeeksOfUse } from './history-weeks';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: null } });

test('History: the month against even pace with forecast and last month, per-day table, CSV export; chart code loads on demand', async ({
  page,
  preview,
}) => {
  await sixWeeksOfUse(preview);
  const chartRequests: string[] = [];
  page.on('request', (r) => {
    if (/history-chart|uPlot|uplot/i.test(r.url())) chartRequests.push(r.url());
  });
  await preview.open(page);
  expect(chartRequests).toEqual([]); // nothing of the chart before it is opened

  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  const summary = page.getByLabel('Summary');
  await expect(summary).toContainText(/of 10,000 left/);
  await expect(summary).toContainText(/runs out on|lasts until the reset/);
  await expect(summary).toContainText(/Previous month .* ended with/);
  await expect(page.locator('.history-chart canvas')).toHaveCount(2);
  expect(chartRequests.length).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: /This month .* left/ })).toBeVisible();
  await expect(page.getByText('Previous month', { exact: true })).toBeVisible(); // the legend
  await shoot(page, 'history', { dark: true, fullPage: true });

  await page.getByText('Per-day table').click();
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(18);
  await expect(rows.nth(5).locator('td').first()).toHaveText(/^\d{3}$/);

  // The preview hands the export to the browser as a download (it used to stay in its temporary folder).
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csv = await download;
  await expect(page.getByRole('status').filter({ hasText: /Downloaded \d+ rows as/ })).toBeVisible();
  expect(csv.suggestedFilename()).toMatch(/^history-default-.*\.csv$/);
  const lines = readFileSync(await csv.path(), 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('time_utc,remaining,limit');
  expect(lines.length).toBeGreaterThan(40);

  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByLabel('IP address')).toBeVisible();
});

test('History with only the first figure shows it and says a forecast needs more', async ({ page, preview }) => {
  await preview.open(page); // the free status check at start gave the month's first figure
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByLabel('Summary')).toContainText('10,000 of 10,000 left');
  await expect(page.getByLabel('Summary')).toContainText('Not enough figures yet for a forecast.');
  await expect(page.getByLabel('Summary')).not.toContainText('Previous month');
});

test('History: days before the first figure are unknown in the per-day table ("—", "no figures"), not "0 used"', async ({
  page,
  preview,
}) => {
  // The app first sees the service on the 5th of a month: nothing is known of the 1st to the 4th.
  const now = new Date(preview.clock.now());
  preview.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 5, 9) - preview.clock.now());
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 40 });
  expect((await preview.core.handlers.lookup({ ip: '198.51.100.7', refresh: true })).kind).toBe('ok');
  await page.getByRole('button', { name: 'History' }).click();
  await page.getByText('Per-day table').click();
  const rows = page.locator('.history-table tbody tr');
  await expect(rows).toHaveCount(5);
  for (let i = 0; i < 4; i++) {
    for (const cell of await rows.nth(i).locator('td').all()) {
      await expect(cell).toHaveText(/^—\s*no figures$/);
      await expect(cell.locator('[aria-hidden="true"]')).toHaveText('—');
    }
  }
  // The 5th, the day of the first figure: what was used since it, a number.
  await expect(rows.nth(4).locator('td').first()).toHaveText(/^\d+$/);
  await expect(page.locator('.history-table')).toContainText('— No figures on these days');
});

test('History whose chart cannot load says so; the summary and the per-day table still give the figures', async ({
  page,
  preview,
}) => {
  await sixWeeksOfUse(preview);
  await page.route(/\/history-chart-[^/]*\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  await preview.open(page);
  await page.getByRole('button', { name: 'History' }).click();
  await expect(page.getByLabel('Summary')).toContainText(/of 10,000 left/);
  await expect(page.getByText('The chart could not be loaded; the per-day table below has its figures.')).toBeVisible();
  await expect(page.locator('.history-chart canvas')).toHaveCount(0);
  await shoot(page, 'history-chart-failed', { dark: true });
  await page.getByText('Per-day table', { exact: true }).click();
  await expect(page.locator('.history-table tbody tr')).toHaveCount(18);
});
