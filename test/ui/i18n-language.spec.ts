/**
 * The window's language (issue 43): Settings → App → Language switches every converted view at once, and 'system'
 * follows the browser's (in Electron the app's) preferred languages; `<html lang>` says which.
 */
import { expect, test } from './fixtures';

test('choosing Deutsch in Settings → App → Language speaks German at once; English again on English', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: 'Settings' }).click();
  // Each choice is named in its own language.
  const language = page.getByRole('combobox', { name: 'Language', exact: true });
  await expect(language.locator('option')).toHaveText(['Same as the system', 'English', 'Deutsch']);
  await language.selectOption('de');
  await page.getByRole('button', { name: 'Save settings' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await preview.core.handlers.getSnapshot()).settings.interfaceLanguage).toBe('de');
  await expect(page.getByRole('group', { name: 'Warnstufen' })).toBeVisible();
  await page.getByRole('button', { name: '← Zurück' }).click();
  await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Verlauf' })).toBeVisible();

  await page.getByRole('button', { name: 'Einstellungen' }).click();
  await page.getByRole('combobox', { name: 'Sprache', exact: true }).selectOption('en');
  await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('on a German system', () => {
  test.use({ locale: 'de-DE' });

  test("'Same as the system' follows the system's preferred languages", async ({ page, preview }) => {
    await preview.open(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Einstellungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Einstellungen' }).click();
    await expect(page.getByRole('combobox', { name: 'Sprache', exact: true })).toHaveValue('system');
    await expect(page.getByRole('heading', { level: 1, name: 'Einstellungen' })).toBeVisible();
  });
});
