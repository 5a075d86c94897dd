/**
 * A huge answer (6.7 MB: a 35 000-element array at the top level) must not freeze the window: the app core sends
 * the window a small summary marked too large (never the whole answer), so it shows at once with "Save as file…".
 * An answer over 8 MiB (19 MB) is not read to the end: a bad response, its beginning shown, nothing kept.
 */
import { expect, test } from './fixtures';
import { lookUp, result } from './ui-helpers';

test('a 6.7 MB answer shows at once as too large to show, and the window stays responsive', async ({
  page,
  preview,
}) => {
  test.setTimeout(60_000);
  await preview.open(page);
  preview.sim.setFaults({ hugeArray: 35_000 });
  const started = Date.now();
  await lookUp(page, '8.8.8.8');
  const message = result(page).getByText(/^This answer is \d+\.\d MB — too large to show here\.$/);
  await expect(message).toBeVisible({ timeout: 20_000 });
  const shown = Date.now() - started;
  // The window answers at once while it is on screen.
  const t0 = Date.now();
  await page.evaluate(() => 1);
  expect(Date.now() - t0).toBeLessThan(1_000);
  await expect(result(page).getByRole('button', { name: 'Save as file…' })).toBeVisible();
  // Nothing of the 20 MB reached the page: no tree, no records.
  await expect(result(page).getByRole('tree', { name: 'Full response' })).toHaveCount(0);
  expect(await result(page).locator('li').count()).toBe(0);
  await page.screenshot({ path: '.tmp/screens/large-answer.png' });
  console.log(`[large answer] shown ${shown} ms after Enter`);
});

test('a 19 MB answer is a bad response: not read past 8 MiB, its beginning shown, nothing to save', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  preview.sim.setFaults({ hugeArray: 100_000 });
  await lookUp(page, '8.8.8.8');
  await expect(result(page).getByText('The service sent an answer Lookup Tray does not understand')).toBeVisible();
  await expect(result(page).getByText(/the body was larger than 8 MiB; it was not read to the end/)).toBeVisible();
  await expect(result(page).getByRole('button', { name: 'Save as file…' })).toHaveCount(0);
  await expect(result(page).getByLabel('Raw response', { exact: true })).toContainText('"ip":"8.8.8.8"');
});
