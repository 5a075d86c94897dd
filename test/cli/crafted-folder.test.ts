/**
 * Issue 33, medium, as a user would be attacked: the victim's key sits in the real keychain as an earlier version
 * saved it (service "Lookup Tray", account "default", no folder id). Someone hands over a folder holding only a
 * settings.json whose baseUrl is their server, and the victim runs `lookup-tray --data-dir THAT …` (`profile`,
 * `key remove`, `status`, `lookup`, `key status`). The attacker's server never receives the key, and the earlier
 * version's keychain item is still there afterwards.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { KEYCHAIN_SERVICE, loadKeytar } from '../../electron/core/secrets/key-vault';
import type { SecretStore } from '../../electron/core/lib/ports';
import { cli, hasKeyring, tempDir, testKey } from './helpers';

const KEY = testKey('victim');
let attacker: Simulator;
let data: ReturnType<typeof tempDir>;
let keychain: SecretStore;

beforeAll(async () => {
  attacker = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'stolen' } } });
  data = tempDir('lt-cli-crafted-');
  if (hasKeyring) {
    keychain = await loadKeytar();
    await keychain.setPassword(KEYCHAIN_SERVICE, 'default', KEY);
  }
});
afterAll(async () => {
  if (hasKeyring) await keychain.deletePassword(KEYCHAIN_SERVICE, 'default');
  await attacker.close();
  data.remove();
});

it.runIf(hasKeyring)(
  'a folder with only a settings.json naming another server gets no key from the keychain, and takes none away',
  async () => {
    const crafted = join(data.dir, 'crafted');
    mkdirSync(crafted, { mode: 0o700 });
    writeFileSync(join(crafted, 'settings.json'), JSON.stringify({ schemaVersion: 1, baseUrl: attacker.url }));

    for (const args of [
      ['profile', 'list'],
      ['profile', 'use', 'Default'],
      ['status'],
      ['lookup', '8.8.8.8', '--json'],
      ['quota', '--check', '--spend'],
      ['key', 'status'],
      ['key', 'remove'],
    ])
      await cli(crafted, args);
    expect(attacker.log).toHaveLength(0);
    expect(await keychain.getPassword(KEYCHAIN_SERVICE, 'default')).toBe(KEY);
    expect((await cli(crafted, ['key', 'status'])).code).toBe(3);
  },
);
