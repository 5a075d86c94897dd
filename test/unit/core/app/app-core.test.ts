/**
 * The composed app core (what the Electron shell and the web preview both drive): first run, key save /
 * replace / remove, persistence across a restart, damaged settings, settings reaching the core at once,
 * demo mode, and the key never written anywhere but the key store.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import {
  KEYCHAIN_SERVICE,
  MemorySecretStore,
  UnavailableSecretStore,
} from '../../../../electron/core/secrets/key-vault';
import type { NotifyRequest } from '../../../../electron/core/lib/ports';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { stateScope } from '../../../../electron/core/storage/state-scope';
import { originOf } from '../../../../shared/base-url';
import { FOLDER_ID_FILE, folderId, scopedAccount } from '../../../../electron/core/app/keychain-folder';
import { noticeText } from '../../../helpers/notice-words';

const KEY = 'FAKE-core-key-aaaa-bbbb-cccc-1234';
const KEY2 = 'FAKE-core-key-zzzz-yyyy-xxxx-9876';

let dir: string;
/** A keychain account as this test's data folder names it (each folder has its own items). */
const inFolder = (account: string) => scopedAccount(account, folderId(dir).id);
let sim: Simulator;
let clock: OffsetClock;
let secrets: MemorySecretStore;
let notified: NotifyRequest[];
let logs: string[];
const cores: AppCore[] = [];

async function makeCore(
  opts: {
    demo?: boolean;
    secrets?: MemorySecretStore | UnavailableSecretStore;
    systemLanguages?: () => readonly string[];
  } = {},
): Promise<AppCore> {
  const log = (level: string) => (msg: string, extra?: Record<string, unknown>) =>
    logs.push(`${level} ${msg} ${JSON.stringify(extra ?? {})}`);
  const core = await createAppCore({
    clock,
    fetch,
    secrets: opts.secrets ?? secrets,
    dataDir: dir,
    notifier: { notify: (n) => notified.push(n) },
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
    demo: opts.demo ?? false,
    appFolder: dir, // the app's own folder: the one that adopts an earlier version's keychain items
    systemLanguages: opts.systemLanguages,
  });
  cores.push(core);
  return core;
}

