/**
 * Screens of saving the key and of Settings at 380×640, light and dark (issue 16, items 1, 2, 11, 14, 16), into
 * .tmp/screens/ux-<before|after>-settings-*.png (see ux-shots.ts); the ones looked at are copied to
 * docs/screenshots/issue16/. Each screen is first checked to be the one meant.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';
import { closedPort } from '../helpers/local-server';

test.use({ viewport: { width: 380, height: 640 } });

const keyField = (page: Page) => page.getByLabel('API key', { exact: true });

test.describe('first run', () => {
  test.use({ previewSetup: 'first-run' });

  test('the first-run screen, and a refused Save', async ({ page, preview }) => {
    await preview.open(page);
    await expect(keyField(page)).toBeVisible();
    await shoot(page, 'settings-first-run', { dark: true });
    await page.getByLabel('Base URL').fill(`http://127.0.0.1:${await closedPort()}`);
    await keyField(page).fill(preview.apiKey);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.locator('.field-error').filter({ hasText: /\S/ })).toBeVisible();
    await shoot(page, 'settings-first-run-refused', { dark: true });
  });
});

test.describe('settings', () => {
  test('the key section, the cache and the shortcut, and a refused save', async ({ page, preview }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await shoot(page, 'settings-key', { dark: true });

    await page.getByRole('group', { name: 'Lookup cache' }).scrollIntoViewIfNeeded();
    await page.getByRole('group', { name: 'App' }).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-app', { dark: true });
    await page.getByLabel('Global shortcut').press('Shift+K');
    await expect(page.getByLabel('Global shortcut')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'settings-shortcut-refused', { dark: true });
    await page.getByLabel('Global shortcut').press('Control+Alt+K');
    await expect(page.getByLabel('Global shortcut')).toHaveValue('Ctrl+Alt+K');

    await page.getByLabel('Month: critical').fill('30');
    await page.getByLabel('Language of results').selectOption('de');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Month: critical')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, 'settings-refused-save', { dark: true });
  });
});
