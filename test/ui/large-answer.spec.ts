/**
 * A huge answer (20 MB: a 100 000-element array at the top level) must not freeze the window: the tree shows
 * large arrays collapsed and in pages of 100, and nothing re-serialises the body while a countdown ticks.
 */
import { expect, test } from './fixtures';
import { lookUp, result } from './ui-helpers';

test('a 20 MB answer shows at once, collapsed and paged, and the window stays responsive', async ({
  page,
  preview,
}) => {
  test.setTimeout(60_000);
  await preview.open(page);
  preview.sim.setFaults({ hugeArray: 100_000 });
  const started = Date.now();
  await lookUp(page, '8.8.8.8');
  const tree = result(page).getByRole('tree', { name: 'Full response' });
  await expect(tree).toBeVisible({ timeout: 20_000 });
  const shown = Date.now() - started;
  // The window answers at once while it is on screen.
  const t0 = Date.now();
  await page.evaluate(() => 1);
  expect(Date.now() - t0).toBeLessThan(1_000);
  await expect(tree.getByText('[0 … 9,999]:', { exact: true })).toBeVisible();
  // Open one page: 100 records, not 100 000.
  await tree.getByText('[0 … 9,999]:', { exact: true }).click();
  await tree.getByText('[0 … 99]:', { exact: true }).click();
  await expect(tree.getByRole('treeitem', { name: /^expand JSON\{\.\.\.\},?$/ })).toHaveCount(100);
  expect(await tree.locator('li').count()).toBeLessThan(1_000);
  await page.screenshot({ path: '.tmp/screens/large-answer.png' });
  console.log(`[large answer] shown ${shown} ms after Enter`);
});
