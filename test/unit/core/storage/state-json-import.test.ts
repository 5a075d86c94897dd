/**
 * Importing the previous version's state.json. The document is built with the real persisted types
 * (persisted-engine.ts, lookup-cache.ts, alerts.ts), and what comes back out passes the real restore functions.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reviveAlertMemory, type AlertMemory } from '../../../../electron/core/quota/alerts';
import { restoreEngine, type PersistedEngine } from '../../../../electron/core/quota/persisted-engine';
import type { PersistedCache, PersistedCacheEntry } from '../../../../electron/core/service/lookup/lookup-cache';
import { makeEnv, NOW, STAMP, type Env } from './helpers';
import { noticeText, inWords } from '../../../helpers/notice-words';

/** The previous version's state.json (before state.db): one document for everything the app learnt. */
interface PersistedAppState {
  version: 1;
  quota: Record<string, unknown>;
  alerts: AlertMemory;
  pausedUntil: number | null;
}

/** One profile's part of it. */
interface PersistedQuotaData {
  version: 1;
  engine: PersistedEngine | null;
  cache: PersistedCache | null;
  statusCheck: Record<string, 'supported' | 'unsupported'>;
}

let env: Env;
let stateJson: string;
beforeEach(() => {
  env = makeEnv('state-json-import-');
  stateJson = path.join(env.dir, 'state.json');
});
afterEach(() => env.cleanup());

const HOUR = 3_600_000;
const history = Array.from({ length: 40 }, (_, i) => ({
  at: NOW - (40 - i) * HOUR,
  remaining: 900 - i * 5,
  limit: 1000,
}));

const engine: PersistedEngine = {
  version: 1,
  month: {
    limit: 1000,
    remaining: 700,
    observedAt: NOW - HOUR,
    resetAt: NOW + 9 * 24 * HOUR,
    level: 'ok',
    estimated: false,
  },
  minute: {
    limit: 60,
    remaining: 0,
    observedAt: NOW - 1000,
    resetAt: NOW + 59_000,
    level: 'exhausted',
    estimated: false,
  },
  minutePlan: 'limited',
  cooldown: { scope: 'minute', until: NOW + 59_000, since: NOW - 1000 },
  lastError: 'rate-limited',
  skewMs: -120,
  skewKnown: true,
  history,
};

const cacheEntry = (ip: string, i: number): PersistedCacheEntry => ({
  profile: 'default',
  ip,
  language: i % 2 ? 'de' : 'en',
  body: { data: { ip, location: { city: { name: `City ${i}` }, country: { name: 'Iceland' } } } },
  fetchedAt: NOW - 1000 * (10 - i),
  storedAt: NOW - 1000 * (10 - i),
  note: i === 3 ? 'from clipboard' : null,
});
const entries = ['1.1.1.1', '8.8.8.8', '2001:db8::1', '9.9.9.9', '192.0.2.7'].map(cacheEntry);

const defaultProfile: PersistedQuotaData = {
  version: 1,
  engine,
  cache: { version: 1, entries },
  statusCheck: { 'https://api.lookup.example': 'supported', 'http://127.0.0.1:7357': 'unsupported' },
};
const otherProfile: PersistedQuotaData = { version: 1, engine: null, cache: null, statusCheck: {} };

const alerts: AlertMemory = {
  version: 1,
  profiles: {
    default: {
      month: { end: NOW + 9 * 24 * HOUR, limit: 1000, fired: ['low'] },
      monthObservedAt: NOW - HOUR,
      minuteHandledUntil: NOW + 59_000,
      minuteObservedAt: NOW - 1000,
      cooldown: { scope: 'minute', since: NOW - 1000, until: NOW + 59_000 },
    },
  },
};

const previous: PersistedAppState = {
  version: 1,
  quota: { default: defaultProfile, second: otherProfile, junk: 'not a profile' },
  alerts,
  pausedUntil: NOW + 2 * HOUR,
};

const files = () => fs.readdirSync(env.dir).sort();

