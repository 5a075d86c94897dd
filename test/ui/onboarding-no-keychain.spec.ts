/** First run on a machine without a system keychain: a clear message, and the session-only choice. */
import { expect, test } from './fixtures';
import { ipField } from './ui-helpers';

test.use({ previewSetup: 'first-run', previewKeychain: 'unavailable' });

test('without a keychain the first-run screen says so, and the key can be kept for this session only', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await expect(page.getByText(/No system keychain found/).first()).toBeVisible();
  await page.getByLabel('Base URL').fill(preview.sim.url);
  await page.getByLabel('API key', { exact: true }).fill(preview.apiKey);
  await page.getByRole('button', { name: 'Save' }).click();
  // Not saved without the explicit choice: never a plaintext fallback.
  await expect(page.getByText(/Keep the key in memory for this session only/).first()).toBeVisible();
  await expect(ipField(page)).toBeHidden();
  await page.screenshot({ path: '.tmp/screens/20-no-keychain.png' });
  await page.getByLabel('Keep the key in memory for this session only').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(ipField(page)).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(/kept in memory for this session only/)).toBeVisible();
  const snap = await preview.core.handlers.getSnapshot();
  expect(snap.key).toMatchObject({ hasKey: true, storage: 'memory' });
});
