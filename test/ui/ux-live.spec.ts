/**
 * Issue "The window and the tray as a demanding user meets them", item 18: a screen reader hears the limit
 * once; the countdown that ticks every second is kept out of every live region.
 */
import { expect, test } from './fixtures';
import { toStartOfNextMinute } from './ui-helpers';
import { hitMinuteLimit, shoot } from './ux-shots';

test('18: the minute limit is announced once; the ticking countdown is outside the live region', async ({
  page,
  preview,
}) => {
  await page.clock.install();
  toStartOfNextMinute(preview, 5_000);
  await preview.open(page);
  await hitMinuteLimit(page, preview);
  const alert = page.getByRole('alert').filter({ hasText: 'Minute limit reached' });
  await expect(alert).toHaveText(/resets in 0:[0-5]\d/);
  const live = page.locator('[role="alert"], [role="status"], [aria-live]:not([aria-live="off"])');
  const spoken = async (): Promise<string[]> => {
    const out: string[] = [];
    for (const l of await live.all()) out.push(await l.ariaSnapshot());
    return out;
  };
  const text1 = await alert.textContent();
  const said1 = await spoken();
  // Said once: what happened and when it lifts, in words that do not tick.
  expect(said1.join('\n')).toMatch(/Minute limit reached — resets in about \d+ seconds, at \d/);
  await expect(alert.getByText(/resets in 0:\d\d$/)).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(alert).not.toHaveText(text1 ?? '');
  expect(await spoken()).toEqual(said1);
  await shoot(page, '18-countdown');
});
