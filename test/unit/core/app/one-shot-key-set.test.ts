/**
 * `lookup-tray key set` for the profile in use saves the key on the folder's stores, without building the app core
 * (the update policy, the folder watch, every handler): the app core cannot even load here. What a running app and
 * the next command see is the same as before: the key under its origin's account, the origin remembered, the old
 * key's figures dropped when it is replaced.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

vi.mock('../../../../electron/core/app/app-core', () => {
  throw new Error('the app core was loaded');
});

import { OneShot } from '../../../../electron/core/app/one-shot';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { originOf } from '../../../../shared/base-url';

const FIRST = 'https://api.example.com';
let dir: string;
let secrets: MemorySecretStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-oneshot-keyset-'));
  secrets = new MemorySecretStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('the profile in use: saved for its origin, and replaced, without the app core', async () => {
  const ctx = await OneShot.open({ dataDir: dir }, secrets);
  await ctx.updateSettings({ baseUrl: FIRST });
  expect(await ctx.saveKey('FAKE-keyset-first-1111', originOf(FIRST))).toEqual({ kind: 'saved', masked: '••••••1111' });
  expect(await ctx.saveKey('FAKE-keyset-second-2222', originOf(FIRST))).toEqual({
    kind: 'saved',
    masked: '••••••2222',
  });
  await ctx.close();
  const accounts = (await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account.split('#')[0]);
  expect(accounts).toEqual([`default@${originOf(FIRST)}`]);
  const again = await OneShot.open({ dataDir: dir }, secrets);
  expect((await again.snapshot()).key).toMatchObject({ hasKey: true, masked: '••••••2222' });
  await again.close();
});
