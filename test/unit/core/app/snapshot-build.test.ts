/**
 * The snapshot is built in one place (snapshot-build.ts): the window's (the app core's Snapshots) and the command's
 * (OneShot) say the same of one folder — the key, where it was saved for, the profiles, the settings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OneShot } from '../../../../electron/core/app/one-shot';
import { keyInfoOf } from '../../../../electron/core/app/snapshot-build';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { originOf } from '../../../../shared/base-url';
import type { AppSnapshot } from '../../../../shared/ipc';

const KEY = 'FAKE-snapshot-build-4242';
const FIRST = 'https://api.example.com';
const MOVED = 'https://elsewhere.example.net';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-snapshot-'));
  secrets = new MemorySecretStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The folder's snapshot as the command takes it and as the window gets it. */
async function bothSnapshots(): Promise<[AppSnapshot, AppSnapshot]> {
  const ctx = await OneShot.open({ dataDir: dir }, secrets);
  try {
    const command = await ctx.snapshot();
    const window = await ctx.withAppCore((core) => core.handlers.getSnapshot());
    return [command, window];
  } finally {
    await ctx.close();
  }
}

/** What both must agree on (the quota's clock and the keychain's probe are each process's own). */
const shared = (s: AppSnapshot) => ({
  settings: s.settings,
  key: s.key,
  demo: s.demo,
  profiles: s.profiles.map((p) => ({ name: p.name, active: p.active })),
  watched: s.watched,
});

it('the command and the window say the same of the key, then of a key saved for another origin', async () => {
  const setup = await OneShot.open({ dataDir: dir }, secrets);
  await setup.updateSettings({ baseUrl: FIRST });
  expect(await setup.saveKey(KEY, originOf(FIRST))).toMatchObject({ kind: 'saved' });
  await setup.close();

  const [command, window] = await bothSnapshots();
  expect(command.key).toMatchObject({ hasKey: true, masked: expect.stringMatching(/4242$/) });
  expect(shared(command)).toEqual(shared(window));
  expect(JSON.stringify(command)).not.toContain(KEY);

  const move = await OneShot.open({ dataDir: dir }, secrets);
  await move.updateSettings({ baseUrl: MOVED });
  await move.close();
  const [commandMoved, windowMoved] = await bothSnapshots();
  expect(commandMoved.key).toEqual({ hasKey: false, masked: null, storage: 'none', savedFor: originOf(FIRST) });
  expect(shared(commandMoved)).toEqual(shared(windowMoved));
});

it('keyInfoOf: a keychain just found unreachable is not asked again', async () => {
  let reads = 0;
  const counting: MemorySecretStore = Object.assign(Object.create(secrets) as MemorySecretStore, {
    getPassword: (service: string, account: string) => (reads++, secrets.getPassword(service, account)),
  });
  const ctx = await OneShot.open({ dataDir: dir }, counting);
  try {
    await ctx.updateSettings({ baseUrl: FIRST });
    await ctx.saveKey(KEY, originOf(FIRST));
    ctx.vault.forgetCached();
    reads = 0;
    const s = ctx.current;
    expect(await keyInfoOf(ctx.vault, ctx.db, s, false)).toEqual({ hasKey: false, masked: null, storage: 'none' });
    expect(reads).toBe(0);
    expect((await keyInfoOf(ctx.vault, ctx.db, s)).hasKey).toBe(true);
    expect(reads).toBeGreaterThan(0);
  } finally {
    await ctx.close();
  }
});
