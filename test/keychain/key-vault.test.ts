/**
 * KeyVault against the REAL OS keychain (@napi-rs/keyring → Secret Service → gnome-keyring on Linux; the login
 * Keychain on macOS; the Credential Manager on Windows — the hosted CI's macOS and Windows jobs).
 * Run on Linux: bash scripts/with-keyring.sh npx vitest run --project keychain
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChild } from '../helpers/child-process';
import {
  InvalidKeyError,
  KEYCHAIN_SERVICE,
  KeychainUnavailableError,
  KeyVault,
  loadKeytar,
  NO_KEYCHAIN_MESSAGE,
  type KeytarSecretStore,
} from '../../electron/core/secrets/key-vault';
import type { Logger, SecretStore } from '../../electron/core/lib/ports';

const CHILD = fileURLToPath(new URL('./no-keychain-child.ts', import.meta.url));

const linux = process.platform === 'linux';
/** Linux reaches its keychain (the Secret Service) over D-Bus; macOS and Windows need no bus. */
const noBus = linux && !process.env.DBUS_SESSION_BUS_ADDRESS;
if (noBus) {
  console.warn(
    '[keychain] SKIPPING real-keychain tests: DBUS_SESSION_BUS_ADDRESS is not set, so there is no Secret Service to talk to. ' +
      'Run them with: bash scripts/with-keyring.sh npx vitest run --project keychain',
  );
}

const tag = `${process.pid}-${Date.now().toString(36)}`;
const PROFILE_A = `test-a-${tag}`;
const PROFILE_B = `test-b-${tag}`;
const KEY_1 = 'FAKE-TEST-KEY-one-1a2b3c4d5e6f';
const KEY_2 = 'FAKE-TEST-KEY-two-9f8e7d6c3f9a';
const KEY_B = 'FAKE-TEST-KEY-bbb-000011112222';

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) => {
    lines.push(`${level} ${msg} ${JSON.stringify(extra ?? {})}`);
  };
  return { lines, info: rec('info'), warn: rec('warn'), error: rec('error') };
}

/** Counts calls to the store, to prove "replace" never deletes. */
function spy(store: SecretStore): SecretStore & { calls: string[] } {
  const calls: string[] = [];
  return {
    keeps: store.keeps,
    calls,
    getPassword: (s, a) => (calls.push('get'), store.getPassword(s, a)),
    setPassword: (s, a, p) => (calls.push('set'), store.setPassword(s, a, p)),
    deletePassword: (s, a) => (calls.push('delete'), store.deletePassword(s, a)),
  };
}

