/**
 * `lookup-tray profile …` changes profiles through OneShot.profiles(): the window's own profile operations on the
 * folder's stores, without building the app core (no update policy, no folder watch, no IPC handlers, no services).
 * The key, figures and history still move as they do in the window, and a running app is told through the keychain
 * token in state.db.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { KeyChanges, OneShot, keyAccount } from '../../../../electron/core/app/one-shot';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { saidEn } from '../../../helpers/profile-refusal';

// Building the app core here is the machinery a short-lived profile command does without: importing it fails the test.
vi.mock('../../../../electron/core/app/app-core', () => {
  throw new Error('the app core was built for a profile command');
});

const KEY = 'FAKE-one-shot-profiles-4242';
const BASE = 'https://api.example.com';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-oneshot-profiles-'));
  secrets = new MemorySecretStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The profiles' keychain accounts (`name@origin`, as the folder scope stores them). */
async function accounts(): Promise<string[]> {
  return (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account).filter((a) => a.includes('@'));
}

it('add, rename, switch and remove a profile without the app core: the key moves with a rename, a running app is told', async () => {
  const setup = await OneShot.open({ dataDir: dir, appFolder: null }, secrets);
  await setup.updateSettings({ baseUrl: BASE });
  await setup.close();

  const ctx = await OneShot.open({ dataDir: dir, appFolder: null }, secrets);
  try {
    const profiles = await ctx.profiles();
    expect(profiles.add('work', BASE)).toEqual({ kind: 'done' });
    await ctx.vault.set(keyAccount('work', BASE), KEY);
    const runningApp = new KeyChanges(ctx.db);
    expect(await profiles.rename('work', 'Office')).toEqual({ kind: 'done' });
    expect(runningApp.elsewhere()).toBe(true);
    expect((await accounts()).some((a) => a.includes('Office@'))).toBe(true);
    expect((await accounts()).some((a) => a.includes('work@'))).toBe(false);
    expect(await ctx.vault.get(keyAccount('Office', BASE))).toBe(KEY);
    expect(profiles.switch('default')).toEqual({ kind: 'done' });
    expect(await profiles.remove('Office')).toEqual({ kind: 'done' });
    expect(await accounts()).toEqual([]);
    expect(profiles.list().map((p) => p.name)).toEqual(['default']);
    expect(saidEn(await profiles.rename('nobody', 'x'))).toEqual({
      kind: 'invalid',
      message: 'There is no profile named "nobody".',
    });
  } finally {
    await ctx.close();
  }
});
