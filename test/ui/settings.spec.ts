/** The Settings view: every change reaches the core at once; errors per field; the key replaced or removed. */
import { expect, test } from './fixtures';
import { expectedData, storedKey } from './ui-helpers';

test('changed settings reach the core when saved', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();

  await page.getByLabel('Month: low').fill('30');
  await page.getByLabel('Minute limit reached').check();
  await page.getByRole('combobox', { name: 'Unit' }).selectOption('minutes');
  await page.getByLabel('Keep results for').fill('60');
  await page.getByLabel('Language of results').selectOption('de');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  const s = (await preview.core.handlers.getSnapshot()).settings;
  expect(s.thresholds.monthLow).toBe(30);
  expect(s.notifications.minuteHit).toBe(true);
  expect(s.cache.ttlMinutes).toBe(60);
  expect(s.answerLanguage).toBe('de');
  // Untouched settings are unchanged.
  expect(s.thresholds.monthCritical).toBe(10);
  expect(s.baseUrl).toBe(preview.sim.url);

  // The next lookup already uses the new language (no restart).
  await page.getByRole('button', { name: /Back/ }).click();
  await page.getByLabel('IP address').fill('8.8.8.8');
  await page.getByLabel('IP address').press('Enter');
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8 (IPv4)');
  const german = expectedData('8.8.8.8', 'de').country;
  expect(german).not.toBe(expectedData('8.8.8.8').country);
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText(german);
});

test('invalid values are explained next to their field and nothing is saved', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Base URL').fill('ftp://files.example.com');
  await page.getByLabel('Month quota resets on day').fill('');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Base URL')).toHaveAccessibleDescription(/https:\/\//);
  await expect(page.getByLabel('Month quota resets on day')).toHaveAccessibleDescription(/whole number/);
  expect((await preview.core.handlers.getSnapshot()).settings.baseUrl).toBe(preview.sim.url);

  // Out of range: refused before sending.
  await page.getByLabel('Base URL').fill(preview.sim.url);
  await page.getByLabel('Month quota resets on day').fill('40');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Month quota resets on day')).toHaveAccessibleDescription(/from 1 to 28/);
  expect((await preview.core.handlers.getSnapshot()).settings.monthResetDay).toBe(1);

  // A combination only the core checks ("critical" must be below "low") comes back as that field's message.
  await page.getByLabel('Month quota resets on day').fill('15');
  await page.getByLabel('Month: critical').fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByLabel('Month: critical')).toHaveAccessibleDescription(/must be below/);
  await expect(page.getByLabel('Month: critical')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Month quota resets on day')).toHaveAttribute('aria-invalid', 'false');
  const s = (await preview.core.handlers.getSnapshot()).settings;
  expect(s.thresholds.monthCritical).toBe(10);
  expect(s.monthResetDay).toBe(1);
});

test('one save marks every wrong field, a range and "critical" above "low" together', async ({ page, preview }) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Month quota resets on day').fill('40');
  await page.getByLabel('Month: critical').fill('30');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Nothing was saved: correct the marked fields, then save again.')).toBeVisible();
  await expect(page.getByLabel('Month quota resets on day')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Month: critical')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Month: critical')).toHaveAccessibleDescription(/must be below "low" \(25 %\)/);
  expect((await preview.core.handlers.getSnapshot()).settings.thresholds.monthCritical).toBe(10);
});

test('a shortcut that cannot be registered is explained next to its field, not refused as a bad request', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Global shortcut').press('K');
  await expect(page.getByLabel('Global shortcut')).toHaveAccessibleDescription(/needs Ctrl, Alt or Super/);
  await page.getByLabel('Global shortcut').press('Shift+K');
  await expect(page.getByLabel('Global shortcut')).toHaveAccessibleDescription(/needs Ctrl, Alt or Super/);
  await expect(page.getByLabel('Global shortcut')).toHaveValue('Ctrl+Shift+L');
  await expect(page.getByText('Settings could not be saved')).toHaveCount(0);
  expect((await preview.core.handlers.getSnapshot()).settings.shortcut).toBe('CommandOrControl+Shift+L');
});

test('the cost of automatic checks is stated when the service has no free status check', async ({ page, preview }) => {
  preview.sim.setStatusEndpoint(false);
  await preview.open(page);
  // Learn that the status check is missing (a check asks before spending; cancel it).
  await page.getByRole('button', { name: 'Check quota' }).click();
  await page
    .getByRole('button', { name: 'Cancel' })
    .click()
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Check every').fill('10');
  await expect(page.getByText(/each automatic check uses 1 request — about 144 requests a day/)).toBeVisible();
});

test('Replace key swaps the key in place; Remove key asks, then returns to the first-run screen', async ({
  page,
  preview,
}) => {
  const newKey = 'FAKE-replacement-key-8888-9999-abcd';
  preview.sim.setKey(newKey, { monthLimit: 500, minuteLimit: null, label: 'ui-replacement' });
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByText(`••••••${preview.apiKey.slice(-4)}`)).toBeVisible();

  await page.getByRole('button', { name: 'Replace key' }).click();
  await page.getByLabel('API key', { exact: true }).fill(newKey);
  await page.getByRole('button', { name: 'Save new key' }).click();
  await expect(page.getByText(`••••••${newKey.slice(-4)}`)).toBeVisible();
  expect(await storedKey(preview)).toBe(newKey);
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(newKey);

  await page.getByRole('button', { name: 'Remove key' }).click();
  await expect(page.getByText(/Lookups stop until you add a key again/)).toBeVisible();
  expect(await storedKey(preview)).toBe(newKey);
  await page
    .getByRole('group', { name: 'Confirm removing the key' })
    .getByRole('button', { name: 'Remove key' })
    .click();
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  expect(await storedKey(preview)).toBeNull();
});
