/**
 * Issue "The window and the tray as a demanding user meets them", the lookup view: items 4, 5, 6, 7, 15 and 20.
 * Screenshots (380×640, light and dark): with UX_SHOTS=before (on the code before a change) or UX_SHOTS=after, into
 * docs/screenshots/before-after/lookup-<name>-<before|after>-<scheme>.png; otherwise into .tmp/screens/before-after/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { nextMonthBoundary } from '../../shared/quota';
import { expect, test } from './fixtures';
import {
  infoRequests,
  ipField,
  lookUp,
  lookUpButton,
  minuteMeter,
  monthMeter,
  result,
  toStartOfNextMinute,
} from './ui-helpers';

test.use({ viewport: { width: 380, height: 640 } });

// Into docs/ only when asked for (UX_SHOTS=before|after), so that an ordinary run leaves the checkout clean.
const WHEN = process.env.UX_SHOTS === 'before' ? 'before' : 'after';
const SHOTS = process.env.UX_SHOTS
  ? join(process.cwd(), 'docs', 'screenshots', 'before-after')
  : join(process.cwd(), '.tmp', 'screens', 'before-after');

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({
      path: join(SHOTS, `lookup-${name}-${WHEN}-${colorScheme}.png`),
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const minuteAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
const monthAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'Monthly quota exhausted' });

test('4: at "0 of 5 left this minute" Look up is held back until the minute resets; nothing is sent', async ({
  page,
  preview,
}) => {
  toStartOfNextMinute(preview);
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { minute: 4 });
  await lookUp(page, '8.8.8.8');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0 of 5 left this minute')).toBeVisible();
  await ipField(page).fill('8.8.4.4');
  await shoot(page, '4-minute-zero');

  // The same cooldown as after a 429: the alert with its countdown and "Try anyway", Look up disabled.
  await expect(minuteAlert(page)).toContainText(/Minute limit reached — resets in 0:[0-5]\d/);
  await expect(lookUpButton(page)).toBeDisabled();
  const sent = infoRequests(preview);
  await ipField(page).press('Enter');
  expect(infoRequests(preview)).toBe(sent);
  expect(preview.sim.log.some((l) => l.status === 429)).toBe(false);

  // The minute ends on the service's clock (the app's estimate of it errs late by up to the Date header's
  // second): Look up works again and is sent.
  preview.advance(60_000 - (preview.clock.now() % 60_000) + 1_000);
  await expect(minuteAlert(page)).toHaveCount(0);
  await expect(lookUpButton(page)).toBeEnabled();
  await lookUp(page, '8.8.4.4');
  await expect(result(page)).toContainText('8.8.4.4 (IPv4)');
  expect(infoRequests(preview)).toBe(sent + 1);
});

test('4: at "0 of 10,000 left this month" the gauge says Exhausted with the month alert and its reset date; Look up is held back until the month resets; Try anyway sends one', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 9_999 });
  await lookUp(page, '8.8.8.8');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '0');
  await expect(page.getByText('0 of 10,000 left this month')).toBeVisible();
  await expect(page.locator('.gauge', { has: monthMeter(page) })).toContainText('Exhausted');
  await ipField(page).fill('1.1.1.1');
  await shoot(page, '4-month-zero');

  const reset = new Date(nextMonthBoundary(preview.clock.now()));
  const month = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(reset);
  await expect(monthAlert(page)).toContainText(`(${month} 1, 00:00 UTC)`);
  await expect(monthAlert(page)).toContainText(
    new RegExp(
      `Monthly quota exhausted — resets in \\d+ (d|h)[^()]*\\(${month} 1, 00:00 UTC\\)\\. Upgrade your plan or wait\\.`,
    ),
  );
  await expect(lookUpButton(page)).toBeDisabled();

  // Enter during the cooldown sends nothing; "Try anyway" sends exactly one.
  const sent = infoRequests(preview);
  await ipField(page).press('Enter');
  expect(infoRequests(preview)).toBe(sent);

  await monthAlert(page).getByRole('button', { name: 'Try anyway' }).click();
  await expect.poll(() => infoRequests(preview)).toBe(sent + 1);
  expect(preview.sim.log.at(-1)?.status).toBe(429);
  await expect(monthAlert(page)).toBeVisible();
  await expect(monthAlert(page)).toContainText('Still limited (checked just now)');
});

test('5: "Try anyway" asks the service even for an address in the cache, and says "Still limited (checked just now)"', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 9_999 });
  await lookUp(page, '8.8.8.8'); // the last request of the month; 8.8.8.8 is now in the cache
  await expect(monthAlert(page)).toBeVisible();
  await expect(ipField(page)).toHaveValue('8.8.8.8');
  const sent = infoRequests(preview);
  await monthAlert(page).getByRole('button', { name: 'Try anyway' }).click();
  await expect(result(page)).toContainText(/Still limited|8\.8\.8\.8 \(IPv4\)/);
  await shoot(page, '5-try-anyway');
  await expect.poll(() => infoRequests(preview)).toBe(sent + 1);
  expect(preview.sim.log.at(-1)?.status).toBe(429);
  await expect(monthAlert(page)).toContainText('Still limited (checked just now)');
  await expect(result(page)).toContainText('Still limited (checked just now)');
  // The first 429 this address met: "tried anyway", not "refused again" (it was never refused before).
  await expect(result(page)).toContainText('Tried anyway: the service refused it (429).');
  await expect(result(page)).not.toContainText('again');
});

test('6: a recent lookup whose cached answer expired is shown as kept, with its age and Refresh; the click sends nothing', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await lookUp(page, '1.1.1.1');
  await expect(result(page)).toContainText('1.1.1.1 (IPv4)');
  const recent = page.getByRole('region', { name: 'Recent lookups' });
  await expect(recent.getByRole('button', { name: /8\.8\.8\.8/ })).toBeVisible();

  // A day and a bit later (the cache keeps answers 24 hours), with the window still open.
  preview.advance(25 * 3_600_000);
  const sent = infoRequests(preview);
  await recent.getByRole('button', { name: /8\.8\.8\.8/ }).click();
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await shoot(page, '6-expired-recent');
  await expect(result(page)).toContainText(/Kept answer · fetched (1 day ago|yesterday) — may be out of date/);
  expect(infoRequests(preview)).toBe(sent);

  // Refresh is the choice, as everywhere else: it sends one.
  await result(page).getByRole('button', { name: 'Refresh (uses 1 request)' }).click();
  await expect(result(page)).toContainText('From the network');
  expect(infoRequests(preview)).toBe(sent + 1);
});

test('7: a private address asks before a request is spent on it; Cancel sends nothing, "Look up anyway" sends one', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  const sent = infoRequests(preview);
  await lookUp(page, '192.168.1.20');
  await expect(result(page)).toContainText('192.168.1.20');
  await shoot(page, '7-private');
  const ask = result(page).getByRole('group', { name: 'Look up 192.168.1.20?' });
  await expect(ask).toContainText('A private address: the service may know little about it. Nothing has been sent yet');
  await expect(ask.getByRole('button', { name: 'Look up anyway (uses 1 request)' })).toBeFocused();
  expect(infoRequests(preview)).toBe(sent);

  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toHaveCount(0);
  expect(infoRequests(preview)).toBe(sent);

  // Loopback, asked again; this time looked up.
  await lookUp(page, '127.0.0.1');
  const again = result(page).getByRole('group', { name: 'Look up 127.0.0.1?' });
  await expect(again).toContainText('A loopback address');
  await again.getByRole('button', { name: 'Look up anyway (uses 1 request)' }).click();
  await expect(result(page)).toContainText('127.0.0.1 (IPv4)');
  expect(infoRequests(preview)).toBe(sent + 1);

  // Kept in the cache now: shown at once, free, without asking.
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await lookUp(page, '127.0.0.1');
  await expect(result(page)).toContainText('From cache');
  expect(infoRequests(preview)).toBe(sent + 2);
});

test('7: a reserved address says "Reserved address" once, not "Reserved address (reserved)"', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '2001:db8::1');
  await expect(result(page)).toContainText('2001:db8::1');
  await shoot(page, '7-reserved');
  const ask = result(page).getByRole('group', { name: 'Look up 2001:db8::1?' });
  await expect(ask).toContainText('A reserved address: the service may know little about it.');
  await ask.getByRole('button', { name: 'Look up anyway (uses 1 request)' }).click();
  await expect(result(page)).toContainText('2001:db8::1 (IPv6)');
  const type = result(page).locator('.fact').filter({ hasText: 'Address type' });
  await expect(type.locator('dd > span')).toHaveText('Reserved address');
  await expect(result(page)).not.toContainText('(reserved)');
  await shoot(page, '7-reserved-answer');
});

test('15: every fact has a copy button that copies what is shown; JSON toggles are named after their keys; Expand all; Map', async ({
  page,
  preview,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  const region = result(page);
  await expect(region).toContainText('8.8.8.8 (IPv4)');
  await shoot(page, '15-facts');

  // One copy button per fact, each named after it.
  const facts = region.locator('.fact');
  const labels = await facts.locator('dt').allTextContents();
  expect(labels).toEqual(expect.arrayContaining(['Address type', 'Local time', 'Security']));
  for (const label of labels) await expect(region.getByRole('button', { name: `Copy ${label}` })).toHaveCount(1);
  // "Local time" copies the time it shows (15:53), not an ISO timestamp.
  const shown = await facts.filter({ hasText: 'Local time' }).locator('dd > span').textContent();
  expect(shown).toMatch(/^\d{2}:\d{2}$/);
  await region.getByRole('button', { name: 'Copy Local time' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await region.getByRole('button', { name: 'Copy Address type' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Public address');

  // The tree's toggles say which key they open or close.
  const tree = region.getByRole('tree', { name: 'Full response' });
  await expect(tree.getByRole('button', { name: 'Collapse data' })).toBeVisible();
  await expect(tree.getByRole('button', { name: 'Expand location' })).toBeVisible();
  await tree.getByRole('button', { name: 'Expand location' }).click();
  await expect(tree.getByRole('button', { name: 'Collapse location' })).toBeVisible();
  // Expand all opens every level (the country's currencies are three levels below data).
  await expect(tree.getByRole('button', { name: 'Expand currencies' })).toHaveCount(0);
  await region.getByRole('button', { name: 'Expand all' }).click();
  await expect(tree.getByRole('button', { name: 'Collapse currencies' })).toBeVisible();
  await expect(tree.getByRole('button', { name: /^Expand / })).toHaveCount(0);
  await tree.getByRole('button', { name: 'Collapse currencies' }).scrollIntoViewIfNeeded();
  await shoot(page, '15-expanded');
  await region.getByRole('button', { name: 'Collapse all' }).click();
  await expect(tree.getByRole('button', { name: 'Expand location' })).toBeVisible();

  // Coordinates open OpenStreetMap through the core's allow-list, in one fixed link shape.
  await region.getByRole('button', { name: 'Map: open the coordinates in OpenStreetMap' }).click();
  await expect
    .poll(() => preview.opened)
    .toEqual(['https://www.openstreetmap.org/?mlat=37.4223&mlon=-122.085#map=12/37.4223/-122.085']);
});
