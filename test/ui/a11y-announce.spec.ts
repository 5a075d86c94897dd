/**
 * Issue 27, announcements: a polite live region says when a minute countdown starts and when it ends — not each
 * second of it — and when the month's level changes.
 */
import { expect, test } from './fixtures';
import { ipField, lookUp } from './ui-helpers';

test('a 429 countdown is announced at its start and its end only', async ({ page, preview }) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  const region = page.locator('#quota-announcer');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText(''); // nothing said for the state the window opens with
  // Every text the region takes, in order.
  await page.evaluate(() => {
    const el = document.getElementById('quota-announcer')!;
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
  preview.sim.setUsage(preview.apiKey, { minute: 5 });
  await lookUp(page, '8.8.4.4');
  await expect(page.getByRole('alert').filter({ hasText: 'Minute limit reached' })).toBeVisible();
  await expect(region).toHaveText(/^Minute limit reached: lookups resume in about \d+ seconds\.$/);
  await page.waitForTimeout(2_500); // the visible countdown ticks; the region does not
  preview.advance(61_000);
  await expect(region).toHaveText('Minute limit has reset: you can look up again.');
  const said = await page.evaluate(() => (window as unknown as { said: string[] }).said.filter((t) => t));
  expect(said).toHaveLength(2);
});

test.describe('month', () => {
  test.use({ previewPlan: { monthLimit: 1_000, minuteLimit: null } });
  test('a month level change is announced with what is left', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await lookUp(page, '8.8.8.8');
    preview.sim.setUsage(preview.apiKey, { month: 800 });
    await lookUp(page, '1.1.1.1');
    await expect(page.locator('#quota-announcer')).toHaveText('Month quota running low: 199 of 1,000 left.');
  });
});