function everyDataFile(): string {
  return readdirSync(dir)
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-core-'));
  clock = new OffsetClock();
  sim = await startSimulator({
    clock,
    keys: {
      [KEY]: { monthLimit: 100, minuteLimit: 50, label: 'one' },
      [KEY2]: { monthLimit: 200, minuteLimit: null, label: 'two' },
    },
  });
  secrets = new MemorySecretStore();
  notified = [];
  logs = [];
});

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('app core', () => {
  it('first run: no key, no figures, and a lookup is refused locally', async () => {
    const core = await makeCore();
    const snap = await core.handlers.getSnapshot();
    expect(snap.key).toEqual({ hasKey: false, masked: null, storage: 'none' });
    expect(snap.quota.month).toBeNull();
    const out = await core.handlers.lookup({ ip: '8.8.8.8' });
    expect(out.kind).toBe('no-key');
    expect(sim.log).toHaveLength(0);
  });

  it('saves a key verified for free through the status check, then looks up and shows the quota', async () => {
    const core = await makeCore();
    const changes: number[] = [];
    core.on('quota-changed', (q) => q.month && changes.push(q.month.remaining));
    const saved = await core.handlers.saveKey({ key: `  ${KEY}\n`, baseUrl: `${sim.url}/v2/info?ip=1.1.1.1` });
    expect(saved).toMatchObject({ kind: 'saved', verified: 'status' });
    expect(sim.log.filter((l) => l.path === '/v2/info')).toHaveLength(0); // verifying spent nothing
    const snap = await core.handlers.getSnapshot();
    expect(snap.settings.baseUrl).toBe(sim.url);
    expect(snap.key).toEqual({ hasKey: true, masked: '••••••1234', storage: 'memory' }); // the in-memory store says where it keeps keys
    const out = await core.handlers.lookup({ ip: '8.8.8.8' });
    expect(out.kind).toBe('ok');
    expect((await core.handlers.getSnapshot()).quota.month).toMatchObject({ limit: 100, remaining: 99 });
    expect(changes).toContain(99);
  });

  it('keeps the figures across a restart, and never writes the key to its files or logs', async () => {
    const first = await makeCore();
    await first.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    await first.handlers.lookup({ ip: '8.8.8.8' });
    await first.dispose();
    cores.splice(cores.indexOf(first), 1);
    const second = await makeCore();
    const snap = await second.handlers.getSnapshot();
    expect(snap.quota.month).toMatchObject({ limit: 100, remaining: 99 });
    expect((await second.handlers.recentLookups()).map((r) => r.ip)).toEqual(['8.8.8.8']);
    const cached = await second.handlers.lookup({ ip: '8.8.8.8' });
    expect(cached).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(everyDataFile()).not.toContain(KEY);
    expect(logs.join('\n')).not.toContain(KEY);
    expect(JSON.stringify(snap)).not.toContain(KEY);
  });

  it('a burst of lookups reaches state.db once, after a short delay, not once per response', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    clock.advance(5_000);
    const other = StateDb.open({ dir }); // another process's view of the same folder
    const version = other.dataVersion();
    for (const ip of ['8.8.8.8', '1.1.1.1', '9.9.9.9']) expect((await core.handlers.lookup({ ip })).kind).toBe('ok');
    expect(other.dataVersion()).toBe(version);
    expect(other.cacheCount()).toBe(0);
    clock.advance(1_100); // one write for the whole burst
    expect(other.dataVersion()).not.toBe(version);
    const rows = stateScope('default', originOf(sim.url)); // the profile's rows at its service's origin
    expect(other.cacheRecent(rows, 10).map((r) => r.ip)).toEqual(['9.9.9.9', '1.1.1.1', '8.8.8.8']);
    expect(other.readEngine(rows)).toMatchObject({ month: { limit: 100, remaining: 97 } });
    other.close();
  });

  it('a state.json from the previous version is imported once and kept aside', async () => {
    const first = await makeCore();
    await first.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    await first.dispose();
    cores.splice(cores.indexOf(first), 1);
    rmSync(join(dir, 'state.db'));
    const month = { limit: 100, remaining: 42, observedAt: clock.now(), resetAt: clock.now() + 86_400_000 };
    writeFileSync(
      join(dir, 'state.json'),
      JSON.stringify({
        version: 1,
        quota: {
          default: {
            version: 1,
            engine: { version: 1, month: { ...month, level: 'ok', estimated: false }, minutePlan: 'none', history: [] },
            cache: null,
            statusCheck: {},
          },
        },
        alerts: { version: 1, profiles: {} },
        pausedUntil: null,
      }),
    );
    const core = await makeCore();
    expect((await core.handlers.getSnapshot()).quota.month).toMatchObject({ limit: 100, remaining: 42 });
    expect(readdirSync(dir).filter((f) => f.startsWith('state.json'))).toEqual([
      expect.stringMatching(/^state\.json\.imported-/),
    ]);
  });

  it('replacing the key drops the old key’s figures; removing it empties the keychain', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    await core.handlers.lookup({ ip: '8.8.8.8' });
    const replaced = await core.handlers.saveKey({ key: KEY2 });
    expect(replaced).toMatchObject({ kind: 'saved', key: { masked: '••••••9876' } });
    const snap = await core.handlers.getSnapshot();
    expect(snap.quota.month?.limit ?? null).not.toBe(100);
    expect(await core.handlers.recentLookups()).toEqual([]);
    expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([
      { account: inFolder(`default@${new URL(sim.url).origin}`), password: KEY2 },
    ]);
    const info = await core.handlers.removeKey();
    expect(info.hasKey).toBe(false);
    expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
  });

  describe('the key goes only to the origin it was entered for', () => {
    let other: Simulator;
    beforeEach(async () => {
      other = await startSimulator({ clock, keys: { [KEY]: { monthLimit: 100, minuteLimit: 50, label: 'other' } } });
    });
    afterEach(async () => {
      await other.close();
    });

    it('after a base-URL change to another origin nothing is sent there until the key is entered again', async () => {
      const core = await makeCore();
      await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
      const r = await core.handlers.updateSettings({ baseUrl: other.url }); // e.g. a compromised renderer
      expect(r.kind).toBe('saved');
      const snap = await core.handlers.getSnapshot();
      expect(snap.key).toEqual({
        hasKey: false,
        masked: null,
        storage: 'none',
        savedFor: new URL(sim.url).origin,
      });
      expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'no-key' });
      expect((await core.handlers.checkQuota({ spend: true })).kind).toBe('failed');
      expect(other.log).toHaveLength(0);

      // Back to the first service: its key works again, still never sent to the other.
      await core.handlers.updateSettings({ baseUrl: sim.url });
      expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'ok' });
      expect(other.log).toHaveLength(0);

      // Entered again for the other service: now it is used there.
      await core.handlers.updateSettings({ baseUrl: other.url });
      expect(await core.handlers.saveKey({ key: KEY })).toMatchObject({ kind: 'saved' });
      expect(await core.handlers.lookup({ ip: '1.1.1.1' })).toMatchObject({ kind: 'ok', source: 'network' });
      expect(other.log.filter((l) => l.path === '/v2/info')).toHaveLength(1);
    });

    it('a key saved by an earlier version (bound to no origin) is used only once the user confirms the service, and its item stays', async () => {
      const first = await makeCore();
      await first.handlers.updateSettings({ baseUrl: sim.url });
      await first.dispose();
      cores.splice(cores.indexOf(first), 1);
      // How the previous version left the folder and the keychain: no folder id, the key under the profile's name.
      rmSync(join(dir, FOLDER_ID_FILE));
      await secrets.setPassword(KEYCHAIN_SERVICE, 'default', KEY);
      const core = await makeCore();
      // Not bound to the base URL settings.json names (a file is no proof of where the key was meant to go).
      expect((await core.handlers.getSnapshot()).key).toMatchObject({ hasKey: false, legacy: true });
      expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'no-key' });
      expect(sim.log).toHaveLength(0);

      // The window's confirmation names the origin it showed: refused once the base URL has moved.
      const origin = new URL(sim.url).origin;
      expect(await core.handlers.useLegacyKey({ origin: new URL(other.url).origin })).toMatchObject({
        kind: 'rejected',
      });
      expect(await core.handlers.useLegacyKey({ origin })).toMatchObject({ kind: 'saved' });
      expect((await core.handlers.getSnapshot()).key).toMatchObject({ hasKey: true, masked: '••••••1234' });
      expect((await core.handlers.getSnapshot()).key.legacy).toBeUndefined();
      expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'ok' });
      // Copied, never moved: the earlier version's item is still there.
      expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([
        { account: 'default', password: KEY },
        { account: inFolder(`default@${origin}`), password: KEY },
      ]);
      await core.handlers.updateSettings({ baseUrl: other.url });
      expect(await core.handlers.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'no-key' });
      expect(other.log).toHaveLength(0);
    });
  });

  it('an unknown key is rejected and not stored', async () => {
    const core = await makeCore();
    const out = await core.handlers.saveKey({ key: 'FAKE-not-known-0000', baseUrl: sim.url });
    expect(out.kind).toBe('rejected');
    expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
  });

  it('without a keychain the save says so, and the session-only choice keeps the key in memory', async () => {
    const core = await makeCore({ secrets: new UnavailableSecretStore() });
    expect((await core.handlers.getSnapshot()).keychain.available).toBe(false);
    const out = await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    expect(out.kind).toBe('no-keychain');
    const again = await core.handlers.saveKey({ key: KEY, baseUrl: sim.url, sessionOnly: true });
    expect(again).toMatchObject({ kind: 'saved', key: { storage: 'memory' } });
    expect((await core.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('ok');
    expect(everyDataFile()).not.toContain(KEY);
  });

  it('a damaged settings file: the app starts with defaults, says so once, and keeps the old file aside', async () => {
    writeFileSync(join(dir, 'settings.json'), '\u0000\u00ff{"baseUrl": garbage');
    const core = await makeCore();
    const snap = await core.handlers.getSnapshot();
    expect(snap.settings.baseUrl).toBe('');
    expect(snap.notices).toHaveLength(1);
    expect(noticeText(snap.notices[0])).toMatch(/damaged/i);
    expect(readdirSync(dir).some((f) => /^settings\.corrupt-.*\.json$/.test(f))).toBe(true);
    expect(readdirSync(dir).some((f) => f.startsWith('state.corrupt-'))).toBe(false);
    await core.handlers.dismissNotice({ id: snap.notices[0]!.id });
    expect((await core.handlers.getSnapshot()).notices).toHaveLength(0);
  });

  it.each([
    ['an empty file', ''],
    ['truncated JSON', '{"schemaVersion":1,"baseUrl":"https://api.exa'],
    ['valid JSON that violates the schema', '{"schemaVersion":1,"baseUrl":42,"thresholds":"high"}'],
  ])('settings.json as %s: defaults and one notice, never a crash', async (_name, content) => {
    writeFileSync(join(dir, 'settings.json'), content);
    const core = await makeCore();
    const snap = await core.handlers.getSnapshot();
    expect(snap.settings.thresholds.monthLow).toBe(25);
    expect(snap.notices).toHaveLength(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('settings.corrupt-'))).toHaveLength(1);
  });

  it('a damaged state file starts clean with a notice and leaves the settings alone', async () => {
    const first = await makeCore();
    await first.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    await first.dispose();
    cores.splice(cores.indexOf(first), 1);
    writeFileSync(join(dir, 'state.db'), 'this is not a database, it was damaged');
    const core = await makeCore();
    const snap = await core.handlers.getSnapshot();
    expect(snap.settings.baseUrl).toBe(sim.url);
    expect(snap.key.hasKey).toBe(true);
    expect(snap.notices.map(noticeText)).toEqual([expect.stringMatching(/state\.db .*damaged/)]);
    expect(readdirSync(dir).some((f) => /^state\.corrupt-.*\.db$/.test(f))).toBe(true);
    expect((await core.handlers.lookup({ ip: '8.8.8.8' })).kind).toBe('ok');
  });

  it('a settings write that fails after start-up shows its notice in the window at once', async () => {
    const core = await makeCore();
    const pushed: number[] = [];
    core.on('snapshot-changed', (s) => pushed.push(s.notices.length));
    expect((await core.handlers.getSnapshot()).notices).toEqual([]);
    rmSync(join(dir, 'settings.json'), { force: true });
    mkdirSync(join(dir, 'settings.json')); // the file can no longer be replaced
    const r = await core.handlers.updateSettings({ monthResetDay: 5 });
    expect(r.kind).toBe('saved');
    const notices = (await core.handlers.getSnapshot()).notices;
    expect(notices.map(noticeText)).toEqual([expect.stringMatching(/could not be saved/)]);
    expect(pushed.at(-1)).toBe(1);
  });

  it("notifications speak the interface language: the system's while the setting follows it, then the one chosen", async () => {
    let system = ['de-DE', 'en-US'];
    const core = await makeCore({ systemLanguages: () => system });
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    sim.setUsage(KEY, { month: 85 });
    await core.handlers.lookup({ ip: '8.8.8.8' }); // 14 of 100 left: low
    expect(notified.map((n) => n.title)).toContain('Monatskontingent wird knapp');
    system = ['de-DE'];
    expect((await core.handlers.updateSettings({ interfaceLanguage: 'en' })).kind).toBe('saved');
    sim.setUsage(KEY, { month: 95 });
    await core.handlers.lookup({ ip: '1.1.1.1', force: true }); // 4 of 100 left: critical
    expect(notified.map((n) => n.title)).toContain('Month quota almost used up');
  });

  it("the system's whole language list: a first language without a catalog gives the next one's; the window gets the list", async () => {
    const core = await makeCore({ systemLanguages: () => ['fr-FR', 'de-DE'] });
    expect(core.lang()).toBe('de');
    expect((await core.handlers.getSnapshot()).systemLanguages).toEqual(['fr-FR', 'de-DE']);
    // Without a list (the web preview's core) the snapshot says nothing: the page uses the browser's.
    const preview = await makeCore();
    expect(preview.lang()).toBe('en');
    expect((await preview.handlers.getSnapshot()).systemLanguages).toBeUndefined();
  });

  it('settings reach the core at once: new thresholds change the level without a restart', async () => {
    const core = await makeCore();
    await core.handlers.saveKey({ key: KEY, baseUrl: sim.url });
    sim.setUsage(KEY, { month: 60 });
    await core.handlers.lookup({ ip: '8.8.8.8' }); // 39 of 100 left
    expect((await core.handlers.getSnapshot()).quota.month?.level).toBe('ok');
    const r = await core.handlers.updateSettings({ thresholds: { monthLow: 50, monthCritical: 20 } });
    expect(r.kind).toBe('saved');
    expect((await core.handlers.getSnapshot()).quota.month?.level).toBe('low');
  });

  it('demo mode: lookups against the embedded simulator, fast-forward drains the month, DEMO notifications, nothing in the keychain', async () => {
    const core = await makeCore({ demo: true });
    const snap = await core.handlers.getSnapshot();
    expect(snap.demo.active).toBe(true);
    expect(snap.key.masked).toBe('DEMO');
    expect((await core.handlers.lookup({ ip: '8.8.8.8' })).kind).toBe('ok');
    for (let day = 0; day < 45 && !notified.some((n) => /almost used up/.test(n.title)); day++) {
      await core.handlers.demoFastForward({ by: 'day' });
    }
    const titles = notified.map((n) => n.title);
    expect(titles.filter((t) => t === 'DEMO — Month quota running low')).toHaveLength(1);
    expect(titles.filter((t) => t === 'DEMO — Month quota almost used up')).toHaveLength(1);
    expect(await secrets.findCredentials(KEYCHAIN_SERVICE)).toEqual([]);
    const left = await core.handlers.stopDemo();
    expect(left.demo.active).toBe(false);
    expect(left.key.hasKey).toBe(false);
    expect(everyDataFile()).not.toMatch(/demo-[0-9a-f]{24}/);
  });

  it('opens only https links to the fixed allow-list, never a host the (renderer-settable) base URL names', async () => {
    const opened: string[] = [];
    const core = await createAppCore({
      clock,
      fetch,
      secrets,
      dataDir: dir,
      notifier: { notify() {} },
      logger: { info() {}, warn() {}, error() {} },
      openExternal: async (u) => void opened.push(u),
    });
    cores.push(core);
    await core.handlers.updateSettings({ baseUrl: 'https://api.example.com' });
    const map = 'https://www.openstreetmap.org/?mlat=52.52&mlon=13.4#map=12/52.52/13.4'; // shared/map-link.ts's shape
    expect(await core.handlers.openExternal({ url: map })).toEqual({ opened: true });
    for (const url of [
      'https://api.example.com/dashboard',
      'http://www.openstreetmap.org/',
      'http://api.example.com/',
      'https://evil.example.net/',
      'javascript:alert(1)',
      'https://u:p@api.example.com/',
    ])
      expect(await core.handlers.openExternal({ url })).toEqual({ opened: false });
    expect(opened).toEqual([map]);
  });
});

describe('a pause of notifications is bounded', () => {
  it('an absurd pause (1e300) is cut to 30 days, and one read back from state.db out of range is no pause', async () => {
    const core = await makeCore();
    const before = clock.now();
    await core.handlers.pauseNotifications({ until: 1e300 });
    const paused = (await core.handlers.getSnapshot()).notifications.pausedUntil ?? 0;
    expect(paused).toBeGreaterThanOrEqual(before + 30 * 86_400_000);
    expect(paused).toBeLessThanOrEqual(clock.now() + 30 * 86_400_000);
    await core.dispose();
    cores.splice(cores.indexOf(core), 1);
    const db = StateDb.open({ dir });
    db.writeKv('pausedUntil', 1e300); // e.g. written by an earlier version
    db.close();
    const again = await makeCore();
    expect((await again.handlers.getSnapshot()).notifications.pausedUntil).toBeNull();
  });
});
