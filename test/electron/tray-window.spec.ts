/**
 * The tray icon and the global shortcut toggle the window; it opens next to the tray (or, where a Linux tray reports
 * no position, next to the pointer), inside the screen's work area; the window is locked down.
 */
import { expect, test } from '@playwright/test';
import { hook, launchDemoApp, requireElectronBinary, shot, windowPage } from './electron-env';
import { positionNearTray } from '../../electron/shell/window-position';

requireElectronBinary();

test('a tray click toggles the lookup window; the tray menu carries the DEMO status', async () => {
  const { app, close } = await launchDemoApp();
  try {
    const page = await windowPage(app);
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
    await shot(page, 'demo-window');
  } finally {
    await close();
  }
});

test('the global shortcut is registered and toggles the window, which opens near the tray, on screen', async () => {
  const { app, close } = await launchDemoApp();
  try {
    await windowPage(app);
    const accelerator = await hook(app, 'shortcut');
    expect(accelerator).toBe('CommandOrControl+Shift+L');
    expect(await app.evaluate(({ globalShortcut }, a) => globalShortcut.isRegistered(a), accelerator!)).toBe(true);
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);
    await hook(app, 'pressShortcut');
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(false);
    await hook(app, 'pressShortcut');
    await expect.poll(() => hook(app, 'isWindowVisible')).toBe(true);

    const where = await app.evaluate(({ BrowserWindow, screen }) => {
      const w = BrowserWindow.getAllWindows()[0]!;
      const b = w.getBounds();
      return {
        window: b,
        workArea: screen.getDisplayMatching(b).workArea,
        cursor: screen.getCursorScreenPoint(),
      };
    });
    const tray = await hook(app, 'trayBounds');
    const wa = where.workArea;
    // On screen: inside the work area of its display (never under a panel or off the edge).
    expect(where.window.x).toBeGreaterThanOrEqual(wa.x);
    expect(where.window.y).toBeGreaterThanOrEqual(wa.y);
    expect(where.window.x + where.window.width).toBeLessThanOrEqual(wa.x + wa.width);
    expect(where.window.y + where.window.height).toBeLessThanOrEqual(wa.y + wa.height);
    // Where the placement rule puts it for this tray (or, without tray bounds, the pointer).
    const expected = positionNearTray(tray, where.window, wa, where.cursor);
    expect(Math.abs(where.window.x - expected.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(where.window.y - expected.y)).toBeLessThanOrEqual(2);
    if (tray && tray.width > 0) {
      // Next to the icon: the window's nearest edge within 40 px of it.
      const gapY = Math.max(tray.y - (where.window.y + where.window.height), where.window.y - (tray.y + tray.height));
      const gapX = Math.max(tray.x - (where.window.x + where.window.width), where.window.x - (tray.x + tray.width));
      expect(Math.max(gapX, gapY)).toBeLessThanOrEqual(40);
    }
  } finally {
    await close();
  }
});
