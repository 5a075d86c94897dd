/** First run: base URL + API key, verification choices, and the demo, in Chromium against the real core. */
import { expect, type Preview, test } from './fixtures';
import { infoRequests, ipField, storedKey } from './ui-helpers';

test.use({ previewSetup: 'first-run', previewKey: 'FAKE-onboarding-key-5555-6666-7777' });

type Page = import('@playwright/test').Page;
const keyField = (page: Page) => page.getByLabel('API key', { exact: true });

/** Opens the first-run screen and types a base URL and a key into it (nothing saved yet). */
async function openAndFill(page: Page, preview: Preview, baseUrl: string, key: string): Promise<void> {
  await preview.open(page);
  await page.getByLabel('Base URL').fill(baseUrl);
  await keyField(page).fill(key);
}

test('the first-run screen asks for the base URL and key, explains where the key goes, and offers the demo', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  await expect(page.getByLabel('Base URL')).toBeVisible();
  await expect(keyField(page)).toHaveAttribute('type', 'password');
  // The preview keeps keys in memory (no keychain behind it), and says so.
  await expect(keyField(page)).toHaveAccessibleDescription(/Kept in memory for this preview session/);
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try demo' })).toBeVisible();

  await keyField(page).fill('abc');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(keyField(page)).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide' }).click();
  await expect(keyField(page)).toHaveAttribute('type', 'password');
});

test('saving a pasted key (with spaces and a newline) lands on the lookup view; the key is then gone from the page', async ({
  page,
  preview,
}) => {
  await openAndFill(page, preview, `${preview.sim.url}/v2/info?ip=1.1.1.1`, `  ${preview.apiKey}\n `);
  await expect(keyField(page)).toHaveValue(preview.apiKey);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(ipField(page)).toBeVisible();
  await expect(ipField(page)).toBeFocused();
  expect(await storedKey(preview)).toBe(preview.apiKey);
  expect((await preview.core.handlers.getSnapshot()).settings.baseUrl).toBe(preview.sim.url);
  const html = await page.evaluate(() => document.documentElement.outerHTML);
  expect(html).not.toContain(preview.apiKey);

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(`••••••${preview.apiKey.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(/kept in memory for this preview session/)).toBeVisible();
});

test('Settings opened the moment the first run ends stays open when the save’s own answer comes later', async ({
  page,
  preview,
}) => {
  await openAndFill(page, preview, preview.sim.url, preview.apiKey);
  // The snapshot the save asks for next is held back: the core's pushed snapshot ends the first run before it.
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  let holding = true;
  await page.route('**/api/getSnapshot', async (route) => {
    if (holding) {
      holding = false;
      await held;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(ipField(page)).toBeVisible();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(`••••••${preview.apiKey.slice(-4)}`)).toBeVisible();

  const answered = page.waitForResponse('**/api/getSnapshot');
  release();
  await answered;
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await expect(page.getByText(`••••••${preview.apiKey.slice(-4)}`)).toBeVisible();
  await expect(ipField(page)).toBeHidden();
});

test('an invalid base URL is refused inline and nothing is saved', async ({ page, preview }) => {
  await openAndFill(page, preview, 'http://api.example.com', preview.apiKey);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('Base URL')).toHaveAccessibleDescription(/https:\/\//);
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  expect(await storedKey(preview)).toBeNull();
});

test('a key the service does not know is rejected with a message, and the user stays on the first-run screen', async ({
  page,
  preview,
}) => {
  await openAndFill(page, preview, preview.sim.url, 'FAKE-not-a-known-key-0000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(keyField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.field-error').filter({ hasText: /\S/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  expect(await storedKey(preview)).toBeNull();
});

test('without a free status check, verifying asks first: "Verify (uses 1 request)" spends exactly one', async ({
  page,
  preview,
}) => {
  preview.sim.setStatusEndpoint(false);
  await openAndFill(page, preview, preview.sim.url, preview.apiKey);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/uses 1 request/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save without verifying' })).toBeVisible();
  expect(infoRequests(preview)).toBe(0);
  await page.getByRole('button', { name: 'Verify (uses 1 request)' }).click();
  await expect(ipField(page)).toBeVisible();
  expect(infoRequests(preview)).toBe(1);
  expect(await storedKey(preview)).toBe(preview.apiKey);
});

test('Try demo opens the lookup view labelled DEMO, and Leave demo returns to the first-run screen', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Try demo' }).click();
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await expect(ipField(page)).toBeVisible();
  await page.getByRole('button', { name: /Fast-forward/ }).click();
  await expect(page.getByRole('menuitem', { name: '1 month' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Leave demo' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  expect(preview.sim.log).toHaveLength(0);
});
