import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { SCHEMA_VERSION } from '../../../../electron/core/storage/state-db-schema';
import { entry, makeEnv, NOW, type Env } from './helpers';

let env: Env;
beforeEach(() => {
  env = makeEnv();
});
afterEach(() => env.cleanup());

describe('StateDb: opening', () => {
  it('creates state.db in WAL mode at the current schema version, with no notice', () => {
    const db = env.open();
    expect(db.persistent).toBe(true);
    expect(db.file).toBe(path.join(env.dir, 'state.db'));
    expect(db.notice).toBeNull();
    db.close();
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    expect(raw.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(raw.prepare('PRAGMA user_version').get()).toEqual({ user_version: SCHEMA_VERSION });
    raw.close();
  });

  it('works in memory when given no folder', () => {
    const db = StateDb.open({ dir: null });
    expect(db.persistent).toBe(false);
    expect(db.notice).toBeNull();
    expect(db.writeEngine('p', { version: 1 })).toBe(true);
    expect(db.readEngine('p')).toEqual({ version: 1 });
    db.close();
  });

  it('keeps what was written across a reopen', () => {
    const a = env.open();
    a.writeKv('pausedUntil', NOW + 60_000);
    a.close();
    expect(env.open().readKv('pausedUntil')).toBe(NOW + 60_000);
  });
});

describe('StateDb: round trips', () => {
  it('engine JSON per profile', () => {
    const db = env.open();
    expect(db.readEngine('p1')).toBeNull();
    const engine = { version: 1, month: { limit: 1000, remaining: 10 }, minutePlan: 'unknown', skewMs: 1.5 };
    expect(db.writeEngine('p1', engine)).toBe(true);
    db.writeEngine('p2', { version: 1, other: true });
    expect(db.readEngine('p1')).toEqual(engine);
    db.writeEngine('p1', { version: 1, replaced: true });
    expect(db.readEngine('p1')).toEqual({ version: 1, replaced: true });
    expect(db.readEngine('p2')).toEqual({ version: 1, other: true });
  });

  it('history: oldest first, since filter, duplicates ignored, invalid samples dropped', () => {
    const db = env.open();
    db.appendHistory('p', [
      { at: 300, remaining: 7, limit: 10 },
      { at: 100, remaining: 9, limit: 10 },
    ]);
    db.appendHistory('p', [
      { at: 200, remaining: 8, limit: 10 },
      { at: 100, remaining: 9, limit: 10 },
      { at: 400, remaining: 11, limit: 10 },
      { at: Number.NaN, remaining: 1, limit: 10 },
    ]);
    db.appendHistory('q', [{ at: 50, remaining: 1, limit: 2 }]);
    expect(db.readHistory('p')).toEqual([
      { at: 100, remaining: 9, limit: 10 },
      { at: 200, remaining: 8, limit: 10 },
      { at: 300, remaining: 7, limit: 10 },
    ]);
    expect(db.readHistory('p', 200).map((s) => s.at)).toEqual([200, 300]);
    expect(db.readHistory('q')).toEqual([{ at: 50, remaining: 1, limit: 2 }]);
  });

  it('history is bounded to the newest historyMax samples per profile, pruned in the same transaction', () => {
    const db = env.open({ historyMax: 5 });
    db.appendHistory('other', [{ at: 1, remaining: 1, limit: 1 }]);
    for (let i = 0; i < 4; i++) db.appendHistory('p', [{ at: i, remaining: 100 - i, limit: 100 }]);
    db.appendHistory(
      'p',
      Array.from({ length: 6 }, (_, k) => ({ at: 10 + k, remaining: 50 - k, limit: 100 })),
    );
    expect(db.readHistory('p').map((s) => s.at)).toEqual([11, 12, 13, 14, 15]);
    expect(db.readHistory('other')).toHaveLength(1);
    // The per-profile count behind the bound follows deletions too.
    db.deleteProfile('p');
    db.appendHistory('p', [{ at: 100, remaining: 1, limit: 2 }]);
    for (let i = 1; i < 5; i++) db.appendHistory('p', [{ at: 100 + i, remaining: 1, limit: 2 }]);
    expect(db.readHistory('p')).toHaveLength(5);
    db.appendHistory('p', [{ at: 99, remaining: 1, limit: 2 }]); // older than everything kept: dropped at once
    expect(db.readHistory('p').map((s) => s.at)).toEqual([100, 101, 102, 103, 104]);
  });

  it('cooldown: never moves to an earlier `until`; null clears; clearCooldownEndedBy clears only what ended', () => {
    const db = env.open();
    expect(db.readCooldown('p')).toBeNull();
    db.writeCooldown('p', { scope: 'minute', until: NOW + 60_000, since: NOW });
    // A stale process that saw an older 429 writes an earlier end: ignored.
    db.writeCooldown('p', { scope: 'minute', until: NOW + 30_000, since: NOW - 30_000 });
    expect(db.readCooldown('p')).toEqual({ scope: 'minute', until: NOW + 60_000, since: NOW });
    // The same end again: unchanged.
    db.writeCooldown('p', { scope: 'month', until: NOW + 60_000, since: NOW + 1 });
    expect(db.readCooldown('p')?.scope).toBe('minute');
    // A later one wins.
    db.writeCooldown('p', { scope: 'month', until: NOW + 86_400_000, since: NOW + 5 });
    expect(db.readCooldown('p')).toEqual({ scope: 'month', until: NOW + 86_400_000, since: NOW + 5 });
    // A process that saw the minute cooldown end does not clear the newer month one.
    db.clearCooldownEndedBy('p', NOW + 60_000);
    expect(db.readCooldown('p')?.scope).toBe('month');
    db.clearCooldownEndedBy('p', NOW + 86_400_000);
    expect(db.readCooldown('p')).toBeNull();
    db.writeCooldown('p', { scope: 'minute', until: NOW + 1, since: NOW });
    db.writeCooldown('p', null);
    expect(db.readCooldown('p')).toBeNull();
    // After an explicit clear, an earlier cooldown may be recorded again.
    db.writeCooldown('p', { scope: 'minute', until: NOW - 5, since: NOW - 10 });
    expect(db.readCooldown('p')?.until).toBe(NOW - 5);
  });

  it('alert memory per scope, kv values and read-modify-write', () => {
    const db = env.open();
    const mem = { month: { end: NOW, limit: 1000, fired: ['low'] }, monthObservedAt: NOW, cooldown: null };
    db.writeAlerts('p1', mem);
    db.writeAlerts('p2', { month: null });
    expect(db.readAlerts('p1')).toEqual(mem);
    expect(db.readAlerts('nope')).toBeNull();
    expect(db.allAlerts()).toEqual({ p1: mem, p2: { month: null } });

    expect(db.readKv('pausedUntil')).toBeNull();
    db.writeKv('pausedUntil', NOW + 3_600_000);
    expect(db.readKv('pausedUntil')).toBe(NOW + 3_600_000);
    db.writeKv('pausedUntil', undefined);
    expect(db.readKv('pausedUntil')).toBeNull();
    for (let i = 0; i < 3; i++) db.updateKv('n', (cur) => ((cur as number | null) ?? 0) + 1);
    expect(db.readKv('n')).toBe(3);
  });

  it('status-check support per base URL', () => {
    const db = env.open();
    expect(db.readStatusSupport('https://api.example')).toBeNull();
    db.writeStatusSupport('https://api.example', 'supported');
    db.writeStatusSupport('http://127.0.0.1:1234', 'unsupported');
    db.writeStatusSupport('https://api.example', 'unsupported');
    expect(db.readStatusSupport('https://api.example')).toBe('unsupported');
    expect(db.allStatusSupport()).toEqual({
      'http://127.0.0.1:1234': 'unsupported',
      'https://api.example': 'unsupported',
    });
  });

  it('deleteProfile removes that profile from every table and nothing else', () => {
    const db = env.open();
    for (const p of ['gone', 'kept']) {
      db.writeEngine(p, { version: 1 });
      db.appendHistory(p, [{ at: 1, remaining: 1, limit: 2 }]);
      db.writeCooldown(p, { scope: 'minute', until: NOW, since: NOW - 1 });
      db.cachePut([entry(p, '1.1.1.1')]);
      db.writeAlerts(p, { month: null });
    }
    expect(db.deleteProfile('gone')).toBe(true);
    expect([db.readEngine('gone'), db.readCooldown('gone'), db.readAlerts('gone')]).toEqual([null, null, null]);
    expect(db.readHistory('gone')).toEqual([]);
    expect(db.cacheRecent('gone', 10)).toEqual([]);
    expect(db.readEngine('kept')).not.toBeNull();
    expect(db.readHistory('kept')).toHaveLength(1);
    expect(db.cacheCount()).toBe(1);
  });
});

describe('StateDb: lookup cache', () => {
  it('put/get round trip; get bumps the entry to most recently used', () => {
    const db = env.open();
    db.cachePut([entry('p', '1.1.1.1'), entry('p', '2.2.2.2', { note: 'from clipboard' }), entry('p', '3.3.3.3')]);
    expect(db.cacheCount()).toBe(3);
    const hit = db.cacheGet('p', '2.2.2.2', 'en');
    expect(hit).toEqual({ ...entry('p', '2.2.2.2', { note: 'from clipboard' }), storedAt: NOW });
    expect(db.cacheGet('p', '2.2.2.2', 'de')).toBeNull();
    expect(db.cacheGet('q', '2.2.2.2', 'en')).toBeNull();
    db.cacheGet('p', '1.1.1.1', 'en');
    expect(db.cacheRecent('p', 10).map((e) => e.ip)).toEqual(['1.1.1.1', '2.2.2.2', '3.3.3.3']);
    expect(db.cacheRecent('p', 2).map((e) => e.ip)).toEqual(['1.1.1.1', '2.2.2.2']);
  });

  it('a put replaces the entry for the same profile, IP and language', () => {
    const db = env.open();
    db.cachePut([entry('p', '1.1.1.1')]);
    env.clock.t = NOW + 10;
    db.cachePut([{ ...entry('p', '1.1.1.1'), body: { v: 2 }, fetchedAt: NOW + 9 }]);
    expect(db.cacheCount()).toBe(1);
    expect(db.cacheGet('p', '1.1.1.1', 'en')).toMatchObject({ body: { v: 2 }, fetchedAt: NOW + 9, storedAt: NOW + 10 });
  });

  it('recent: one row per IP (any language), fresh only', () => {
    const db = env.open();
    db.cachePut([{ ...entry('p', '1.1.1.1'), storedAt: NOW - 10_000 }]);
    db.cachePut([entry('p', '2.2.2.2', { language: 'de' }), entry('p', '2.2.2.2'), entry('q', '9.9.9.9')]);
    expect(db.cacheRecent('p', 10).map((e) => `${e.ip}/${e.language}`)).toEqual(['2.2.2.2/en', '1.1.1.1/en']);
    expect(db.cacheRecent('p', 10, 5_000).map((e) => e.ip)).toEqual(['2.2.2.2']);
  });

  it('TTL: get treats an expired entry (or one stored far in the future) as absent', () => {
    const db = env.open();
    db.cachePut([entry('p', '1.1.1.1'), { ...entry('p', '2.2.2.2'), storedAt: NOW + 120_000 }]);
    env.clock.t = NOW + 59_999;
    expect(db.cacheGet('p', '1.1.1.1', 'en', 60_000)).not.toBeNull();
    env.clock.t = NOW + 60_000;
    expect(db.cacheGet('p', '1.1.1.1', 'en', 60_000)).toBeNull();
    expect(db.cacheGet('p', '1.1.1.1', 'en')).not.toBeNull(); // no TTL given: any age
    env.clock.t = NOW;
    expect(db.cacheGet('p', '2.2.2.2', 'en', 60_000)).toBeNull();
  });

  it('put with maxEntries evicts the least recently used beyond it, across profiles', () => {
    const db = env.open();
    db.cachePut([entry('p', '1.1.1.1'), entry('q', '2.2.2.2'), entry('p', '3.3.3.3')], { maxEntries: 3 });
    db.cacheGet('p', '1.1.1.1', 'en'); // now 2.2.2.2 is the least recently used
    expect(db.cachePut([entry('p', '4.4.4.4')], { maxEntries: 3 })).toBe(1);
    expect(db.cacheCount()).toBe(3);
    expect(db.cacheGet('q', '2.2.2.2', 'en')).toBeNull();
    expect(db.cachePut([entry('p', '5.5.5.5'), entry('p', '6.6.6.6')], { maxEntries: 2 })).toBe(3);
    expect(db.cacheRecent('p', 10).map((e) => e.ip)).toEqual(['6.6.6.6', '5.5.5.5']);
  });

  it('prune: TTL first, then LRU down to maxEntries; delete one entry and a whole profile', () => {
    const db = env.open();
    db.cachePut([{ ...entry('p', '0.0.0.1'), storedAt: NOW - 100_000 }]);
    db.cachePut(Array.from({ length: 6 }, (_, i) => entry(i % 2 ? 'p' : 'q', `10.0.0.${i}`)));
    expect(db.cachePrune({ ttlMs: 50_000 })).toBe(1);
    expect(db.cachePrune({ maxEntries: 4 })).toBe(2);
    expect(db.cacheCount()).toBe(4);
    expect(db.cacheRecent('p', 10).map((e) => e.ip)).toEqual(['10.0.0.5', '10.0.0.3']);
    expect(db.cacheDelete('p', '10.0.0.5', 'en')).toBe(true);
    expect(db.cacheDelete('p', '10.0.0.5', 'en')).toBe(false);
    expect(db.cacheDeleteProfile('q')).toBe(2);
    expect(db.cacheCount()).toBe(1);
  });

  it('the count kept by triggers matches the table after mixed operations', () => {
    const db = env.open();
    for (let i = 0; i < 50; i++) db.cachePut([entry(`p${i % 3}`, `10.0.${i % 7}.${i % 11}`)], { maxEntries: 30 });
    db.cacheDeleteProfile('p1');
    db.cachePrune({ maxEntries: 10 });
    db.close();
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    const { n } = raw.prepare('SELECT count(*) AS n FROM cache').get() as { n: number };
    expect(env.open().cacheCount()).toBe(n);
    raw.close();
  });
});

describe('StateDb: several connections', () => {
  it('dataVersion changes when another connection commits, not for its own writes', () => {
    const a = env.open();
    const b = env.open();
    const v0 = b.dataVersion();
    b.writeKv('own', 1);
    expect(b.dataVersion()).toBe(v0);
    a.writeCooldown('p', { scope: 'minute', until: NOW + 60_000, since: NOW });
    const v1 = b.dataVersion();
    expect(v1).not.toBe(v0);
    expect(b.readCooldown('p')?.until).toBe(NOW + 60_000);
    expect(b.dataVersion()).toBe(v1);
  });
});

describe('StateDb: failures are absorbed and logged by code only', () => {
  it('a write on a closed database returns false with one notice; reads return the empty value', () => {
    const db = env.open();
    db.writeEngine('p', { secretish: 'row-contents-123' });
    db.close();
    expect(db.writeEngine('p', { secretish: 'row-contents-456' })).toBe(false);
    expect(db.writeKv('k', 1)).toBe(false);
    expect(db.readEngine('p')).toBeNull();
    expect(db.cachePut([entry('p', '1.1.1.1')])).toBe(-1);
    expect(db.notices().map((n) => n.id)).toEqual(['store-unwritable:state.db']);
    expect(env.logLines.join('\n')).not.toContain('row-contents');
  });

  it('unparsable JSON in a row reads as null without echoing it', () => {
    const db = env.open();
    db.writeEngine('p', { version: 1 });
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    raw.prepare("UPDATE engine SET json = '{\"not json row-contents' WHERE profile = 'p'").run();
    raw.close();
    expect(db.readEngine('p')).toBeNull();
    expect(env.logLines.join('\n')).not.toContain('row-contents');
  });
});
