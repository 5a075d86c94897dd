/**
 * Helpers of the ux specs (the window and the tray as a demanding user meets them): screenshots
 * into .tmp/screens/ux-<when>-<name>[-light|-dark].png (UX_SHOTS=before when run on the code before a fix;
 * default "after") and a minute 429.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import type { Preview } from './fixtures';
import { lookUp, minuteMeter } from './ui-helpers';

const DIR = join(process.cwd(), '.tmp', 'screens');
const WHEN = process.env.UX_SHOTS === 'before' ? 'before' : 'after';

export async function shoot(
  page: Page,
  name: string,
  opts: { dark?: boolean; fullPage?: boolean } = {},
): Promise<void> {
  mkdirSync(DIR, { recursive: true });
  for (const colorScheme of opts.dark ? (['light', 'dark'] as const) : (['light'] as const)) {
    await page.emulateMedia({ colorScheme });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({
      path: join(DIR, `ux-${WHEN}-${name}${opts.dark ? `-${colorScheme}` : ''}.png`),
      fullPage: opts.fullPage ?? false,
      animations: 'disabled',
      caret: 'hide',
    });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/**
 * Gets a minute 429 from the service: the app learns the plan (5 a minute) from one lookup, another client
 * spends the rest of the minute behind its back, and the next lookup is refused by the service. (Spending the
 * minute through the app would not do: at a known 0 left it sends nothing.)
 */
export async function hitMinuteLimit(page: Page, preview: Preview): Promise<void> {
  await lookUp(page, '8.8.8.8');
  await expect(minuteMeter(page)).toHaveAttribute('aria-valuenow', '4');
  preview.sim.setUsage(preview.apiKey, { minute: 5 });
  await lookUp(page, '8.8.4.4');
  await expect(page.getByRole('alert').filter({ hasText: 'Minute limit reached' })).toBeVisible();
  expect(preview.sim.log.at(-1)?.status).toBe(429);
}
