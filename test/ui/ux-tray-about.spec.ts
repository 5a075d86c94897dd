/**
 * Issue 16 ("The window and the tray as a demanding user meets them"): item 8 (the month gauge says "At risk"
 * when the forecast runs out before the reset; no forecast once exhausted) and the "Expected and missing"
 * section (clear cache / recent, pause notifications from the window, About). Screenshots go to
 * docs/screenshots/before-after/<name>-<before|after>-<light|dark>.png (UX_SHOTS=before on the code before a fix).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookUp, monthMeter, toMidMonth } from './ui-helpers';

const SHOTS = join(process.cwd(), 'docs', 'screenshots', 'before-after');
const WHEN = process.env.UX_SHOTS === 'before' ? 'before' : 'after';

test.use({ viewport: { width: 380, height: 640 } });

/** 380×640 light and dark shots of what is on screen, with `focus` scrolled into view (only with UX_SHOTS set). */
async function shoot(page: Page, name: string, focus?: ReturnType<Page['locator']>): Promise<void> {
  if (!process.env.UX_SHOTS) return; // UX_SHOTS=before|after writes them; plain runs leave docs/ alone
  mkdirSync(SHOTS, { recursive: true });
  if (focus) await focus.scrollIntoViewIfNeeded();
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({
      path: join(SHOTS, `${name}-${WHEN}-${colorScheme}.png`),
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const monthGauge = (page: Page) => page.locator('.gauge', { has: monthMeter(page) });

test('8: an OK month whose forecast runs out before the reset is badged "At risk", not a green "OK"', async ({
  page,
  preview,
}) => {
  toMidMonth(preview); // weeks before the reset, for the pace to run out before it
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 1_000 });
  await lookUp(page, '8.8.8.8');
  await expect(monthGauge(page)).toContainText('8,999 of 10,000 left this month');
  await expect(monthGauge(page).locator('.level-word')).toHaveText('OK');
  // Two hours and 1,000 requests later: 7,999 left (still "OK" by level), but at 12,000 a day it runs out
  // within the day — long before the reset.
  preview.advance(2 * 3_600_000);
  preview.sim.setUsage(preview.apiKey, { month: 2_000 });
  await lookUp(page, '8.8.4.4');
  await expect(monthGauge(page)).toContainText('7,999 of 10,000 left this month');
  await expect(monthGauge(page)).toContainText(/At this pace the month quota runs out on \w{3} \d{1,2}\./);
  await shoot(page, 'gauge-at-risk', monthGauge(page));
  const badge = monthGauge(page).locator('.level-word');
  await expect(badge).toHaveText('At risk');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuetext', /7,999 of 10,000 left this month, at risk/);
  // It reads as a warning, not as the green of "OK".
  const colour = await badge.evaluate((el) => getComputedStyle(el).color);
  const okColour = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--ok'));
  expect(colour).not.toBe(okColour.trim());
  expect(colour).not.toBe('rgb(46, 160, 67)');
});

test('8: at 0 of 10,000 the month is "Exhausted" and there is no run-out forecast', async ({ page, preview }) => {
  await preview.open(page);
  preview.sim.setUsage(preview.apiKey, { month: 9_000 });
  await lookUp(page, '8.8.8.8');
  await expect(monthGauge(page)).toContainText('999 of 10,000 left this month');
  preview.advance(2 * 3_600_000);
  preview.sim.setUsage(preview.apiKey, { month: 9_999 });
  await lookUp(page, '8.8.4.4');
  await expect(monthGauge(page)).toContainText('0 of 10,000 left this month');
  await expect(monthGauge(page).locator('.level-word')).toHaveText('Exhausted');
  await shoot(page, 'gauge-exhausted', monthGauge(page));
  await expect(monthGauge(page)).not.toContainText('At this pace');
  await expect(monthGauge(page).locator('.forecast')).toHaveCount(0);
  expect((await preview.core.handlers.getSnapshot()).quota.forecast).toEqual({ kind: 'unknown' });
});

const recentCard = (page: Page) => page.getByRole('region', { name: 'Recent lookups' });
async function openSettings(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
}

test('Settings → Data: "Clear cache" says what it frees, asks first, and the next lookup asks the service again', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9999');
  await lookUp(page, '1.1.1.1');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9998');
  await expect(recentCard(page)).toContainText('1.1.1.1');
  await openSettings(page);
  const clearCache = page.getByRole('button', { name: /^Clear cache \(2 answers, [\d.]+ (bytes|kB)\)$/ });
  await expect(clearCache).toBeVisible();
  await clearCache.scrollIntoViewIfNeeded();
  await shoot(page, 'settings-data');
  await clearCache.click();
  const confirm = page.getByRole('group', { name: 'Confirm clear cache' });
  await expect(confirm).toContainText(
    /Remove 2 cached answers \([\d.]+ (bytes|kB)\)\? Looking those addresses up again uses requests\./,
  );
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await shoot(page, 'settings-clear-cache-confirm');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(clearCache).toBeVisible(); // nothing cleared
  await clearCache.click();
  await confirm.getByRole('button', { name: 'Clear cache' }).click();
  await expect(page.getByText('Cleared 2 cached answers.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear cache (0 answers, 0 bytes)' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Clear recent list (0 addresses)' })).toBeDisabled();
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(recentCard(page)).toHaveCount(0);
  const sent = preview.sim.log.length;
  await lookUp(page, '8.8.8.8');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9997'); // asked the service
  expect(preview.sim.log.length).toBe(sent + 1);
});

test('Settings → Data: "Clear recent list" empties the list and keeps the answers cached', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await lookUp(page, '8.8.8.8');
  await expect(monthMeter(page)).toHaveAttribute('aria-valuenow', '9999');
  await expect(recentCard(page)).toContainText('8.8.8.8');
  await openSettings(page);
  await page.getByRole('button', { name: 'Clear recent list (1 address)' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm clear recent list' });
  await expect(confirm).toContainText('Remove 1 address from the recent list? Their answers stay cached.');
  await confirm.getByRole('button', { name: 'Clear recent list' }).click();
  await expect(page.getByText('Cleared the recent list. The answers stay cached.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Clear cache \(1 answer, / })).toBeEnabled();
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(recentCard(page)).toHaveCount(0);
  // The answer is still cached: looking it up again sends nothing.
  const sent = preview.sim.log.length;
  preview.advance(1_000);
  await lookUp(page, '8.8.8.8');
  await expect(recentCard(page)).toContainText('8.8.8.8');
  expect(preview.sim.log.length).toBe(sent);
});

test('Settings → Notifications: pause from the window, as from the tray menu, and resume', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await openSettings(page);
  const group = page.getByRole('group', { name: 'Pause notifications' });
  await expect(group).toContainText('Notifications are on.');
  await group.getByRole('button', { name: 'Pause for 1 hour' }).click();
  await expect(group).toContainText(/Paused until \d{1,2}:\d{2}/);
  const paused = (await preview.core.handlers.getSnapshot()).notifications.pausedUntil;
  expect(paused).not.toBeNull();
  expect(Math.abs(paused! - preview.clock.now() - 3_600_000)).toBeLessThan(60_000);
  await group.getByRole('button', { name: 'Resume notifications' }).click();
  await expect(group).toContainText('Notifications are on.');
  expect((await preview.core.handlers.getSnapshot()).notifications.pausedUntil).toBeNull();
});

test('About: version, the data folder (path and copy in the preview), the licences of what ships; from Settings and the tray', async ({
  page,
  preview,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await preview.open(page);
  await openSettings(page);
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
  await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Lookup Tray \d+\.\d+\.\d+$/ })).toBeVisible();
  await expect(page.locator('.data-path')).toHaveText(preview.dataDir);
  // The web preview cannot open folders: it says so and offers the path to copy.
  await expect(page.getByRole('button', { name: 'Open data folder' })).toHaveCount(0);
  await expect(page.getByText('This preview cannot open folders')).toBeVisible();
  await page.getByRole('button', { name: 'Copy path of the data folder' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(preview.dataDir);
  const table = page.getByRole('table');
  for (const name of ['react', 'react-dom', 'zod', 'pngjs', 'electron'])
    await expect(table.getByRole('row', { name: new RegExp(`^${name} [\\d.]+ MIT$`) })).toBeVisible();
  await shoot(page, 'about', page.getByRole('heading', { name: 'About Lookup Tray' }));
  await page.getByRole('button', { name: /Back/ }).click();
  await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toHaveCount(0);
  // The tray menu's "About Lookup Tray" opens the window on it.
  preview.core.emit('navigate', { view: 'about' });
  await expect(page.getByRole('heading', { name: 'About Lookup Tray' })).toBeVisible();
});
