/**
 * Issue 24, "The window as a user meets it": what the window says follows the state it describes (Bulk's Start
 * and a stopped job, notices, History), a failed first Save leaves nothing behind, the web preview hands exports
 * to the browser, About and the Bulk table fit 380 px, and one wording throughout.
 */
import type { Page } from '@playwright/test';
import { expect, test, type Preview } from './fixtures';
import { ipField, result, toMidMonth } from './ui-helpers';
import { hitMinuteLimit, shoot } from './ux-shots';

const DAY = 86_400_000;

async function fastForward(page: Page, by: '1 minute' | '1 day' | '1 week' | '1 month'): Promise<void> {
  await page.getByRole('button', { name: 'Fast-forward' }).click();
  await page.getByRole('menuitem', { name: by }).click();
}

const addresses = (prefix: string, n: number): string =>
  Array.from({ length: n }, (_, i) => `${prefix}.${i + 1}`).join('\n');

test.describe('Bulk in demo mode', () => {
  test.use({ previewSetup: 'demo' });

  test('a budget floor that leaves nothing to send disables Start and says why', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    // Three demo days of background traffic: 865 of 1,000 left; a 90 % floor keeps 900, so nothing can go.
    for (let i = 0; i < 3; i++) await fastForward(page, '1 day');
    await expect(page.getByRole('meter', { name: 'Month quota' })).toHaveAttribute('aria-valuenow', '865');
    await page.getByRole('button', { name: 'Bulk' }).click();
    await page.getByLabel(/Addresses/).fill(addresses('82.82.82', 12));
    await page.getByLabel('Budget floor, percent of the month limit').fill('90');
    await page.getByRole('button', { name: 'Check cost' }).click();
    const cost = page.getByRole('region', { name: 'Cost before sending' });
    await expect(cost).toContainText('Budget floor: keeps 900');
    const start = cost.getByRole('button', { name: /^Start/ });
    await expect(start).toBeDisabled();
    await expect(start).not.toContainText('0 requests');
    await expect(cost).toContainText(
      'Nothing can be sent: 865 requests are left this month and the budget floor keeps 900 for single lookups.',
    );
    await expect(start).toHaveAccessibleDescription(/Nothing can be sent/);
    await shoot(page, 'bulk-floor-blocks-start', { dark: true, fullPage: true });
  });

  test('a job stopped at the budget floor says what the month holds now, after the reset too', async ({
    page,
    preview,
  }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await fastForward(page, '1 day');
    await fastForward(page, '1 day');
    await expect(page.getByRole('meter', { name: 'Month quota' })).toHaveAttribute('aria-valuenow', '910');
    await page.getByRole('button', { name: 'Bulk' }).click();
    await page.getByLabel(/Addresses/).fill(addresses('83.83.83', 12));
    await page.getByLabel('Budget floor, percent of the month limit').fill('90');
    await page.getByRole('button', { name: 'Check cost' }).click();
    await page
      .getByRole('region', { name: 'Cost before sending' })
      .getByRole('button', { name: 'Start (uses up to 10 requests)' })
      .click();
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('heading')).toContainText('Running');
    await fastForward(page, '1 minute');
    await expect(job.getByRole('heading')).toContainText('Stopped', { timeout: 15_000 });
    const said = job.getByRole('status').first();
    await expect(said).toContainText(/\b9\d\d of 1,000 requests are left this month and 900 are kept/);

    await fastForward(page, '1 month');
    await expect(said).toContainText('Now 1,000 of 1,000 requests are left this month');
    await expect(said).toContainText('Resume can send up to 100 requests');
    await expect(said).not.toContainText(/\b9\d\d (of 1,000 )?requests are left/);
    await shoot(page, 'bulk-stopped-after-reset', { dark: true, fullPage: true });
  });
});

test.describe('Notices in demo mode', () => {
  test.use({ previewSetup: 'demo' });

  test('an in-page notification says what the gauge says, and goes once what it was about is over', async ({
    page,
    preview,
  }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    const meter = page.getByRole('meter', { name: 'Month quota' });
    const toasts = page.locator('.toast');
    // Week by week the demo's background traffic drains the month; the warnings come as in-page copies.
    for (let i = 0; i < 3; i++) await fastForward(page, '1 week');
    await expect(toasts.first()).toBeVisible();
    const shown = async (): Promise<string[]> => toasts.allInnerTexts();
    await fastForward(page, '1 day');
    await expect(async () => {
      const left = Number(await meter.getAttribute('aria-valuenow'));
      for (const text of await shown()) {
        const said = /([\d,]+) of 1,000 requests left/.exec(text);
        if (said) expect(Number(said[1]?.replace(/,/g, ''))).toBe(left);
      }
    }).toPass({ timeout: 5_000 });
    await shoot(page, 'toast-follows-gauge', { dark: true });
    await fastForward(page, '1 month');
    await expect(toasts.filter({ hasText: /requests left|runs out/ })).toHaveCount(0);
  });
});

