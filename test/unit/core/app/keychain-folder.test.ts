/**
 * Issue 24: data folders are separate installations. Two folders (the app's and a `--data-dir`) never share or
 * replace each other's keychain items, and removing one folder's key leaves the other's. Issue 33: the items an
 * earlier version saved without a folder are copied (never moved) once, by the app's own folder only, and only while
 * it is the user's own; no other folder adopts them, whatever its files say.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { adoptsLegacyItems, FOLDER_ID_FILE, folderId } from '../../../../electron/core/app/keychain-folder';
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

/** Not on Windows: no POSIX modes or owners there (the folder's ACL keeps it private). */
const POSIX = process.platform !== 'win32';
if (!POSIX) console.warn('[keychain-folder] SKIPPING the file-mode and owner assertions: Windows has no POSIX modes.');

async function core(dir: string, appFolder: string | null = null): Promise<AppCore> {
  const c = await createAppCore({
    clock: new OffsetClock(),
    fetch,
    secrets,
    dataDir: dir,
    appFolder,
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

  it("an earlier version's items are copied once into the app's own folder, and never into another", async () => {
    const appDir = join(root, 'app');
    // The folder as the earlier version left it: settings and state, the key under profile@origin, no folder id.
    const first = await core(appDir, appDir);
    await first.handlers.updateSettings({ baseUrl: sim.url });
    await first.dispose();
    cores.splice(0);
    rmSync(join(appDir, FOLDER_ID_FILE));
    await secrets.setPassword(KEYCHAIN_SERVICE, keyAccount('default', sim.url), KEY_A);

    // Another folder (a --data-dir), even one with the earlier version's files, adopts nothing…
    const old = await core(join(root, 'old'));
    await old.handlers.updateSettings({ baseUrl: sim.url });
    await old.dispose();
    cores.splice(0);
    rmSync(join(root, 'old', FOLDER_ID_FILE));
    const other = await core(join(root, 'old'));
    expect((await other.handlers.getSnapshot()).key.hasKey).toBe(false);
    // …and the app's folder copies its key, once: the unscoped item stays.
    const app = await core(appDir, appDir);
    expect((await app.handlers.getSnapshot()).key).toMatchObject({ hasKey: true });
    const accounts = (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account).sort();
    expect(accounts).toEqual(
      [keyAccount('default', sim.url), `${keyAccount('default', sim.url)}#${folderId(appDir).id}`].sort(),
    );
    expect(folderId(appDir)).toMatchObject({ adopted: true });
    // Removed in the app, the key does not come back from the earlier version's item at the next start.
    await app.handlers.removeKey();
    await app.dispose();
    cores.splice(0);
    expect((await (await core(appDir, appDir)).handlers.getSnapshot()).key.hasKey).toBe(false);
    if (POSIX) expect(statSync(join(appDir, FOLDER_ID_FILE)).mode & 0o077).toBe(0);
    expect(existsSync(join(root, 'old', FOLDER_ID_FILE))).toBe(true);
  });
});

describe.skipIf(!POSIX)("the app's folder adopts only while it is the user's own", () => {
  const me = { uid: 1000, gid: 1000 };
  it('owned by the user and private: yes; another path, another owner, writable by others, a symlink: no', () => {
    const app = join(root, 'app');
    mkdirSync(app, { mode: 0o700 });
    const owner = { uid: statSync(app).uid, gid: statSync(app).gid };
    expect(adoptsLegacyItems(app, app, owner)).toBe(true);
    expect(adoptsLegacyItems(join(root, 'elsewhere'), app, owner)).toBe(false);
    expect(adoptsLegacyItems(app, null, owner)).toBe(false);
    expect(adoptsLegacyItems(app, app, { ...me, uid: owner.uid + 1 })).toBe(false);
    chmodSync(app, 0o770);
    expect(adoptsLegacyItems(app, app, owner)).toBe(false);
    chmodSync(app, 0o700);
    const link = join(root, 'link');
    symlinkSync(app, link);
    expect(adoptsLegacyItems(link, link, owner)).toBe(false);
  });
});
