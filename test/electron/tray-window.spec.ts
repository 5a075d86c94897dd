import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary } from './electron-env';

requireElectronBinary();

test('a tray click toggles the lookup window; the tray menu carries the DEMO status', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await app.firstWindow();
    await page.waitForLoadState('domcontentloaded');
    // Demo mode opens the window at start (there may be no tray to click on GNOME).
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);
    await hook(app, 'trayClick');
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(false);
    await hook(app, 'trayClick');
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);
    const model = await hook(app, 'trayModel');
    expect(model?.demo).toBe(true);
    expect(model?.statusLines[0]).toMatch(/^DEMO/);
    // The window is locked down: no Node in the page, only the preload's API.
    expect(await page.evaluate(() => typeof (globalThis as { require?: unknown }).require)).toBe('undefined');
    expect(
      await page.evaluate(() => typeof (window as unknown as { lookupTray?: { lookup?: unknown } }).lookupTray?.lookup),
    ).toBe('function');
  } finally {
    await close();
  }
});
