import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  migrate,
  migrations,
  parseSettings,
  SettingsValidationError,
  validatePatch,
} from '../../../../electron/core/storage/settings-migrations';
import { SettingsStore } from '../../../../electron/core/storage/settings-store';
import {
  DEFAULT_SETTINGS,
  SETTINGS_SCHEMA_VERSION,
  type Settings,
  type SettingsPatch,
} from '../../../../shared/settings';
import { profileFields, settingsSchema } from '../../../../shared/settings-schema';
import { canTestReadOnly, isRoot, runStoreInReadOnlyDir } from '../../../helpers/read-only-dir';
import { noticeText } from '../../../helpers/notice-words';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const ASIDE = 'settings.corrupt-2026-11-22T12-00-00-000Z.json';
const FAKE_KEY = 'FAKE-TEST-KEY-settings-5a5a5a5a';

let dir: string;
let file: string;

const open = () => new SettingsStore({ dataDir: dir, now: () => NOW });
const defaults = (): Settings => structuredClone(DEFAULT_SETTINGS);
const fieldsOf = (o: ReturnType<typeof validatePatch>) => (o.kind === 'invalid' ? o.errors.map((e) => e.field) : []);
const messageFor = (o: ReturnType<typeof validatePatch>, field: string) =>
  o.kind === 'invalid' ? o.errors.find((e) => e.field === field)?.message : undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-test-'));
  file = path.join(dir, 'settings.json');
});

