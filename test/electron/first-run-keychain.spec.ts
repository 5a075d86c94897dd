/**
 * First run in the real app: the key typed into the first-run screen goes into the real OS keychain (GNOME Keyring in
 * CI's private D-Bus session, the macOS login Keychain, the Windows Credential Manager) and nowhere else on disk —
 * not settings.json, state.db or anything Chromium keeps in the data folder — then a lookup through the real preload.
 */
import { expect, test } from '@playwright/test';
import {
  E2E_KEY,
  filesHolding,
  forgetKeychainItems,
  keychainItemsHolding,
  launchApp,
  requireElectronBinary,
  saveKeyOnFirstRun,
  shot,
  startService,
  windowPage,
} from './electron-env';

requireElectronBinary();

test('first run → the key in the OS keychain and nowhere else on disk → a lookup through the preload', async () => {
  const sim = await startService();
  const launched = await launchApp();
  try {
    const page = await windowPage(launched.app);
    await shot(page, 'first-run');
    await saveKeyOnFirstRun(page, sim.url);

    // In the keychain: exactly one item of "Lookup Tray" holds it.
    expect(await keychainItemsHolding(launched.app)).toHaveLength(1);
    // The page never holds it.
    expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(E2E_KEY);

    // The lookup goes through window.lookupTray (the preload), the main process adds the key as a header.
    const api = await page.evaluate(() => Object.keys((window as unknown as { lookupTray: object }).lookupTray));
    expect(api).toContain('lookup');
    expect(api).not.toContain('invoke');
    await page.getByLabel('IP address').fill('8.8.8.8');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByRole('region', { name: 'Lookup result' })).toContainText('8.8.8.8');
    const sent = sim.log.filter((e) => e.path.startsWith('/v2/info'));
    expect(sent.at(-1)).toMatchObject({ ip: '8.8.8.8', keyVia: 'header' });
    await shot(page, 'lookup');
  } finally {
    await launched.close({ keep: true });
    await sim.close();
  }
  try {
    // After the app has written and closed everything: no file of its data folder holds the key.
    expect(filesHolding(launched.userData, E2E_KEY)).toEqual([]);
  } finally {
    await launched.close();
  }
  // Forgotten again, and checked, through the app on the same keychain.
  const again = await launchApp();
  try {
    await forgetKeychainItems(again.app);
    expect(await keychainItemsHolding(again.app)).toEqual([]);
  } finally {
    await again.close();
  }
});
