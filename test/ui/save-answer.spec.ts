/**
 * "Save as file…" for an answer too large to show: the preview's port writes it into the data folder, whole.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { lookUp, result } from './ui-helpers';

test('a too-large answer offers Save as file…, which writes the full JSON into the data folder', async ({
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
  await save.click();
  const status = result(page).getByRole('status');
  await expect(status).toHaveText(/^Saved to .*answer-8\.8\.8\.8-\d{8}-\d{6}\.json$/);
  await page.screenshot({ path: '.tmp/screens/too-large.png' });

  const files = readdirSync(preview.dataDir).filter((f) => /^answer-8\.8\.8\.8-\d{8}-\d{6}\.json$/.test(f));
  expect(files).toHaveLength(1);
  const saved = JSON.parse(readFileSync(join(preview.dataDir, files[0]!), 'utf8')) as { n: number }[];
  expect(saved).toHaveLength(20_000);
  expect(saved.map((r) => r.n)).toEqual(Array.from({ length: 20_000 }, (_, i) => i));
  expect(await status.textContent()).toBe(`Saved to ${join(preview.dataDir, files[0]!)}`);
});
