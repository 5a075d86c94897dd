/**
 * "Save as file…" for an answer too large to show: the preview hands it, whole, to the browser as a download
 * (it used to be written into the preview's temporary data folder without a word).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { lookUp, result } from './ui-helpers';

test('a too-large answer offers Save as file…, which downloads the full JSON; the data folder keeps no copy', async ({
  page,
  preview,
}) => {
  test.setTimeout(60_000);
  await preview.open(page);
  preview.sim.setFaults({ hugeArray: 20_000 });
  await lookUp(page, '8.8.8.8');
  await expect(result(page).getByText(/^This answer is \d+\.\d MB — too large to show here\.$/)).toBeVisible({
    timeout: 20_000,
  });
  const save = result(page).getByRole('button', { name: 'Save as file…' });
  await expect(save).toBeVisible();
  const download = page.waitForEvent('download');
  await save.click();
  const file = await download;
  const status = result(page).getByRole('status');
  await expect(status).toHaveText(
    /^Downloaded as answer-8\.8\.8\.8-\d{8}-\d{6}\.json \(see your browser's downloads\)\.$/,
  );
  await page.screenshot({ path: '.tmp/screens/too-large.png' });

  expect(file.suggestedFilename()).toMatch(/^answer-8\.8\.8\.8-\d{8}-\d{6}\.json$/);
  const saved = JSON.parse(readFileSync(await file.path(), 'utf8')) as { n: number }[];
  expect(saved).toHaveLength(20_000);
  expect(saved.map((r) => r.n)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  expect(await status.textContent()).toBe(`Downloaded as ${file.suggestedFilename()} (see your browser's downloads).`);
  await expect.poll(() => readdirSync(preview.dataDir).filter((f) => f.startsWith('answer-'))).toEqual([]);
});