test('a refused lookup says the limit has reset for a while, and is not kept for weeks', async ({ page, preview }) => {
  await preview.open(page);
  await hitMinuteLimit(page, preview);
  preview.advance(2 * 60_000);
  await expect(result(page)).toContainText('Minute limit has reset');
  // One clock in the window: 24-hour like its UTC times, not "05:55 PM" beside "18:54".
  await expect(result(page)).toContainText(/Minute limit was reached at \d{2}:\d{2} — it has reset; look up again\./);
  preview.advance(7 * DAY);
  await preview.core.handlers.checkQuota({});
  await expect(result(page)).not.toContainText('Minute limit');
  await expect(result(page)).toContainText('Enter an IP address');
  await shoot(page, 'stale-limit-result-gone');
});

test.describe('History', () => {
  test.use({ previewPlan: { monthLimit: 1_000, minuteLimit: null } });

  /** Moves the shared clock to day `day` of the month `months` ahead, at 09:00 UTC. */
  function moveTo(preview: Preview, months: number, day: number): void {
    const now = new Date(preview.clock.now());
    preview.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day, 9) - preview.clock.now());
  }

  test('a week without figures is spread over its days (≈), not one day of all of it', async ({ page, preview }) => {
    moveTo(preview, 1, 3);
    expect((await preview.core.handlers.checkQuota({})).kind).toBe('checked');
    preview.advance(7 * DAY);
    preview.sim.setUsage(preview.apiKey, { month: 315 });
    expect((await preview.core.handlers.checkQuota({})).kind).toBe('checked');
    await preview.open(page);
    await page.getByRole('button', { name: 'History' }).click();
    await page.getByText('Per-day table').click();
    const rows = page.locator('.history-table tbody tr');
    await expect(rows).toHaveCount(10);
    const used = rows.locator('td:nth-of-type(1)');
    // The two days before the month's first figure are unknown ("—", read as "no figures"), not "0".
    const unknown = '—\nno figures';
    expect(await used.allInnerTexts()).toEqual([
      unknown,
      unknown,
      '≈28',
      '≈45',
      '≈45',
      '≈45',
      '≈45',
      '≈45',
      '≈45',
      '≈17',
    ]);
    await expect(rows.nth(5).locator('td').nth(1)).toHaveText('≈837');
    await expect(rows.nth(9).locator('td').nth(1)).toHaveText('685');
    await expect(page.locator('.history-table')).toContainText('≈ No figures on these days');
    // The charts say the same: the gap drawn as an estimate (its own legend entry), the spread bars told apart.
    await expect(page.locator('.history-charts .u-legend')).toContainText('Estimated (no figures)');
    await expect(page.locator('.history-charts figcaption').nth(1)).toContainText('≈ estimated');
    await shoot(page, 'history-gap-spread', { dark: true, fullPage: true });
  });
});

test.describe('First run', () => {
  test.use({ previewSetup: 'first-run' });

  test('a Save that fails keeps nothing of the base URL it tried; the demo’s Settings do not show it', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await page.getByLabel('Base URL').fill('https://127.0.0.1:9');
    await page.getByLabel('API key', { exact: true }).fill('FAKE-first-run-0000-1111');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.field-error').filter({ hasText: /\S/ }).first()).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
    await expect(page.getByLabel('Base URL')).toHaveValue('https://127.0.0.1:9'); // still in the form, to correct
    expect((await preview.core.handlers.getSnapshot()).settings.baseUrl).toBe('');

    await page.getByRole('button', { name: 'Try demo' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByLabel('Base URL')).not.toHaveValue('https://127.0.0.1:9');
    await shoot(page, 'demo-settings-after-failed-save');
  });
});

