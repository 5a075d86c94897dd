import { expect, test } from '@playwright/test';
import { launchDemoApp, requireElectronBinary } from './electron-env';

requireElectronBinary();

test('a lookup in the Electron window reaches the demo service and shows the result', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await app.firstWindow();
    const field = page.getByLabel('IP address');
    await expect(field).toBeVisible();
    await field.fill(' 8.8.8.8 ');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8');
  } finally {
    await close();
  }
});
