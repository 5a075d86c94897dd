/**
 * A tray app with a key starts to the tray: no window, the icon drawn for the month left. Settings and figures
 * survive a restart. (The first run, which opens the window, saves the key in the real OS keychain.)
 */
import { expect, test } from '@playwright/test';
import {
  forgetKeychainItems,
  hook,
  launchApp,
  requireElectronBinary,
  saveKeyOnFirstRun,
  startService,
  windowPage,
} from './electron-env';
import type { Simulator } from '../../electron/demo/simulator';

requireElectronBinary();

let sim: Simulator;
test.beforeEach(async () => {
  sim = await startService(1_000);
});
test.afterEach(async () => {
  await sim.close();
  await forgetKeychainItems();
});

test('with a key saved, the app starts to the tray: no window shown, the icon is the gauge of the month left', async () => {
  const first = await launchApp();
  const page = await windowPage(first.app);
  await saveKeyOnFirstRun(page, sim.url);
  await page.getByLabel('IP address').fill('8.8.8.8');
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8');
  await first.close({ keep: true });

  const again = await launchApp({ userData: first.userData });
  try {
    await again.app.firstWindow(); // created hidden, loading in the background
    await expect.poll(() => hook(again.app, 'trayModel').then((m) => m?.hasKey)).toBe(true);
    expect(await hook(again.app, 'isWindowVisible')).toBe(false);
    const visible = await again.app.evaluate(
      ({ BrowserWindow }) => BrowserWindow.getAllWindows().filter((w) => w.isVisible()).length,
    );
    expect(visible).toBe(0);
    const model = await hook(again.app, 'trayModel');
    expect(model?.iconModel).toMatchObject({ kind: 'gauge', level: 'ok' });
    expect(model?.statusLines[0]).toMatch(/^Month: 999 of 1,000 left · resets /);
  } finally {
    await again.close();
  }
});

test('settings and figures survive a restart', async () => {
  const first = await launchApp();
  const page = await windowPage(first.app);
  await saveKeyOnFirstRun(page, sim.url);
  for (const ip of ['8.8.8.8', '1.1.1.1']) {
    await page.getByLabel('IP address').fill(ip);
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText(ip);
  }
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Month: low').fill('40');
  await page.getByLabel('Check for updates automatically').uncheck();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await first.close({ keep: true });

  const again = await launchApp({ userData: first.userData });
  try {
    const p = await windowPage(again.app);
    await hook(again.app, 'trayClick');
    await expect.poll(() => hook(again.app, 'isWindowVisible')).toBe(true);
    // The figures: 2 of 1,000 used, in the tray and the window, without a new request.
    const before = sim.log.length;
    const model = await hook(again.app, 'trayModel');
    expect(model?.statusLines[0]).toMatch(/^Month: 998 of 1,000 left/);
    await expect(p.getByRole('meter', { name: 'Month quota' })).toHaveAttribute('aria-valuenow', '998');
    await p.getByRole('button', { name: 'Settings' }).click();
    await expect(p.getByLabel('Month: low')).toHaveValue('40');
    await expect(p.getByLabel('Check for updates automatically')).not.toBeChecked();
    // A recent lookup is answered from the kept cache: nothing sent.
    await p.getByRole('button', { name: /Back/ }).click();
    await p.getByLabel('IP address').fill('8.8.8.8');
    await p.getByRole('button', { name: 'Look up' }).click();
    await expect(p.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8');
    expect(sim.log.slice(before).filter((e) => e.path.startsWith('/v2/info'))).toHaveLength(0);
  } finally {
    await again.close();
  }
});
