/**
 * Issue 33, medium: `key set` verifies at one origin and saved for another. OneShot.saveKey takes the origin the key
 * was verified at and refuses when settings.json (changed meanwhile by the window or another command) points the
 * profile elsewhere — for the profile in use and for another one (--profile), on the folder's stores.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { OneShot } from '../../../../electron/core/app/one-shot';
import { KEYCHAIN_SERVICE, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { originOf } from '../../../../shared/base-url';

const KEY = 'FAKE-one-shot-origin-7777';
const FIRST = 'https://api.example.com';
const MOVED = 'https://elsewhere.example.net';

let dir: string;
let secrets: MemorySecretStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-oneshot-origin-'));
  secrets = new MemorySecretStore();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

type SettingsJson = { baseUrl: string; profiles: Record<string, { baseUrl: string }> };

/** Another process rewrites settings.json: `edit` changes it. */
function elsewhereChanges(edit: (s: SettingsJson) => void): void {
  const file = join(dir, 'settings.json');
  const s = JSON.parse(readFileSync(file, 'utf8')) as SettingsJson;
  edit(s);
  writeFileSync(file, JSON.stringify(s));
}

it('the profile in use: refused when the base URL moved to another origin after verifying; nothing saved', async () => {
  const ctx = await OneShot.open({ dataDir: dir }, secrets);
  await ctx.updateSettings({ baseUrl: FIRST });
  const verifiedAt = originOf(ctx.current.baseUrl);
  elsewhereChanges((s) => (s.baseUrl = MOVED));
  const saved = await ctx.saveKey(KEY, verifiedAt);
  await ctx.close();
  expect(saved).toMatchObject({ kind: 'origin-changed' });
  expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
});

it('another profile (--profile): refused the same way', async () => {
  const setup = await OneShot.open({ dataDir: dir }, secrets);
  await setup.updateSettings({ baseUrl: FIRST });
  await setup.withAppCore(async (core) => {
    await core.handlers.addProfile({ name: 'work', baseUrl: FIRST });
    await core.handlers.switchProfile({ name: 'default' });
  });
  await setup.close();
  const ctx = await OneShot.open({ dataDir: dir, profile: 'work' }, secrets);
  expect(ctx.isOtherProfile).toBe(true);
  const verifiedAt = originOf(ctx.current.baseUrl);
  elsewhereChanges((s) => (s.profiles.work = { ...s.profiles.work, baseUrl: MOVED }));
  const saved = await ctx.saveKey(KEY, verifiedAt);
  await ctx.close();
  expect(saved).toMatchObject({ kind: 'origin-changed' });
  expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
});

it('unchanged: saved for the verified origin', async () => {
  const ctx = await OneShot.open({ dataDir: dir }, secrets);
  await ctx.updateSettings({ baseUrl: FIRST });
  expect(await ctx.saveKey(KEY, originOf(FIRST))).toMatchObject({ kind: 'saved' });
  await ctx.close();
  expect((await secrets.findCredentials(KEYCHAIN_SERVICE)).map((c) => c.account.split('#')[0])).toEqual([
    `default@${originOf(FIRST)}`,
  ]);
});
