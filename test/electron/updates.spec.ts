/**
 * A development run never checks for updates (only an installed copy loads electron-updater): Settings → App says
 * so, and Check now is off. The policy itself is unit-tested against electron-updater's events.
 */
import { expect, test } from '@playwright/test';
import { launchDemoApp, requireElectronBinary, shot, windowPage } from './electron-env';

requireElectronBinary();

test('a development run says it does not update itself; no updater is loaded', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByLabel('Check for updates automatically')).toBeChecked();
    await expect(page.locator('.update-controls').getByRole('status')).toHaveText(
      /^This is a development run: only an installed Lookup Tray checks for updates/,
    );
    await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();
    await shot(page, 'settings-app');
  } finally {
    await close();
  }
});