afterEach(() => {
  fs.chmodSync(dir, 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('SettingsStore: first run and normal use', () => {
  it('starts with the defaults and no notice when there is no file', () => {
    const store = open();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(store.notices()).toEqual([]);
  });

  it('persists a change, which the next start reads back', () => {
    const store = open();
    const outcome = store.update({
      baseUrl: 'https://api.example.com/v2/info?ip=1.1.1.1',
      thresholds: { monthLow: 30 },
    });
    expect(outcome.kind).toBe('saved');
    const reopened = open().get();
    expect(reopened.baseUrl).toBe('https://api.example.com');
    expect(reopened.thresholds).toEqual({ ...DEFAULT_SETTINGS.thresholds, monthLow: 30 });
    expect(fs.readdirSync(dir)).toEqual(['settings.json']);
  });

  it('onChange fires once per actual change with the new settings, and stops after unsubscribe', () => {
    const store = open();
    const seen: Settings[] = [];
    const off = store.onChange((s) => seen.push(s));
    store.update({ monthResetDay: 15 });
    store.update({ monthResetDay: 15 }); // no change: no event
    store.update({ monthResetDay: 99 }); // invalid: no event
    expect(seen.map((s) => s.monthResetDay)).toEqual([15]);
    off();
    store.update({ monthResetDay: 3 });
    expect(seen).toHaveLength(1);
    expect(store.get().monthResetDay).toBe(3);
  });

  it('a throwing listener does not stop the others or the update', () => {
    const store = open();
    const seen: number[] = [];
    store.onChange(() => {
      throw new Error('listener bug');
    });
    store.onChange((s) => seen.push(s.cache.maxEntries));
    expect(store.update({ cache: { maxEntries: 50 } }).kind).toBe('saved');
    expect(seen).toEqual([50]);
  });

  it('get() hands out a copy', () => {
    const store = open();
    store.get().thresholds.monthLow = 80;
    expect(store.get().thresholds.monthLow).toBe(25);
  });
});

describe('SettingsStore: damaged files', () => {
  const cases: [string, Buffer | string][] = [
    ['garbage bytes', Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0x7b, 0x22, 0xff])],
    ['an empty file', ''],
    ['truncated JSON', '{"schemaVersion": 1, "baseUrl": "https://api.exa'],
    ['valid JSON violating the schema', JSON.stringify({ ...DEFAULT_SETTINGS, monthResetDay: 31 })],
    ['a JSON array', '[1, 2, 3]'],
    // Issue 33: "@" and "#" end a keychain account's profile part; a file may not smuggle them in (nor may settings-fast).
    ['a profile name with "@"', JSON.stringify({ ...DEFAULT_SETTINGS, profile: 'default@https://x.example' })],
    [
      'another profile named with "#"',
      JSON.stringify({
        ...DEFAULT_SETTINGS,
        profiles: { 'default#0123456789abcdef': profileFields(DEFAULT_SETTINGS) },
      }),
    ],
    [
      'thresholds in the wrong order',
      JSON.stringify({ ...DEFAULT_SETTINGS, thresholds: { ...DEFAULT_SETTINGS.thresholds, monthCritical: 40 } }),
    ],
  ];

  it.each(cases)('%s: defaults, the file kept aside, one notice; the other files untouched', (_label, content) => {
    fs.writeFileSync(file, content);
    fs.writeFileSync(path.join(dir, 'state.json'), '{"quota": "keep me"}');
    const store = open();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    const aside = path.join(dir, ASIDE);
    expect(fs.readFileSync(aside)).toEqual(Buffer.from(content));
    const notices = store.notices();
    expect(notices).toHaveLength(1);
    expect(noticeText(notices[0])).toBe(
      `Your settings file was damaged and has been reset. The old file was kept as ${aside}`,
    );
    expect(fs.readFileSync(path.join(dir, 'state.json'), 'utf8')).toBe('{"quota": "keep me"}');
    // Told once: the next start finds no damage and says nothing.
    store.update({ answerLanguage: 'de' });
    const next = open();
    expect(next.notices()).toEqual([]);
    expect(next.get().answerLanguage).toBe('de');
  });

  it('a notice stays until dismissed', () => {
    fs.writeFileSync(file, '{{{');
    const store = open();
    const [notice] = store.notices();
    expect(store.notices()).toEqual([notice]);
    expect(store.dismissNotice(notice!.id)).toBe(true);
    expect(store.notices()).toEqual([]);
  });

  it('an unreadable settings path (a directory) gives defaults and a notice, never a crash', () => {
    fs.mkdirSync(file);
    const store = open();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(noticeText(store.notices()[0])).toMatch(/settings file could not be read/);
    expect(store.update({ monthResetDay: 7 }).kind).toBe('saved');
    expect(store.get().monthResetDay).toBe(7);
    expect(store.persistent).toBe(false);
  });

  describe.skipIf(!canTestReadOnly)(
    'in a read-only directory (chmod 555' + (isRoot ? ', store run as uid 65534 because root ignores it)' : ')'),
    () => {
      it('a corrupt file: defaults, a notice, the file left where it is', async () => {
        fs.writeFileSync(file, 'not json at all');
        const r = await runStoreInReadOnlyDir('settings', dir, { answerLanguage: 'de' });
        expect(r.before).toEqual(DEFAULT_SETTINGS);
        expect(r.notices.map((n) => n.message)).toEqual([
          expect.stringMatching(/settings file was damaged and could not be moved aside/),
        ]);
        expect(r.outcome).toMatchObject({ kind: 'saved' });
        expect(fs.readFileSync(file, 'utf8')).toBe('not json at all');
        expect(fs.readdirSync(dir)).toEqual(['settings.json']);
      });

      it('a valid file: read as it is; a change applies for the session and a notice says it could not be saved', async () => {
        const saved = { ...defaults(), profile: 'from-disk' };
        fs.writeFileSync(file, JSON.stringify(saved));
        const r = await runStoreInReadOnlyDir('settings', dir, { monthResetDay: 9 });
        expect(r.before).toEqual(saved);
        expect(r.after).toEqual({ ...saved, monthResetDay: 9 });
        expect(r.notices.map((n) => n.message)).toEqual([
          expect.stringMatching(/settings could not be saved \((EACCES|EPERM|EROFS)\)/),
        ]);
        expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual(saved);
      });
    },
  );
});

describe('migrations', () => {
  const v0 = {
    baseUrl: 'https://api.example.com/',
    profile: 'old',
    lowPercent: 30,
    criticalPercent: 5,
    notify: false,
    cacheTtlHours: 2,
    cacheSize: 200,
    autoCheckMinutes: 0,
    shortcut: 'Alt+L',
  };

  it('upgrades a v0 file (flat lowPercent/criticalPercent …) to the current version, filling defaults', () => {
    const s = migrate(v0);
    expect(s.schemaVersion).toBe(SETTINGS_SCHEMA_VERSION);
    expect(s.thresholds).toEqual({ monthLow: 30, monthCritical: 5, minuteLow: 30, minuteCritical: 5 });
    expect(Object.values(s.notifications).every((on) => on === false)).toBe(true);
    expect(s.cache).toEqual({ ttlMinutes: 120, maxEntries: 200 });
    expect(s.autoCheck).toEqual({ ...DEFAULT_SETTINGS.autoCheck, enabled: false });
    expect(s.baseUrl).toBe('https://api.example.com');
    expect(s.shortcut).toBe('Alt+L');
    expect(s.answerLanguage).toBe(DEFAULT_SETTINGS.answerLanguage);
    expect(s).not.toHaveProperty('lowPercent');
  });

  it('the store migrates an old file on start and writes the new version back, with no notice', () => {
    fs.writeFileSync(file, JSON.stringify({ ...v0, schemaVersion: 0 }));
    const store = open();
    expect(store.notices()).toEqual([]);
    expect(store.get().thresholds.monthLow).toBe(30);
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Settings;
    expect(onDisk.schemaVersion).toBe(SETTINGS_SCHEMA_VERSION);
    expect(onDisk).toEqual(store.get());
    expect(parseSettings(onDisk)).toMatchObject({ ok: true, migratedFrom: null });
  });

  it("a v1 file's `language` (the service's answer language) keeps its value as `answerLanguage`; the interface follows the system", () => {
    fs.writeFileSync(file, JSON.stringify({ schemaVersion: 1, baseUrl: 'https://api.example.com', language: 'fr' }));
    const store = open();
    expect(store.notices()).toEqual([]);
    expect(store.get()).toMatchObject({ answerLanguage: 'fr', interfaceLanguage: 'system' });
    const onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(onDisk).toMatchObject({ schemaVersion: SETTINGS_SCHEMA_VERSION, answerLanguage: 'fr' });
    expect(onDisk).not.toHaveProperty('language');
    // A file that somehow holds both keeps the new name's value.
    expect(migrate({ schemaVersion: 1, language: 'fr', answerLanguage: 'it' }).answerLanguage).toBe('it');
  });

  it('fills defaults for fields missing from a current-version file', () => {
    expect(migrate({ schemaVersion: SETTINGS_SCHEMA_VERSION, profile: 'p', thresholds: { monthLow: 40 } })).toEqual({
      ...DEFAULT_SETTINGS,
      profile: 'p',
      thresholds: { ...DEFAULT_SETTINGS.thresholds, monthLow: 40 },
    });
  });

  it('refuses what cannot be settings, with field names', () => {
    expect(() => migrate('hello')).toThrow(SettingsValidationError);
    expect(() => migrate({ schemaVersion: 'x' })).toThrow(/schemaVersion/);
    const r = parseSettings({ schemaVersion: 1, cache: { ttlMinutes: -5 } });
    expect(r).toEqual({
      ok: false,
      errors: [{ field: 'cache.ttlMinutes', message: expect.stringMatching(/Cache lifetime/) }],
    });
  });
});

describe('validatePatch: field-level messages', () => {
  const cur = defaults();
  const check = (patch: unknown) => validatePatch(cur, patch as SettingsPatch);

  it('thresholds are whole percentages from 1 to 99, critical below low', () => {
    expect(messageFor(check({ thresholds: { monthLow: 0 } }), 'thresholds.monthLow')).toMatch(
      /whole number from 1 to 99/,
    );
    expect(messageFor(check({ thresholds: { minuteLow: 100 } }), 'thresholds.minuteLow')).toMatch(/from 1 to 99/);
    expect(messageFor(check({ thresholds: { monthLow: 12.5 } }), 'thresholds.monthLow')).toMatch(/whole number/);
    expect(messageFor(check({ thresholds: { monthLow: '20' } }), 'thresholds.monthLow')).toMatch(/whole number/);
    expect(messageFor(check({ thresholds: { monthCritical: 25 } }), 'thresholds.monthCritical')).toBe(
      'Month "critical" must be below "low" (25 %).',
    );
    expect(fieldsOf(check({ thresholds: { minuteLow: 5 } }))).toEqual(['thresholds.minuteCritical']);
    expect(check({ thresholds: { monthLow: 50, monthCritical: 20 } })).toMatchObject({
      kind: 'saved',
      settings: { thresholds: { monthLow: 50, monthCritical: 20 } },
    });
  });

  it('month reset day 1..28, cache and auto-check ranges', () => {
    expect(messageFor(check({ monthResetDay: 29 }), 'monthResetDay')).toBe(
      'Month reset day must be a whole number from 1 to 28.',
    );
    expect(fieldsOf(check({ monthResetDay: 0 }))).toEqual(['monthResetDay']);
    expect(fieldsOf(check({ cache: { ttlMinutes: 0, maxEntries: 1e9 } }))).toEqual([
      'cache.ttlMinutes',
      'cache.maxEntries',
    ]);
    expect(fieldsOf(check({ autoCheck: { intervalMinutes: 0 } }))).toEqual(['autoCheck.intervalMinutes']);
    expect(
      check({ monthResetDay: 28, cache: { ttlMinutes: 60, maxEntries: 10 }, autoCheck: { enabled: true } }).kind,
    ).toBe('saved');
  });

  it('base URL goes through normalizeBaseUrl; empty is refused', () => {
    expect(messageFor(check({ baseUrl: 'http://api.example.com' }), 'baseUrl')).toMatch(/must use https:\/\//);
    expect(messageFor(check({ baseUrl: '  ' }), 'baseUrl')).toMatch(/Enter the service's base URL/);
    expect(check({ baseUrl: ' http://127.0.0.1:5199/v2/status ' })).toMatchObject({
      kind: 'saved',
      settings: { baseUrl: 'http://127.0.0.1:5199' },
    });
  });

  it("answerLanguage is '' or two letters; shortcut must not be empty; the profile is not a setting", () => {
    expect(messageFor(check({ answerLanguage: 'eng' }), 'answerLanguage')).toMatch(/two-letter code/);
    expect(fieldsOf(check({ answerLanguage: 'e1' }))).toEqual(['answerLanguage']);
    expect(check({ answerLanguage: 'DE' })).toMatchObject({ kind: 'saved', settings: { answerLanguage: 'de' } });
    expect(check({ answerLanguage: '' }).kind).toBe('saved');
    expect(messageFor(check({ shortcut: '   ' }), 'shortcut')).toMatch(/must not be empty/);
    const renamed = check({ profile: 'work' } as SettingsPatch);
    expect(renamed.kind === 'invalid' ? renamed.errors.map((e) => e.message).join(' ') : '').toMatch(
      /through the profile operations/,
    );
  });

  it('the tray shows the profile in use or the one closest to running out, nothing else', () => {
    expect(cur.trayShows).toBe('selected');
    expect(check({ trayShows: 'closest' })).toMatchObject({ kind: 'saved', settings: { trayShows: 'closest' } });
    expect(messageFor(check({ trayShows: 'Work' }), 'trayShows')).toBe(
      'The tray icon shows either the profile in use or the one closest to running out.',
    );
  });

  it('reports every wrong field at once and leaves the current settings alone', () => {
    const before = structuredClone(cur);
    expect(fieldsOf(check({ monthResetDay: 40, answerLanguage: 'xyz', launchAtLogin: 'yes' }))).toEqual([
      'monthResetDay',
      'launchAtLogin',
      'answerLanguage',
    ]);
    expect(cur).toEqual(before);
  });

  it('refuses unknown settings, including anything that looks like a key', () => {
    expect(fieldsOf(check({ apiKey: FAKE_KEY }))).toEqual(['apiKey']);
    expect(fieldsOf(check({ thresholds: { key: 1 } }))).toEqual(['thresholds.key']);
    expect(fieldsOf(check({ cache: 5 }))).toEqual(['cache']);
    expect(fieldsOf(check(null))).toEqual(['']);
  });
});

describe("validatePatch: only the patch's own fields count", () => {
  const cur = defaults();

  it('inherited names change nothing, at the top level and in a group', () => {
    const inherited = Object.create({ baseUrl: 'https://evil.example', monthResetDay: 3 }) as SettingsPatch;
    expect(validatePatch(cur, inherited)).toEqual({ kind: 'saved', settings: cur });
    const group = Object.create({ monthLow: 60 }) as Record<string, unknown>;
    expect(validatePatch(cur, { thresholds: group } as SettingsPatch)).toEqual({ kind: 'saved', settings: cur });
  });

  it('names every object has (toString, constructor) are unknown settings, not settings', () => {
    expect(fieldsOf(validatePatch(cur, { thresholds: { toString: 5 } } as unknown as SettingsPatch))).toEqual([
      'thresholds.toString',
    ]);
    expect(fieldsOf(validatePatch(cur, { constructor: 1 } as unknown as SettingsPatch))).toEqual(['constructor']);
  });

  it('an own "__proto__" key (as JSON.parse makes it) is an unknown setting, never a prototype', () => {
    const patch = JSON.parse('{"__proto__": {"baseUrl": "https://evil.example"}}') as SettingsPatch;
    expect(fieldsOf(validatePatch(cur, patch))).toEqual(['__proto__']);
  });
});

describe('the API key never reaches the settings file', () => {
  it('the schema has no key field, a key in a file is dropped, a key in a patch is refused', () => {
    const schemaText = JSON.stringify(z.toJSONSchema(settingsSchema, { io: 'input', unrepresentable: 'any' }));
    expect(schemaText).toContain('"monthResetDay"');
    expect(schemaText).not.toMatch(/"(api_?key|key|secret|password|token)"/i);

    fs.writeFileSync(
      file,
      JSON.stringify({
        ...DEFAULT_SETTINGS,
        apiKey: FAKE_KEY,
        thresholds: { ...DEFAULT_SETTINGS.thresholds, key: FAKE_KEY },
      }),
    );
    const store = open();
    expect(JSON.stringify(store.get())).not.toContain(FAKE_KEY);
    const outcome = store.update({ answerLanguage: 'de', apiKey: FAKE_KEY } as SettingsPatch);
    expect(outcome.kind).toBe('invalid');
    expect(JSON.stringify(outcome)).not.toContain(FAKE_KEY);
    store.update({ answerLanguage: 'de' });
    expect(fs.readFileSync(file, 'utf8')).not.toContain(FAKE_KEY);
  });
});

/**
 * Why settings.json has its own store instead of electron-store/conf (docs/architecture.md, "Where this differs from the design
 * card"). conf 15 throws on an invalid file, or with `clearInvalidConfig` clears it; keys `migrations` to
 * `projectVersion` (the app's semver); and writes in its constructor whenever the file lacks a default (the first
 * run), so a read-only folder throws. These are the three properties the settings store must have.
 */
describe('what conf cannot do, and the settings store must', () => {
  it('what conf cannot do: keep a damaged file aside (not clear it, not throw) and start with defaults', () => {
    const damaged = '{"schemaVersion": 1, "thresholds": {"monthLow": "half"';
    fs.writeFileSync(file, damaged);
    const store = open();
    expect(store.get()).toEqual(DEFAULT_SETTINGS);
    expect(fs.readFileSync(path.join(dir, ASIDE), 'utf8')).toBe(damaged);
    expect(store.notices()).toHaveLength(1);
  });

  it("what conf cannot do: migrate by the file's schemaVersion, whatever the app version", () => {
    // Migrations are keyed by the schema version they upgrade from; the store is never told the app version.
    expect(Object.keys(migrations)).toEqual(['0', '1']);
    fs.writeFileSync(file, JSON.stringify({ profile: 'old', lowPercent: 30 }));
    expect(open().get().thresholds.monthLow).toBe(30);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ schemaVersion: SETTINGS_SCHEMA_VERSION });
    expect(parseSettings(JSON.parse(fs.readFileSync(file, 'utf8')))).toMatchObject({ ok: true, migratedFrom: null });
  });

  it.skipIf(!canTestReadOnly)(
    'what conf cannot do: start in a read-only folder with no file yet, without throwing; changes last the session',
    async () => {
      const r = await runStoreInReadOnlyDir('settings', dir, { monthResetDay: 9 });
      expect(r.before).toEqual(DEFAULT_SETTINGS);
      expect(r.after).toEqual({ ...DEFAULT_SETTINGS, monthResetDay: 9 });
      expect(r.notices.map((n) => n.message)).toEqual([expect.stringMatching(/settings could not be saved/)]);
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});
