/**
 * Settings → App's update controls and About's update line, in the web preview (which never updates itself: there is
 * no updater behind it, so the words say so and Check now is off). The checking itself is the core's, unit-tested with
 * a fake electron-updater (test/unit/core/update/update-policy.test.ts); an installed app's controls are in test/electron.
 */
import { expect, test } from './fixtures';

test('"Check for updates automatically" is on by default, saved like any setting; the preview says it does not update', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const auto = page.getByLabel('Check for updates automatically');
  await expect(auto).toBeChecked();
  const status = page.locator('.update-controls').getByRole('status');
  await expect(status).toHaveText('Only the installed app updates itself.');
  await expect(page.getByRole('button', { name: 'Check now' })).toBeDisabled();

  await auto.uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  expect((await preview.core.handlers.getSnapshot()).settings.autoUpdate).toBe(false);
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByLabel('Check for updates automatically')).not.toBeChecked();

  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'About Lookup Tray' }).click();
  await expect(page.getByTestId('about-update')).toHaveText('Only the installed app updates itself.');
});
