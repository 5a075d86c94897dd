/**
 * Saving the key and the settings: network failures keep their real reason, a redirect is
 * described by where it points (never its HTML), and each problem has one message, worded for where it appears.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { startSimulator } from '../../../../electron/demo/simulator';
import { createApiClient, type RawResult } from '../../../../electron/core/lookup-api/client';
import { toLookupOutcome } from '../../../../electron/core/lookup-api/outcomes';
import { ManualClock } from '../../../helpers/manual-clock';
import { QuotaEngine } from '../../../../electron/core/quota/engine';
import { adaptKeytar, KeyVault, MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { englishKeyWords, verifyProblem } from '../../../helpers/key-words';
import { parseSettings, validatePatch } from '../../../../electron/core/storage/settings-migrations';
import { acceleratorFromKeys, checkAccelerator, describeAccelerator } from '../../../../shared/accelerator';
import { normalizeBaseUrl } from '../../../../shared/base-url';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';
import { wordsFor } from '../../../../shared/i18n';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 10);
const engine = (clock = new ManualClock(T0)) =>
  new QuotaEngine({
    profile: 'p',
    clock,
    thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
    monthResetDay: 1,
  });

describe('network failures keep their reason', () => {
  it('a certificate or TLS handshake failure is "tls", not "could not be reached"', async () => {
    const clock = new ManualClock(T0);
    for (const code of [
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_HAS_EXPIRED',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'ERR_TLS_CERT_ALTNAME_INVALID',
      'ERR_SSL_WRONG_VERSION_NUMBER',
    ]) {
      const fetchFn: typeof fetch = async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause: { code } });
      };
      const r = await createApiClient({ fetch: fetchFn, clock }).request({
        baseUrl: 'https://api.example.com',
        key: 'FAKE-k',
        path: '/v2/status',
      });
      expect(r, code).toMatchObject({ kind: 'network-error', reason: 'tls' });
    }
  });

  it('on Save, each network failure is put on the base URL with its own words', () => {
    const at = 'https://api.example.com:8443';
    const problem = (reason: 'refused' | 'dns' | 'timeout' | 'tls' | 'reset' | 'other') =>
      verifyProblem({ kind: 'network-error', reason }, at);
    expect(problem('refused')).toEqual({ field: 'baseUrl', message: expect.stringMatching(/refused/) });
    expect(problem('dns')).toEqual({
      field: 'baseUrl',
      message: expect.stringMatching(/^The address api\.example\.com could not be found/),
    });
    expect(problem('timeout').message).toMatch(/did not answer in time/);
    expect(problem('tls').message).toMatch(/secure connection/);
    const messages = (['refused', 'dns', 'timeout', 'tls', 'reset', 'other'] as const).map((r) => problem(r).message);
    expect(new Set(messages).size).toBe(messages.length);
    for (const m of messages) expect(m).not.toMatch(/in Settings/);
  });

  it('a refused key is put on the key field, a 5xx on the form, and neither says "in Settings"', () => {
    const at = 'https://api.example.com';
    expect(verifyProblem({ kind: 'invalid-key', status: 401 }, at)).toEqual({
      field: 'key',
      message: expect.stringMatching(/401/),
    });
    expect(verifyProblem({ kind: 'server-error', status: 503 }, at).field).toBeNull();
    for (const o of [
      { kind: 'invalid-key', status: 401 },
      { kind: 'bad-response', status: 404, why: { kind: 'not-found' }, raw: '' },
    ] as const)
      expect(verifyProblem(o, at).message).not.toMatch(/in Settings/);
  });
});

describe('a redirect', () => {
  const redirect = (): RawResult => ({
    kind: 'response',
    status: 301,
    headers: new Headers({ location: 'https://www.example.net/moved', 'content-type': 'text/html' }),
    bodyText: '<html><head><title>301 Moved Permanently</title></head><body><h1>Moved</h1></body></html>',
    json: undefined,
    receivedAt: T0,
  });

  it('is described by where it points; its HTML body is not kept for display', () => {
    const o = toLookupOutcome(redirect(), '8.8.8.8', engine());
    expect(o).toMatchObject({ kind: 'bad-response', status: 301 });
    if (o.kind !== 'bad-response') throw new Error('unreachable');
    expect(wordsFor('en').w.outcome.message(o)).toContain('https://www.example.net/moved');
    expect(o.raw).not.toMatch(/<html|<body|Moved Permanently/);
    expect(o.raw).toContain('Location: https://www.example.net/moved');
  });

  it('on Save, is put on the base URL with its target', () => {
    const o = toLookupOutcome(redirect(), '', engine());
    expect(verifyProblem(o, 'https://api.example.com')).toEqual({
      field: 'baseUrl',
      message: expect.stringContaining('redirects to https://www.example.net/moved (301)'),
    });
  });
});

describe('where the key is (item 11)', () => {
  const fakeKeytar = () => {
    const m = new Map<string, string>();
    return {
      getPassword: async (_s: string, a: string) => m.get(a) ?? null,
      setPassword: async (_s: string, a: string, p: string) => void m.set(a, p),
      deletePassword: async (_s: string, a: string) => m.delete(a),
      findCredentials: async () => [...m].map(([account, password]) => ({ account, password })),
    };
  };

  it('a key held by the in-memory store is reported as in memory, and the vault says it has no keychain', async () => {
    const vault = new KeyVault(new MemorySecretStore());
    await vault.set('default', 'FAKE-where-key-1111');
    expect(await vault.info('default')).toMatchObject({ hasKey: true, storage: 'memory' });
    expect(await vault.status()).toEqual({ available: true, store: 'memory' });
  });

  it('a key held by the OS keychain is reported as in the keychain', async () => {
    const vault = new KeyVault(adaptKeytar(fakeKeytar()));
    await vault.set('default', 'FAKE-where-key-2222');
    expect(await vault.info('default')).toMatchObject({ hasKey: true, storage: 'keychain' });
    expect(await vault.status()).toEqual({ available: true });
  });
});

describe('a bad base URL scheme (item 16)', () => {
  it('has one message, whatever the scheme (none, ftp:, javascript:, plain http:// to another computer)', () => {
    const messages = [
      'api.example.com',
      'ftp://files.example.com',
      'javascript:alert(1)',
      'http://api.example.com',
    ].map((input) => {
      const r = normalizeBaseUrl(input);
      return r.ok ? 'accepted' : r.message;
    });
    expect(new Set(messages).size).toBe(1);
    expect(messages[0]).toMatch(/^The base URL must use https:\/\//);
    expect(messages[0]).not.toMatch(/\(got /);
  });
});

describe('the global shortcut (item 14)', () => {
  const settings = () => parseSettings({}) as Extract<ReturnType<typeof parseSettings>, { ok: true }>;

  it('a change the shell could not register is refused, with the field and a reason', () => {
    for (const [shortcut, reason] of [
      ['Ctrl+Foo', /"Foo" is not a key/],
      ['Hyper+K', /"Hyper" is not a modifier/],
      ['Shift+K', /needs Ctrl, Alt or Super/],
      ['K', /needs Ctrl, Alt or Super/],
      ['Ctrl+Shift', /needs a key/],
      ['Ctrl++', /Plus/],
    ] as const) {
      const r = validatePatch(settings().settings, { shortcut });
      expect(r, shortcut).toEqual({
        kind: 'invalid',
        errors: [{ field: 'shortcut', message: expect.stringMatching(reason) }],
      });
    }
  });

  it('a registrable one is saved in canonical spelling', () => {
    const r = validatePatch(settings().settings, { shortcut: ' ctrl+shift+k ' });
    expect(r).toMatchObject({ kind: 'saved', settings: { shortcut: 'Control+Shift+K' } });
    expect(checkAccelerator('cmdorctrl+alt+f12')).toEqual({ ok: true, accelerator: 'CommandOrControl+Alt+F12' });
    expect(checkAccelerator('Alt+Plus')).toEqual({ ok: true, accelerator: 'Alt+Plus' });
  });

  it('the recorder turns a key press into an accelerator and shows it in human form', () => {
    const press = (
      code: string,
      mods: Partial<Record<'ctrlKey' | 'altKey' | 'shiftKey' | 'metaKey', boolean>> = {},
    ) => ({
      code,
      ctrlKey: false,
      altKey: false,
      shiftKey: false,
      metaKey: false,
      ...mods,
    });
    expect(acceleratorFromKeys(press('KeyK', { ctrlKey: true, shiftKey: true }))).toEqual({
      kind: 'accelerator',
      accelerator: 'CommandOrControl+Shift+K',
    });
    expect(acceleratorFromKeys(press('KeyK', { metaKey: true, shiftKey: true }), true)).toEqual({
      kind: 'accelerator',
      accelerator: 'CommandOrControl+Shift+K',
    });
    expect(acceleratorFromKeys(press('ShiftLeft', { ctrlKey: true, shiftKey: true }))).toEqual({
      kind: 'modifiers',
      shown: 'Ctrl+Shift+…',
    });
    expect(acceleratorFromKeys(press('KeyK', { shiftKey: true }))).toMatchObject({ kind: 'refused' });
    expect(describeAccelerator('CommandOrControl+Shift+L')).toBe('Ctrl+Shift+L');
    expect(describeAccelerator('CommandOrControl+Shift+L', true)).toBe('⇧⌘L');
    expect(describeAccelerator('Alt+Super+PageDown')).toBe('Alt+Super+Page Down');
  });
});

describe('saving the key through the app core (items 1, 2, 9)', () => {
  const KEY = 'FAKE-save-core-key-aaaa-1234';
  let dir = '';
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function setup() {
    dir = mkdtempSync(join(tmpdir(), 'lt-save-'));
    const clock = new OffsetClock();
    const good = await startSimulator({ clock, keys: { [KEY]: { monthLimit: 500, minuteLimit: null } } });
    const stranger = await startSimulator({ clock, keys: {} });
    closers.push(
      () => good.close(),
      () => stranger.close(),
    );
    const core = await createAppCore({
      clock,
      fetch,
      secrets: new MemorySecretStore(),
      dataDir: dir,
      notifier: { notify: () => undefined },
      logger: silentLogger,
      demo: false,
    });
    closers.push(() => core.dispose());
    return { core, good, stranger };
  }

  it('each Save asks the base URL it was given: a 401 from one service does not stick to the next', async () => {
    const { core, good, stranger } = await setup();
    good.setUsage(KEY, { month: 120 });
    const first = await core.handlers.saveKey({ key: KEY, baseUrl: stranger.url });
    expect(first).toMatchObject({ kind: 'rejected', field: 'key' });
    const { key: keyWords, quoted } = englishKeyWords();
    expect(first.kind === 'rejected' && keyWords.problem(first.problem, quoted)).toMatch(/401/);
    const second = await core.handlers.saveKey({ key: KEY, baseUrl: good.url });
    expect(second).toMatchObject({ kind: 'saved', verified: 'status' });
    // Facts only (issue 43): the window words them (uiKey); no English sentence of the core's crosses IPC.
    for (const r of [first, second]) expect(r).not.toHaveProperty('message');
    expect(stranger.log).toHaveLength(1);
    expect(good.log.map((e) => e.path)).toEqual(['/v2/status']);
    // The figures the free check returned are the window's at once.
    const snap = await core.handlers.getSnapshot();
    expect(snap.quota.month).toMatchObject({ limit: 500, remaining: 380 });
  });
});