test.describe('At 380 px', () => {
  test('About opens at its top, and the licence table’s headers keep their words whole', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const about = page.getByRole('button', { name: 'About Lookup Tray' });
    await about.waitFor();
    // Where a user reaches it: at the end of Settings.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await about.click();
    await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    // One line each: a header broken mid-word ("Licenc/e") is taller than its own line height.
    const heads = page.locator('table.licences thead th');
    await expect(heads).toHaveCount(3);
    for (const th of await heads.all()) {
      const { height, line } = await th.evaluate((el) => ({
        height: el.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.5,
      }));
      expect(height, await th.innerText()).toBeLessThan(line * 1.5 + 8);
    }
    await shoot(page, 'about-top', { dark: true });
    await page.locator('table.licences').scrollIntoViewIfNeeded();
    await shoot(page, 'about-licences');
  });

  test('the Bulk results table shows the location and organisation whole', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Bulk' }).click();
    await page.getByLabel(/Addresses/).fill('8.8.8.8\n1.1.1.1\n9.9.9.9\n2001:4860:4860::8888');
    await page.getByRole('button', { name: 'Check cost' }).click();
    await page
      .getByRole('region', { name: 'Cost before sending' })
      .getByRole('button', { name: /^Start/ })
      .click();
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    await expect(job.getByRole('heading')).toContainText('Finished', { timeout: 15_000 });
    const table = page.getByRole('table', { name: 'Bulk results' });
    await expect(table.getByRole('row')).toHaveCount(5);
    const cut = await table
      .getByRole('cell')
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent));
    expect(cut).toEqual([]);
    await shoot(page, 'bulk-table', { dark: true, fullPage: true });
  });

  test('"Add key" on a profile without one does not warn about replacing a key; the picker gives month lines', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    // A second profile starts without a key (with one profile, no key means the first-run screen).
    await page.getByRole('group', { name: 'Profiles' }).getByRole('button', { name: 'Add profile' }).click();
    await page.getByLabel('Profile name').fill('Work');
    await page.getByLabel('Base URL of its service').fill(preview.sim.url);
    await page.getByRole('button', { name: 'Add and switch' }).click();
    const keyGroup = page.getByRole('group', { name: 'API key' });
    await expect(keyGroup).toContainText('No key saved.');
    await keyGroup.getByRole('button', { name: 'Add key' }).click();
    await expect(keyGroup.getByLabel('API key', { exact: true })).toBeVisible();
    await expect(keyGroup).not.toContainText(/Replacing a key|old key/);
    await shoot(page, 'add-key');
    // Replacing one still says what it drops.
    await keyGroup.getByLabel('API key', { exact: true }).fill(preview.apiKey);
    await keyGroup.getByRole('button', { name: 'Save new key' }).click();
    await expect(keyGroup).toContainText(`••••••${preview.apiKey.slice(-4)}`);
    await keyGroup.getByRole('button', { name: 'Replace key' }).click();
    await expect(keyGroup).toContainText("drops the old key's quota figures");

    // The title bar's picker names each profile with its month line (the one in use by its name: its figures are
    // in the gauges).
    await page.getByRole('button', { name: /Back/ }).click();
    const picker = page.getByRole('combobox', { name: 'Profile', exact: true });
    await expect(picker).toHaveValue('Work');
    await expect(picker.locator('option[value="default"]')).toHaveText('Default — 10,000 of 10,000 left this month');
    await expect(picker.locator('option[value="Work"]')).toHaveText('Work');
  });
});

test('one wording: plurals, one number format, whole countdowns, "your plan"', async ({ page, preview }) => {
  toMidMonth(preview); // the exhausted month's countdown is in days
  await preview.open(page);
  await page.getByRole('button', { name: 'Bulk' }).click();
  await page.getByLabel(/Addresses/).fill('8.8.8.8\n10.0.0.0/8\n8.8.8.8');
  await page.getByLabel('Expand ranges (CIDR, a-b)').check();
  await page.getByRole('button', { name: 'Check cost' }).click();
  const cost = page.getByRole('region', { name: 'Cost before sending' });
  await expect(cost).toContainText(
    '1 unique address (1 duplicate merged): 0 answered from the cache (free), 1 to send.',
  );
  await expect(cost).toContainText('The ranges hold 16,777,216 addresses; at most 65,536 can be expanded.');
  await expect(cost.getByRole('button', { name: /^Start/ })).toHaveText('Start (uses up to 1 request)');
  await shoot(page, 'wording-bulk-cost');
  await cost.getByRole('button', { name: /^Start/ }).click();
  await expect(page.getByRole('alert')).toContainText('The ranges hold 16,777,216 addresses');
  await page.getByLabel('Expand ranges (CIDR, a-b)').uncheck();
  await page.getByRole('button', { name: 'Check cost' }).click();
  await cost.getByRole('button', { name: 'Start (uses up to 1 request)' }).click();
  const job = page.getByRole('region', { name: 'Bulk job', exact: true });
  await expect(job.getByRole('heading')).toContainText('Finished', { timeout: 15_000 });
  // The row's state in the CSV's and the command's word.
  await expect(page.getByRole('table', { name: 'Bulk results' }).getByRole('row').nth(1)).toContainText('Done');
  await expect(job).toContainText('1 row, most hits first');

  await page.getByRole('button', { name: /Back/ }).click();
  preview.sim.setUsage(preview.apiKey, { month: 9_999 });
  await ipField(page).fill('8.8.4.4');
  await ipField(page).press('Enter');
  const alert = page.getByRole('alert').filter({ hasText: 'Monthly quota exhausted' });
  await expect(alert).toContainText(/resets in \d+ d/);
  // "6 d 3 h" is never broken across lines.
  const countdown = alert.locator('.nowrap').first();
  await expect(countdown).toHaveText(/^\d+ d( \d+ h)?$/);
  expect(await countdown.evaluate((el) => el.getClientRects().length)).toBe(1);
  await expect.poll(() => preview.notifications.map((n) => n.body).join('\n')).toContain('Upgrade your plan or wait.');
  expect(preview.notifications.map((n) => n.body).join('\n')).not.toContain('the plan');
  await shoot(page, 'wording-month-out');
});

test('a lookup the plan does not allow says "your plan", as the rest of the window', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setFaults({ forbidden: true });
  await ipField(page).fill('8.8.8.8');
  await ipField(page).press('Enter');
  await expect(result(page)).toContainText('Your plan does not allow this');
  await expect(result(page)).toContainText('upgrade your plan');
  await expect(result(page)).not.toContainText('the plan');
});
