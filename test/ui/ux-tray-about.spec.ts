/**
 * Issue 16 ("The window and the tray as a demanding user meets them"): item 8 (the month gauge says "At risk"
 * when the forecast runs out before the reset; no forecast once exhausted) and the "Expected and missing"
 * section (clear cache / recent, pause notifications from the window, About). Screenshots go to
 * docs/screenshots/issue16/<name>-<before|after>-<light|dark>.png (UX_SHOTS=before on the code before a fix).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookUp, monthMeter } from './ui-helpers';

const SHOTS = join(process.cwd(), 'docs', 'screenshots', 'issue16');
const WHEN = process.env.UX_SHOTS === 'before' ? 'before' : 'after';

test.use({ viewport: { width: 380, height: 640 } });

/** 380×640 light and dark shots of what is on screen, with `focus` scrolled into view. */
async function shoot(page: Page, name: string, focus?: ReturnType<Page['locator']>): Promise<void> {
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
