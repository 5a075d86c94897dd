/**
 * Issue 33, medium: a crafted data folder took over another installation's key. A folder holding only a
 * settings.json whose baseUrl is someone else's server, opened with `--data-dir` (the web preview's app core; the
 * command line's `key set`, `key remove`, `profile` through OneShot), marked itself for adopting the earlier
 * version's unscoped keychain item, moved it into its own scope (deleting the original), bound it to that baseUrl and
 * sent it there. Now: only the app's default folder adopts, by copying; a bare legacy key is bound to no origin a
 * folder's file names; the unscoped item is always still there.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { FOLDER_ID_FILE } from '../../../../electron/core/app/keychain-folder';
import { OneShot } from '../../../../electron/core/app/one-shot';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { keyAccount } from '../../../../electron/core/secrets/key-account';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';

const KEY = 'FAKE-legacy-victim-key-9876';

let root: string;
let attacker: Simulator;
let secrets: MemorySecretStore;
let crafted: string;
const cores: AppCore[] = [];

beforeEach(async () => {
  root = mkdtempSync(join(tmpdir(), 'lt-crafted-'));
  // The attacker's server would accept the key (and log it): it must never see a request.
  attacker = await startSimulator({ keys: { [KEY]: { monthLimit: 100, minuteLimit: null, label: 'stolen' } } });
  secrets = new MemorySecretStore();
  // The victim's key as the earlier version saved it: unscoped, under the profile's bare name.
  await secrets.setPassword(KEYCHAIN_SERVICE, 'default', KEY);
  crafted = join(root, 'crafted');
  mkdirSync(crafted, { mode: 0o700 });
  writeFileSync(join(crafted, 'settings.json'), JSON.stringify({ schemaVersion: 1, baseUrl: attacker.url }));
});
afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  await attacker.close();
  rmSync(root, { recursive: true, force: true });
});

async function unscopedStillThere(): Promise<void> {
  expect(await secrets.getPassword(KEYCHAIN_SERVICE, 'default')).toBe(KEY);
}

describe('a crafted data folder gets no key', () => {
  it('through the web preview (--data-dir): no key, nothing sent, the unscoped item kept', async () => {
    const core = await createAppCore({
      clock: new OffsetClock(),
      fetch,
      secrets,
      dataDir: crafted,
      notifier: { notify() {} },
      logger: silentLogger,
    });
    cores.push(core);
    expect((await core.handlers.getSnapshot()).key.hasKey).toBe(false);
    expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'no-key' });
    expect((await core.handlers.checkQuota({ spend: true })).kind).not.toBe('ok');
    expect(attacker.log).toHaveLength(0);
    await unscopedStillThere();
  });

  it('through the command line (profile, key set/remove, lookup on --data-dir): nothing sent, the item kept', async () => {
    const ctx = await OneShot.open({ dataDir: crafted }, secrets);
    try {
      // `profile list|use|…` and `key set|remove` run the app core once on the folder.
      await ctx.withAppCore(async (core) => {
        expect((await core.handlers.getSnapshot()).key.hasKey).toBe(false);
      });
      expect((await ctx.snapshot()).key.hasKey).toBe(false);
      expect((await ctx.service().lookup('8.8.8.8')).kind).toBe('no-key');
      await ctx.removeKey(); // `key remove`
    } finally {
      await ctx.close();
    }
    expect(attacker.log).toHaveLength(0);
    await unscopedStillThere();
  });

  it('an adopt flag in keychain-folder.json adopts nothing', async () => {
    writeFileSync(
      join(crafted, FOLDER_ID_FILE),
      JSON.stringify({ id: '0123456789abcdef', adopt: true, adopted: false }),
    );
    await secrets.setPassword(KEYCHAIN_SERVICE, keyAccount('default', attacker.url), KEY);
    const ctx = await OneShot.open({ dataDir: crafted }, secrets);
    try {
      expect((await ctx.snapshot()).key.hasKey).toBe(false);
      expect((await ctx.service().lookup('1.1.1.1')).kind).toBe('no-key');
    } finally {
      await ctx.close();
    }
    expect(attacker.log).toHaveLength(0);
    await unscopedStillThere();
    expect(await secrets.getPassword(KEYCHAIN_SERVICE, keyAccount('default', attacker.url))).toBe(KEY);
  });
});
