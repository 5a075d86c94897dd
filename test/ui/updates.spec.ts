/**
 * Settings → App's update controls and About's update line, in the web preview (which never updates itself: there is
 * no updater behind it, so the words say so and Check now is off). The checking itself is the core's, unit-tested with
 * a fake electron-updater (test/unit/core/update/update-policy.test.ts); an installed app's controls are in test/electron.
 */
import { releasePageUrl } from '../../shared/update';
import { FakeUpdater } from '../helpers/fake-updater';
import { expect, test } from './fixtures';
import { shoot } from './ux-shots';

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

test.describe('an unsigned build (it only hears of new versions)', () => {
  const updater = new FakeUpdater();
  updater.feed = { version: '0.2.0' };
  const page0 = 'https://github.com/lookup-tray/lookup-tray/releases/tag/v0.2.0';
  test.use({
    previewUpdates: {
      updater,
      noticeOnly: true,
      releasePage: (v) => releasePageUrl('lookup-tray', 'lookup-tray', v),
      currentVersion: '0.1.0',
    },
  });

  test('Settings → App: "Lookup Tray 0.2.0 is available — Download" opens its release page; nothing downloads', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const controls = page.locator('.update-controls');
    await expect(controls).toContainText('This copy is not signed, so it does not install updates itself');
    await page.getByRole('button', { name: 'Check now' }).click();
    const download = page.getByRole('button', { name: 'Lookup Tray 0.2.0 is available — Download' });
    await expect(download).toBeVisible();
    await expect(controls.getByRole('status')).toHaveText(
      'Lookup Tray 0.2.0 is available. This copy is not signed, so it does not install it itself: download it from its release page.',
    );
    await controls.scrollIntoViewIfNeeded();
    await shoot(page, 'settings-update-available', { dark: true });
    await download.click();
    await expect.poll(() => preview.opened).toEqual([page0]);
    expect(updater.installs).toBe(0);
    expect(preview.notifications).toEqual([]);
  });
});

test.describe('a copy that installs its updates, its clock moved (issue 43)', () => {
  const updater = new FakeUpdater();
  test.use({ previewUpdates: { updater, currentVersion: '0.1.0' } });

  test('"checked … ago" and "next check in …" are measured on the core’s clock, in Settings → App and About', async ({
    page,
    preview,
  }) => {
    await preview.open(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    const status = page.locator('.update-controls').getByRole('status');
    await page.getByRole('button', { name: 'Check now' }).click();
    await expect(status).toHaveText('Lookup Tray 0.1.0 is the latest version (checked just now). Next check in 4 h.');
    // Three hours on the core's clock (the PC's does not move): the window says the age the core's clock gives.
    preview.advance(3 * 3_600_000);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(status).toHaveText('Lookup Tray 0.1.0 is the latest version (checked 3 h ago). Next check in 60 min.');
    await page.getByRole('button', { name: 'About Lookup Tray' }).click();
    await expect(page.getByTestId('about-update')).toHaveText(
      'Lookup Tray 0.1.0 is the latest version (checked 3 h ago). Next check in 60 min.',
    );
  });
});