describe('importing state.json from the previous version', () => {
  it('imports everything once, keeps the file aside, and a second open does not import again', () => {
    const text = `${JSON.stringify(previous, null, 2)}\n`;
    fs.writeFileSync(stateJson, text);
    const db = env.open();
    expect(db.notice).toBeNull();

    // Engine JSON as it was; it restores with the real restore function.
    expect(db.readEngine('default')).toEqual(engine);
    expect(restoreEngine(db.readEngine('default'))).toEqual(engine);
    expect(db.readEngine('second')).toBeNull();
    expect(db.readHistory('default')).toEqual(history);
    expect(db.readCooldown('default')).toEqual(engine.cooldown);
    // Cache: every entry, least recently used first in the file -> most recent first here.
    expect(db.cacheCount()).toBe(entries.length);
    expect(db.cacheGet('default', '2001:db8::1', 'en')).toEqual(entries[2]);
    expect(db.cacheRecent('default', 10).map((e) => e.ip)).toEqual([
      '2001:db8::1',
      '192.0.2.7',
      '9.9.9.9',
      '8.8.8.8',
      '1.1.1.1',
    ]);
    expect(db.allStatusSupport()).toEqual(defaultProfile.statusCheck);
    expect(reviveAlertMemory({ version: 1, profiles: db.allAlerts() })).toEqual(alerts);
    expect(db.readKv('pausedUntil')).toBe(NOW + 2 * HOUR);
    expect(db.readMeta('state_json')).toBe('imported');

    // Kept aside, byte for byte, never deleted.
    expect(files()).toContain(`state.json.imported-${STAMP}`);
    expect(files()).not.toContain('state.json');
    expect(fs.readFileSync(path.join(env.dir, `state.json.imported-${STAMP}`), 'utf8')).toBe(text);
    db.close();

    // An old version run again writes a state.json: it is not imported over what the database knows.
    fs.writeFileSync(stateJson, JSON.stringify({ ...previous, pausedUntil: 1 }));
    const again = env.open();
    expect(again.notice).toBeNull();
    expect(again.readKv('pausedUntil')).toBe(NOW + 2 * HOUR);
    expect(again.cacheCount()).toBe(entries.length);
    expect(again.readHistory('default')).toHaveLength(history.length);
    expect(files()).toContain('state.json');
  });

  it('a folder with no state.json starts empty and never imports one that appears later', () => {
    const db = env.open();
    expect(db.readMeta('state_json')).toBe('absent');
    db.close();
    fs.writeFileSync(stateJson, JSON.stringify(previous));
    const again = env.open();
    expect(again.readEngine('default')).toBeNull();
    expect(files()).toContain('state.json');
  });

  it.each([
    ['garbage', 'this is {not json'],
    ['truncated', JSON.stringify(previous).slice(0, 200)],
    ['empty', ''],
    ['another shape', JSON.stringify({ version: 2, quota: {} })],
  ])('a damaged state.json (%s) is moved aside with one notice and nothing is imported', (_kind, text) => {
    fs.writeFileSync(stateJson, text);
    const db = env.open();
    const aside = path.join(env.dir, `state.corrupt-${STAMP}.json`);
    expect(inWords(db.notices())).toEqual([
      {
        id: 'store-damaged:state.json',
        level: 'warning',
        message: `Your state.json file was damaged and has been reset. The old file was kept as ${aside}`,
      },
    ]);
    expect(fs.readFileSync(aside, 'utf8')).toBe(text);
    expect(files()).not.toContain('state.json');
    expect(db.cacheCount()).toBe(0);
    expect(db.readKv('pausedUntil')).toBeNull();
    db.close();
    expect(env.open().notice).toBeNull();
  });

  it('an unreadable state.json (a directory) is left alone, not flagged, with one notice', () => {
    fs.mkdirSync(stateJson);
    const db = env.open();
    expect(db.notices().map((n) => n.id)).toEqual(['store-unreadable:state.json']);
    expect(noticeText(db.notice)).toBe(
      `Your state.json file could not be read (EISDIR), so it was not imported. The file was left as it is: ${stateJson}`,
    );
    expect(db.readMeta('state_json')).toBeNull();
    expect(fs.statSync(stateJson).isDirectory()).toBe(true);
  });

  it('a failure while importing rolls everything back, and the next start imports it', () => {
    env.open().close(); // an existing database whose import flag is gone, with a fault planted on the kv table
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    raw.exec(`DELETE FROM meta WHERE key = 'state_json';
      CREATE TRIGGER fail BEFORE INSERT ON kv BEGIN SELECT RAISE(ABORT, 'planted fault'); END;`);
    fs.writeFileSync(stateJson, JSON.stringify(previous));

    const db = env.open(); // pausedUntil (written last) fails: everything before it is rolled back
    expect(db.readMeta('state_json')).toBeNull();
    expect(db.readEngine('default')).toBeNull();
    expect(db.cacheCount()).toBe(0);
    expect(db.readHistory('default')).toEqual([]);
    expect(files()).toContain('state.json');
    expect(env.logLines.some((l) => l.includes('could not import old state file'))).toBe(true);
    db.close();

    raw.exec('DROP TRIGGER fail');
    raw.close();
    const again = env.open();
    expect(again.readMeta('state_json')).toBe('imported');
    expect(again.readEngine('default')).toEqual(engine);
    expect(again.cacheCount()).toBe(entries.length);
    expect(files()).not.toContain('state.json');
  });
});
