/**
 * Issue 24: data folders are separate installations. Two folders (the app's and a `--data-dir`) never share or
 * replace each other's keychain items, and removing one folder's key leaves the other's; the items an earlier
 * version saved without a folder are adopted once, by the folder that version used, never by a new one.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { FOLDER_ID_FILE, folderId } from '../../../../electron/core/app/keychain-folder';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { keyAccount } from '../../../../electron/core/secrets/key-account';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';

const KEY_A = 'FAKE-folder-a-aaaa-1111';
const KEY_B = 'FAKE-folder-b-bbbb-2222';

let root: string;
let sim: Simulator;
let secrets: MemorySecretStore;
const cores: AppCore[] = [];

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lt-folders-'));
  sim = await startSimulator({
    keys: {
      [KEY_A]: { monthLimit: 100, minuteLimit: null, label: 'a' },
      [KEY_B]: { monthLimit: 100, minuteLimit: null, label: 'b' },
    },
  });
  secrets = new MemorySecretStore(); // one keychain for every folder, as on a real machine
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  await sim.close();
  rmSync(root, { recursive: true, force: true });
});

async function core(dir: string): Promise<AppCore> {
  const c = await createAppCore({
    clock: new OffsetClock(),
    fetch,
    secrets,
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
  });
  cores.push(c);
  return c;
}

describe('each data folder has its own keychain items', () => {
  it('two folders keep two keys for the same profile and service; removing one leaves the other', async () => {
    const app = await core(join(root, 'app'));
    const other = await core(join(root, 'other')); // e.g. lookup-tray --data-dir other
    expect((await app.handlers.saveKey({ key: KEY_A, baseUrl: sim.url, verify: 'skip' })).kind).toBe('saved');
    expect((await other.handlers.saveKey({ key: KEY_B, baseUrl: sim.url, verify: 'skip' })).kind).toBe('saved');
    expect((await app.handlers.getSnapshot()).key.masked).toMatch(/1111$/);
    expect((await other.handlers.getSnapshot()).key.masked).toMatch(/2222$/);
    expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toHaveLength(2);

    await other.handlers.removeKey();
    expect((await other.handlers.getSnapshot()).key.hasKey).toBe(false);
    expect((await app.handlers.getSnapshot()).key).toMatchObject({ hasKey: true });
    expect(await app.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'ok' });
    expect(sim.log.filter((l) => l.path === '/v2/info').map((l) => l.keyName)).toEqual(['a']);
  });

  it("an earlier version's items are adopted once by the folder it used, and never by a new folder", async () => {
    const appDir = join(root, 'app');
    // The folder as the earlier version left it: settings and state, the key under profile@origin, no folder id.
    const first = await core(appDir);
    await first.handlers.updateSettings({ baseUrl: sim.url });
    await first.dispose();
    cores.splice(0);
    rmSync(join(appDir, FOLDER_ID_FILE));
    await secrets.setPassword(KEYCHAIN_SERVICE, keyAccount('default', sim.url), KEY_A);

    // A new folder started first (a --data-dir) adopts nothing of it…
    const fresh = await core(join(root, 'fresh'));
    await fresh.handlers.updateSettings({ baseUrl: sim.url });
    expect((await fresh.handlers.getSnapshot()).key.hasKey).toBe(false);
    // …and the old folder adopts its key, once.
    const app = await core(appDir);
    expect((await app.handlers.getSnapshot()).key).toMatchObject({ hasKey: true });
    const accounts = (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account);
    expect(accounts).toEqual([`${keyAccount('default', sim.url)}#${folderId(appDir).id}`]);
    expect(folderId(appDir)).toMatchObject({ adopt: true, adopted: true });
    expect(statSync(join(appDir, FOLDER_ID_FILE)).mode & 0o077).toBe(0);
    expect(existsSync(join(root, 'fresh', FOLDER_ID_FILE))).toBe(true);
  });
});
