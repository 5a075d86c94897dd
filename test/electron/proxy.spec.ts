/**
 * The app behind a proxy, with real Electron: Settings → Network "This proxy" sends the lookups through a real squid
 * (started by the spec, as the cli layer does: test/cli/net-lab.ts), and a proxy that cannot be reached, or that
 * asks for credentials, is named in the window. The service runs on loopback under a made-up name (Chromium maps it:
 * --host-resolver-rules; squid: its hosts file) so that Chromium does not take loopback around the proxy, over
 * https:// with a per-run CA Chromium is told to accept (--ignore-certificate-errors: the trust store is not under
 * test here; the cli layer tests it).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulator } from '../../electron/demo/simulator';
import { closedPort } from '../helpers/local-server';
import { hasLab, makeCa, startSquid } from '../helpers/net-lab';
import { E2E_KEY, forgetKeychainItems, launchApp, requireElectronBinary, saveKeyOnFirstRun } from './electron-env';

requireElectronBinary();
test.skip(!hasLab, 'needs squid and openssl (apt install squid openssl)');

const NAME = 'lookup-service.test';

async function useProxy(page: Page, address: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const group = page.getByRole('group', { name: 'Network' });
  await group.getByLabel('Proxy', { exact: true }).selectOption('url');
  await group.getByLabel('Proxy address').fill(address);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
}

async function lookUp(page: Page, ip: string) {
  await page.getByLabel('IP address').fill(ip);
  await page.getByRole('button', { name: 'Look up' }).click();
  return page.getByRole('region', { name: 'Lookup result' });
}

test('Settings → Network: lookups go through this proxy; an unreachable one, and one asking for credentials, are named', async () => {
  const lab = mkdtempSync(join(tmpdir(), 'lt-e2e-lab-'));
  const ca = makeCa(lab, randomBytes(3).toString('hex'));
  const sim = await startSimulator({
    tls: ca.leaf,
    keys: { [E2E_KEY]: { monthLimit: 1000, minuteLimit: 10, label: 'e2e' } },
  });
  const squid = await startSquid({ hosts: { [NAME]: '127.0.0.1' } });
  const authSquid = await startSquid({ hosts: { [NAME]: '127.0.0.1' }, auth: { user: 'tray', password: 'e2e-proxy' } });
  const { app, close } = await launchApp({
    chromiumSwitches: [`--host-resolver-rules=MAP ${NAME} 127.0.0.1`, '--ignore-certificate-errors'],
  });
  try {
    const page = await app.firstWindow();
    // The system's proxy (none here) at first: the key is checked straight at the service.
    await saveKeyOnFirstRun(page, `https://${NAME}:${sim.port}`);

    await useProxy(page, squid.url);
    const before = sim.log.length;
    await expect(await lookUp(page, '8.8.8.8')).toContainText('8.8.8.8');
    expect(sim.log.length).toBeGreaterThan(before);

    const dead = await closedPort();
    await useProxy(page, `http://127.0.0.1:${dead}`);
    await expect(await lookUp(page, '1.1.1.1')).toContainText(`Could not reach the proxy 127.0.0.1:${dead}`);

    const authHost = new URL(authSquid.url).host;
    await useProxy(page, authSquid.url);
    await expect(await lookUp(page, '9.9.9.9')).toContainText(`proxy ${authHost}`);
  } finally {
    await forgetKeychainItems(app);
    await close();
    // squid logs a tunnel when it closes: the app has ended, so every one is in the log now.
    await expect.poll(() => squid.accessLog()).toContain(`CONNECT ${NAME}:${sim.port}`);
    squid.stop();
    authSquid.stop();
    await sim.close();
    rmSync(lab, { recursive: true, force: true });
  }
});
