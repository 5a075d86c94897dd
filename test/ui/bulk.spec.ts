/**
 * Issue "Bulk lookups paced to the quota": the window's Bulk view — a pasted list read and costed before anything
 * is sent, a paced run to the end, the results table in input order, CSV export, answers that later single lookups
 * get for free; and a 16 384-address job whose table stays virtualised.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { infoRequests, lookUp, result } from './ui-helpers';
import { shoot } from './ux-shots';

test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 60 } });

test('paste a list, see the cost, run it, read the table, export CSV; a later single lookup spends nothing', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Bulk lookups' })).toBeVisible();
  await page
    .getByLabel(/Addresses/)
    .fill('# firewall export\n8.8.8.8, blocked\n1.1.1.1 and 9.9.9.9\nnot-an-ip\n10.0.0.1\n8.8.8.8\n');
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('3 unique addresses');
  await expect(cost).toContainText('1 duplicates merged');
  await expect(cost).toContainText('1 entries are not addresses');
  await expect(cost).toContainText('1 private, loopback or reserved addresses left out');
  await expect(cost).toContainText('0 answered from the cache (free), 3 to send.');
  await expect(cost).toContainText(/Month: 10,000 of 10,000 left now, 9,997 after\./);
  await expect(cost).toContainText('Budget floor: keeps 500');
  expect(infoRequests(preview)).toBe(0); // nothing sent to cost it
  await shoot(page, 'bulk-cost', { dark: true, fullPage: true });

  await cost.getByRole('button', { name: 'Start (uses up to 3 requests)' }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished');
  await expect(page.getByRole('progressbar', { name: 'Bulk progress' })).toHaveAttribute('aria-valuenow', '3');
  await expect(job).toContainText('3 done · 0 left · 0 from cache · 0 failed');
  const rows = page.getByRole('table', { name: 'Bulk results' }).getByRole('row');
  await expect(rows).toHaveCount(4); // the header and three rows
  await expect(rows.nth(1)).toContainText('8.8.8.8');
  await expect(rows.nth(2)).toContainText('1.1.1.1');
  await expect(rows.nth(3)).toContainText('9.9.9.9');
  expect(infoRequests(preview)).toBe(3);
  await shoot(page, 'bulk-finished', { dark: true, fullPage: true });

  await job.getByRole('button', { name: 'CSV' }).click();
  await expect(job.getByRole('status').filter({ hasText: 'Saved to' })).toBeVisible();
  const csv = readdirSync(preview.dataDir).find((f) => /^bulk-.*\.csv$/.test(f));
  expect(csv).toBeDefined();
  const lines = readFileSync(join(preview.dataDir, csv as string), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(lines).toHaveLength(4);
  expect(lines[1]).toMatch(/^8\.8\.8\.8,/);

  await page.getByRole('button', { name: /Back/ }).click();
  await lookUp(page, '9.9.9.9');
  await expect(result(page)).toContainText('9.9.9.9 (IPv4)');
  expect(infoRequests(preview)).toBe(3); // answered from the bulk job's answers, free
});

test('a 16 384-address job: the table shows only the rows in view, and scrolls to the last', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill('8.8.0.0/18');
  await page.getByRole('button', { name: 'Check cost' }).click();
  await expect(page.getByRole('region', { name: 'Cost before sending' })).toContainText('0 unique addresses');
  await page.getByLabel('Expand ranges (CIDR, a-b)').check();
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText('16,384 unique addresses');
  await cost.getByRole('button', { name: /^Start/ }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Running');
  await job.getByRole('button', { name: 'Pause' }).click();
  await expect(job.getByRole('heading')).toContainText('Paused');

  const table = page.getByRole('table', { name: 'Bulk results' });
  await expect(table).toHaveAttribute('aria-rowcount', '16385');
  await expect(table.getByRole('row').nth(1)).toContainText('8.8.0.0');
  expect(await table.getByRole('row').count()).toBeLessThan(40); // virtualised: not 16 384 rows in the page
  await page.getByRole('rowgroup', { name: 'Results, scrollable' }).evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect(table.getByRole('row').filter({ hasText: '8.8.63.255' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(40);
  await shoot(page, 'bulk-large', { dark: true });
  await job.getByRole('button', { name: 'Cancel job' }).click();
  await expect(job.getByRole('heading')).toContainText('Cancelled');
});