/** The Secret Service object paths of our items for an account (a new path = a re-created item). */
function secretServiceItemPaths(account: string): string[] | null {
  if (!linux) return null; // the Secret Service is Linux's; the other keychains have no item paths to compare
  try {
    const out = execFileSync(
      'dbus-send',
      [
        '--session',
        '--print-reply',
        '--dest=org.freedesktop.secrets',
        '/org/freedesktop/secrets',
        'org.freedesktop.Secret.Service.SearchItems',
        `dict:string:string:service,${KEYCHAIN_SERVICE},username,${account}`,
      ],
      { encoding: 'utf8', timeout: 5000 },
    );
    return [...out.matchAll(/object path "([^"]+)"/g)].map((m) => m[1] ?? '');
  } catch (err) {
    console.warn(`[keychain] dbus-send unavailable, item-path check skipped: ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
}

function hasSecretTool(): boolean {
  // It has no --version: run it bare (it prints its usage and exits 2); only a missing program is an error.
  const r = spawnSync('secret-tool', [], { stdio: 'ignore', timeout: 5000 });
  if (!r.error) return true;
  console.warn('[keychain] SKIPPING the secret-tool check: secret-tool is not installed (Debian: libsecret-tools)');
  return false;
}

describe.skipIf(noBus)('KeyVault on the real keychain', () => {
  let store: KeytarSecretStore;
  let vault: KeyVault;
  const log = recordingLogger();

  beforeAll(async () => {
    store = await loadKeytar(log);
    vault = new KeyVault(store, log);
  });

  afterAll(async () => {
    for (const p of [PROFILE_A, PROFILE_B]) await store?.deletePassword(KEYCHAIN_SERVICE, p).catch(() => false);
    expect(log.lines.join('\n')).not.toMatch(/FAKE-TEST-KEY/);
  });

  const mine = async (account: string) =>
    (await store.findCredentials(KEYCHAIN_SERVICE)).filter((c) => c.account === account);

  it('reports the keychain as available', async () => {
    expect(await vault.status()).toEqual({ available: true });
  });

  it('has no key for a fresh profile', async () => {
    expect(await vault.get(PROFILE_A)).toBeNull();
    expect(await vault.info(PROFILE_A)).toEqual({ hasKey: false, masked: null, storage: 'none' });
  });

  it('sets and gets a key, trimming pasted whitespace and newlines', async () => {
    await vault.set(PROFILE_A, `  ${KEY_1}\r\n`);
    expect(await vault.get(PROFILE_A)).toBe(KEY_1);
    // What is really in the keychain is the trimmed key.
    expect(await store.getPassword(KEYCHAIN_SERVICE, PROFILE_A)).toBe(KEY_1);
  });

  it('info() shows only the last four characters', async () => {
    const info = await vault.info(PROFILE_A);
    expect(info).toEqual({ hasKey: true, masked: '••••••5e6f', storage: 'keychain' });
    expect(info.masked).not.toContain(KEY_1.slice(0, -4));
  });

  it('replaces the key in place: one item, same Secret Service item, never a delete', async () => {
    const before = secretServiceItemPaths(PROFILE_A);
    const spied = spy(store);
    await new KeyVault(spied).set(PROFILE_A, KEY_2);
    expect(spied.calls).toEqual(['set']);
    // A fresh vault reads the keychain itself (a vault remembers what it last read or wrote).
    vault = new KeyVault(store, log);
    expect(await vault.get(PROFILE_A)).toBe(KEY_2);
    const items = await mine(PROFILE_A);
    expect(items).toHaveLength(1);
    expect(items[0]?.password).toBe(KEY_2);
    const after = secretServiceItemPaths(PROFILE_A);
    if (before && after) {
      expect(before).toHaveLength(1);
      expect(after).toEqual(before);
    }
    expect((await vault.info(PROFILE_A)).masked).toBe('••••••3f9a');
  });

  it('keeps two profiles apart', async () => {
    await vault.set(PROFILE_B, KEY_B);
    expect(await vault.get(PROFILE_A)).toBe(KEY_2);
    expect(await vault.get(PROFILE_B)).toBe(KEY_B);
    await vault.delete(PROFILE_B);
    expect(await vault.get(PROFILE_B)).toBeNull();
    expect(await vault.get(PROFILE_A)).toBe(KEY_2);
  });

  // The OS's own tool, not our binding, reads what the vault wrote: the item is where the desktop's keyring shows it
  // (service "Lookup Tray", the profile as the account), its label does not hold the key, and a key another program
  // stores there is what the vault reads. Linux only (secret-tool is libsecret's; Debian package libsecret-tools).
  const secretTool = linux && hasSecretTool();
  it.skipIf(!secretTool)(
    'the OS tool (secret-tool) sees the item the vault wrote, and the vault reads one it wrote',
    async () => {
      const attrs = ['service', KEYCHAIN_SERVICE, 'username', PROFILE_A];
      expect(execFileSync('secret-tool', ['lookup', ...attrs], { encoding: 'utf8', timeout: 5000 })).toBe(KEY_2);
      const listed = execFileSync('secret-tool', ['search', '--all', ...attrs], { encoding: 'utf8', timeout: 5000 });
      const label = /^label = (.*)$/m.exec(listed)?.[1] ?? '';
      expect(label).not.toContain(KEY_2);
      execFileSync('secret-tool', ['store', '--label', 'Lookup Tray (set by secret-tool)', ...attrs], {
        input: KEY_1,
        timeout: 5000,
      });
      expect(await new KeyVault(store, log).get(PROFILE_A)).toBe(KEY_1);
      await vault.set(PROFILE_A, KEY_2);
      expect(execFileSync('secret-tool', ['lookup', ...attrs], { encoding: 'utf8', timeout: 5000 })).toBe(KEY_2);
    },
  );

  it('deletes a key from the keychain', async () => {
    await vault.delete(PROFILE_A);
    expect(await vault.get(PROFILE_A)).toBeNull();
    expect(await mine(PROFILE_A)).toHaveLength(0);
    expect(await vault.info(PROFILE_A)).toEqual({ hasKey: false, masked: null, storage: 'none' });
  });

  it('refuses an empty key and one with inner whitespace, without storing anything or echoing it', async () => {
    await expect(vault.set(PROFILE_A, ' \n\t ')).rejects.toBeInstanceOf(InvalidKeyError);
    const err = await vault.set(PROFILE_A, 'FAKE-TEST-KEY half\nhalf').catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(InvalidKeyError);
    expect((err as Error).message).not.toContain('FAKE-TEST-KEY');
    expect(await mine(PROFILE_A)).toHaveLength(0);
  });

  it('a session-only key wins over the keychain and never reaches it', async () => {
    await vault.set(PROFILE_A, KEY_1);
    await vault.set(PROFILE_A, KEY_2, { sessionOnly: true });
    expect(await vault.get(PROFILE_A)).toBe(KEY_2);
    expect(await vault.info(PROFILE_A)).toMatchObject({ hasKey: true, storage: 'memory' });
    expect((await mine(PROFILE_A)).map((c) => c.password)).toEqual([KEY_1]);
    await vault.delete(PROFILE_A);
    expect(await vault.get(PROFILE_A)).toBeNull();
    expect(await mine(PROFILE_A)).toHaveLength(0);
  });
});

if (!linux)
  console.warn(
    `[keychain] SKIPPING the no-keychain tests on ${process.platform}: they point D-Bus nowhere, which only takes the keychain away on Linux.`,
  );

describe.skipIf(!linux)('KeyVault without a keychain (real @napi-rs/keyring, D-Bus pointing nowhere)', () => {
  type Attempt = { ok: true; value?: unknown } | { ok: false; error: string; message: string };
  type ChildResult = Record<string, Attempt> & { stub: Record<string, Attempt> };
  const FAKE = 'FAKE-TEST-KEY-nokeychain-77aa';
  const results: Record<'getFirst' | 'statusFirst', { parsed: ChildResult; raw: string }> = {} as never;

  beforeAll(async () => {
    const env = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/lookup-tray-test', FAKE_KEY: FAKE };
    const noKeychainChild = async (firstOp: string) => {
      const { stdout, stderr } = await runChild(CHILD, [], { env: { ...env, FIRST_OP: firstOp }, timeoutMs: 15_000 });
      return { parsed: JSON.parse(stdout) as ChildResult, raw: stdout + stderr };
    };
    [results.getFirst, results.statusFirst] = await Promise.all([noKeychainChild('get'), noKeychainChild('status')]);
  });

  const unavailable = { ok: false, error: 'KeychainUnavailableError', message: NO_KEYCHAIN_MESSAGE };

  it('get(), set() and delete() fail with the clear, actionable message', () => {
    for (const { parsed } of Object.values(results)) {
      expect(parsed.realGet).toEqual(unavailable);
      expect(parsed.realSet).toEqual(unavailable);
      expect(parsed.realDelete).toEqual(unavailable);
    }
    expect(NO_KEYCHAIN_MESSAGE).toMatch(/No system keychain found\. Install and unlock GNOME Keyring or KWallet/);
    expect(NO_KEYCHAIN_MESSAGE).toMatch(/in memory for this session only/);
  });

  it('status() says unavailable even as the first call of the process', () => {
    for (const { parsed } of Object.values(results)) {
      expect(parsed.realStatus).toEqual({ ok: true, value: { available: false } });
      expect(parsed.realInfo).toEqual({ ok: true, value: { hasKey: false, masked: null, storage: 'none' } });
    }
  });

  it('offers a session-only key that works (real keytar store and UnavailableSecretStore)', () => {
    const { parsed } = results.getFirst;
    expect(parsed.realSessionSet).toEqual({ ok: true });
    expect(parsed.realSessionGetIsKey).toEqual({ ok: true, value: true });
    expect(parsed.realSessionInfo).toEqual({
      ok: true,
      value: { hasKey: true, masked: '••••••77aa', storage: 'memory' },
    });
    expect(parsed.realSessionDelete).toEqual({ ok: true });
    expect(parsed.realAfterDelete).toEqual({ ok: true, value: { hasKey: false, masked: null, storage: 'none' } });
    expect(parsed.stub.set).toEqual(unavailable);
    expect(parsed.stub.sessionSet).toEqual({ ok: true });
    expect(parsed.stub.sessionGetIsKey).toEqual({ ok: true, value: true });
  });

  it('never prints the key', () => {
    for (const { raw } of Object.values(results)) expect(raw).not.toContain(FAKE);
  });

  it('KeychainUnavailableError carries the message by default', () => {
    const e = new KeychainUnavailableError();
    expect(e.message).toBe(NO_KEYCHAIN_MESSAGE);
    expect(e).toBeInstanceOf(Error);
  });
});
