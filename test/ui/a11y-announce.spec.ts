/**
 * Issue 27, announcements: a polite live region says when a minute countdown starts and when it ends — not each
 * second of it — and when the month's level changes; each lookup's result or error is said once; a bulk job's
 * progress at most every 10 %.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { ipField, lookUp, result } from './ui-helpers';

/**
 * Starts recording every text the live region `id` takes, in order (read back with said()). The region need not
 * exist yet: the recorder watches the whole document, so it is listening before whatever makes the region appear.
 */
async function record(page: Page, id: string): Promise<() => Promise<string[]>> {
  await page.evaluate((id) => {
    const said: string[] = [];
    (window as unknown as Record<string, string[]>)[`said-${id}`] = said;
    new MutationObserver((records) => {
      const el = document.getElementById(id);
      // A change inside the region, or the region arriving (with whatever it says from the start).
      const touched = (r: MutationRecord) =>
        el && (el.contains(r.target) || [...r.addedNodes].some((n) => n.contains(el)));
      if (el && records.some(touched)) said.push(el.textContent ?? '');
    }).observe(document.body, { childList: true, characterData: true, subtree: true });
  }, id);
  return () =>
    page.evaluate((id) => ((window as unknown as Record<string, string[]>)[`said-${id}`] ?? []).filter((t) => t), id);
}

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
  test('a month used up is announced as the month, not as a minute limit', async ({ page, preview }) => {
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await lookUp(page, '8.8.8.8');
    preview.sim.setUsage(preview.apiKey, { month: 1_000 });
    await lookUp(page, '1.1.1.1');
    await expect(result(page)).toContainText(/month/i);
    await expect(page.locator('#quota-announcer')).toHaveText(
      'Month quota used up: lookups are refused until it resets.',
    );
  });
});

test('each lookup is said once when it ends — the result in a sentence, or what went wrong', async ({
  page,
  preview,
}) => {
  await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
  const region = page.locator('#lookup-announcer');
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region).toHaveText('');
  const said = await record(page, 'lookup-announcer');
  await lookUp(page, '8.8.8.8');
  await expect(result(page)).toContainText('8.8.8.8 (IPv4)');
  await expect(region).toHaveText(/^8\.8\.8\.8: .+, .+ — .+\. From the network\.$/);
  // The result ages ("fetched 2 minutes ago") and the window re-renders: nothing more is said.
  preview.advance(120_000);
  await page.waitForTimeout(1_500);
  expect(await said()).toHaveLength(1);

  preview.sim.setFaults({ status500: true });
  await lookUp(page, '1.2.3.4');
  await expect(result(page)).toContainText('The service had a problem (500)');
  await expect(region).toHaveText(/^Lookup failed: /);
  preview.sim.clearFaults();
  // The same address again, from the cache: said again (a new lookup), saying where it came from.
  await lookUp(page, '8.8.8.8');
  await expect(region).toHaveText(/^8\.8\.8\.8: .+\. From cache\.$/);
  expect(await said()).toHaveLength(3);
});

test.describe('bulk', () => {
  // A plan of 7 a minute: the job sends 6 of each window (one slot is kept for single lookups) and then waits for the
  // next; the test moves the service's clock a window at a time, so the job advances in steps of 10 % whatever the
  // machine's speed, and every step is on screen before the next begins.
  test.use({ previewPlan: { monthLimit: 10_000, minuteLimit: 7 } });
  test("a bulk job's progress is said at most every 10 %, then its end", async ({ page, preview }) => {
    test.setTimeout(120_000); // ten windows, each a round trip through the core and the page
    await preview.open(page, { waitFor: (p) => ipField(p).waitFor() });
    await page.getByRole('button', { name: 'Bulk', exact: true }).click();
    await page.getByLabel(/Addresses/).fill(Array.from({ length: 60 }, (_, i) => `82.82.82.${i + 1}`).join('\n'));
    await page.getByRole('button', { name: 'Check cost' }).click();
    const cost = page.getByRole('region', { name: 'Cost before sending' });
    await expect(cost).toContainText('60 unique addresses');
    // The recorder listens before the job exists (it watches the document), so no announcement can slip past it.
    const said = await record(page, 'bulk-announcer');
    await cost.getByRole('button', { name: /^Start/ }).click();
    const job = page.getByRole('region', { name: 'Bulk job', exact: true });
    const done = async () => Number(/([\d,]+) done/.exec((await job.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? 0);
    for (let before = await done(), step = 0; before < 60 && step < 20; before = await done(), step++) {
      // A window ends: the job sends what the next allows (at most 7 answers, under 12 %), and the screen shows it.
      preview.advance(61_000);
      await expect.poll(done, { timeout: 15_000 }).toBeGreaterThan(before);
    }
    await expect(job.getByRole('heading')).toContainText('Finished', { timeout: 15_000 });
    await expect(page.locator('#bulk-announcer')).toHaveText('Bulk job finished: 60 of 60 looked up.');
    const texts = await said();
    const progress = texts.filter((t) => /% done/.test(t));
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.length).toBeLessThanOrEqual(9);
    const percents = progress.map((t) => Number(/(\d+) % done/.exec(t)?.[1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(percents).size).toBe(percents.length);
    for (const p of percents) expect(p % 10).toBe(0);
    expect(texts.at(-1)).toBe('Bulk job finished: 60 of 60 looked up.');
  });
});
