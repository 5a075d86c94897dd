/** The quota gauges and the 429 countdown, against the real core and the simulator on one shared clock. */
import { expect, test } from './fixtures';
import {
  infoRequests,
  lookUp,
  lookUpButton,
  minuteMeter,
  monthMeter,
  result,
  toMidMonth,
  toStartOfNextMinute,
} from './ui-helpers';

test.describe('a service without the free status check', () => {
  test.use({ previewSetup: 'first-run' });

  test('no data yet until Check quota, which asks first because it costs a request', async ({ page, preview }) => {
    preview.sim.setStatusEndpoint(false);
    await preview.open(page);
    await page.getByLabel('Base URL').fill(preview.sim.url);
    await page.getByLabel('API key', { exact: true }).fill(preview.apiKey);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Save without verifying' }).click();

    await expect(
      page.getByText('No quota data yet — it appears after your first lookup, or Check quota'),
    ).toBeVisible();
    await expect(page.getByRole('meter')).toHaveCount(0);
    expect(infoRequests(preview)).toBe(0);

    preview.sim.setUsage(preview.apiKey, { month: 487 });
    await page.getByRole('button', { name: /^Check quota/ }).click();
    const confirm = page.getByRole('button', { name: 'Check quota (uses 1 request)' });
    await expect(confirm).toBeVisible();
    expect(infoRequests(preview)).toBe(0);
    await confirm.click();
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9512');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuemax', '10000');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuemin', '0');
    await expect(page.getByText('9,512 of 10,000 left this month')).toBeVisible();
    await expect(page.getByText('No quota data yet')).toHaveCount(0);
    expect(infoRequests(preview)).toBe(1);
  });
});

test('the minute gauge counts down to 0, then the limit alert counts down to the reset and goes away by itself', async ({
  page,
  preview,
}) => {
  await page.clock.install();
  toStartOfNextMinute(preview);
  await preview.open(page);

  const ips = ['8.8.8.1', '8.8.8.2', '8.8.8.3', '8.8.8.4', '8.8.8.5'];
  for (const [i, ip] of ips.entries()) {
    await lookUp(page, ip);
    await expect(result(page)).toContainText(`${ip} (IPv4)`);
    await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', String(4 - i));
  }
  await expect(page.getByText('0 of 5 left this minute')).toBeVisible();
  await expect(page.locator('.gauge', { has: minuteMeter(page) })).toContainText('Exhausted');
  await expect(minuteMeter(page)).toHaveAttribute(
    'aria-valuetext',
    /0 of 5 left this minute, exhausted, resets in 0:\d\d/,
  );

  // 0 left is known: the limit alert shows at once and a sixth lookup is not sent (no 429 spent).
  const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
  await expect(alert).toHaveText(/Minute limit reached — resets in 0:[0-5]\d/);
  await expect(lookUpButton(page)).toBeDisabled();
  await lookUp(page, '8.8.8.6');
  expect(infoRequests(preview)).toBe(5);

  // Both clocks move to 3 s before the reset: the countdown follows and ends without any action.
  const untilReset = 60_000 - (preview.clock.now() % 60_000);
  const jump = untilReset - 3_000;
  preview.advance(jump);
  await page.clock.fastForward(jump);
  await expect(alert).toHaveText(/resets in 0:0[1-3]/);
  const sentBefore = infoRequests(preview);
  preview.advance(3_500);
  await page.clock.fastForward(3_500);
  await expect(alert).toHaveCount(0);
  await expect(lookUpButton(page)).toBeEnabled();
  expect(infoRequests(preview)).toBe(sentBefore);

  await lookUp(page, '8.8.8.7');
  await expect(result(page)).toContainText('8.8.8.7 (IPv4)');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '4');
});

test('countdowns stop ticking while the window is hidden', async ({ page, preview }) => {
  await page.clock.install();
  toStartOfNextMinute(preview);
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '4');
  const text = page.locator('.gauge', { has: minuteMeter(page) }).locator('.gauge-reset');
  await page.clock.pauseAt(Date.now() + 1_000);
  const before = await text.textContent();

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(10_000);
  expect(await text.textContent()).toBe(before);

  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor(1_000);
  await expect(text).not.toHaveText(before ?? '');
});

// Month exhaustion (the gauge says Exhausted, the month alert its reset date, Try anyway sends one) is scripted once,
// with the lookup view's items, in ux-lookup.spec.ts ("4: at "0 of 10,000 left this month" …").

test.describe('a plan without a per-minute limit', () => {
  test.use({ previewPlan: { monthLimit: 1_000, minuteLimit: null } });

  test('shows "No per-minute limit" instead of a minute gauge', async ({ page, preview }) => {
    await preview.open(page);
    await lookUp(page, '1.1.1.1');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '999');
    await expect(monthMeter(page)).toHaveAttribute('aria-valuemax', '1000');
    await expect(page.getByText('No per-minute limit')).toBeVisible();
    await expect(minuteMeter(page)).toHaveCount(0);
  });
});

test('levels change wording, not only colour, and the month forecast is shown', async ({ page, preview }) => {
  toMidMonth(preview); // two hours on stay in the month, and the pace runs out before its reset
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 7_600 });
  await lookUp(page, '8.8.8.8');
  const gauge = page.locator('.gauge', { has: monthMeter(page) });
  await expect(gauge).toContainText('2,399 of 10,000 left this month');
  await expect(gauge).toContainText('Low');
  await expect(gauge).toContainText(/resets \w{3} \d{1,2}, 00:00 UTC/);
  await expect(gauge).toContainText(/updated (just now|\d+ seconds? ago)/);
  // Two hours and 1,500 requests later (made elsewhere): critical, and the pace says it runs out.
  preview.advance(2 * 3_600_000);
  preview.sim.setUsage(preview.apiKey, { month: 9_100 });
  await lookUp(page, '8.8.4.4');
  await expect(gauge).toContainText('Critical');
  const forecast = (await preview.core.handlers.getSnapshot()).quota.forecast;
  expect(forecast.kind).toBe('runs-out');
  const day =
    forecast.kind === 'runs-out'
      ? new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(forecast.runsOutAt)
      : '';
  await expect(gauge).toContainText(`At this pace the month quota runs out on ${day}.`);
});
