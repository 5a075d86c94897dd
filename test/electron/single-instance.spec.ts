/** A second launch does not start a second app: it quits, and the first one shows its window. */
import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary, spawnSecondInstance, windowPage } from './electron-env';

requireElectronBinary();

test('a second launch focuses the first (single instance) and quits', async () => {
  const { app, userData, close } = await launchDemoApp();
  try {
    await windowPage(app);
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);
    await hook(app, 'trayClick');
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(false);
    const code = await spawnSecondInstance(userData);
    expect(code).toBe(0);
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
  } finally {
    await close();
  }
});
