/**
 * `lookup-tray key remove` on the profile in use removes the key through OneShot.removeKey() on the folder's own
 * stores, without building the app core (no update policy, no folder watch, no IPC handlers, no services): every
 * keychain account the key may be under goes, its figures and remembered origin are forgotten, and a running app is
 * told through the keychain token in state.db.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { KeyChanges, OneShot, keyAccount, keyOriginKv } from '../../../../electron/core/app/one-shot';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';

// Building the app core here is the machinery a short-lived command does without: importing it fails the test.
vi.mock('../../../../electron/core/app/app-core', () => {
  throw new Error('the app core was built for key remove');
});

const KEY = 'FAKE-one-shot-remove-key-4242';
const BASE = 'https://api.example.com';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-oneshot-remove-key-'));
  secrets = new MemorySecretStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("removes the profile in use's key without the app core: every account it was under, its figures, a running app told", async () => {
  const setup = await OneShot.open({ dataDir: dir, appFolder: null }, secrets);
  await setup.updateSettings({ baseUrl: BASE });
  await setup.close();

  const ctx = await OneShot.open({ dataDir: dir, appFolder: null }, secrets);
  try {
    await ctx.vault.set(keyAccount('default', BASE), KEY);
    await ctx.vault.set('default', KEY); // an older build's bare account
    ctx.db.writeKv(keyOriginKv('default'), new URL(BASE).origin);
    ctx.db.writeEngine('default', { some: 'figures' });
    const runningApp = new KeyChanges(ctx.db);
    await ctx.removeKey();
    const left = (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account);
    expect(left).toEqual([]);
    expect(ctx.db.readKv(keyOriginKv('default'))).toBeNull();
    expect(ctx.db.readEngine('default')).toBeNull();
    expect(runningApp.elsewhere()).toBe(true);
  } finally {
    await ctx.close();
  }
});
