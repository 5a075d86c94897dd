/**
 * A profile's rows per origin (storage/state-scope.ts): renaming and deleting the profile take every origin's rows;
 * clearing one origin leaves the others; a previous version's rows (bare profile name) are adopted once, by the
 * first origin the profile is opened at, and never follow it to another. Cached answers of bulk jobs keep their mark.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StateDb } from '../../../../electron/core/storage/state-db';
import { stateScope } from '../../../../electron/core/storage/state-scope';
import { entry, makeEnv, NOW, type Env } from './helpers';

let env: Env;
beforeEach(() => {
  env = makeEnv();
});
afterEach(() => env.cleanup());

const A = 'https://a.example';
const B = 'http://127.0.0.1:8080';

function fill(db: StateDb, scope: string, limit: number): void {
  db.writeEngine(scope, { version: 1, limit });
  db.appendHistory(scope, [{ at: 1, remaining: 1, limit }]);
  db.writeCooldown(scope, { scope: 'minute', until: NOW, since: NOW - 1 });
  db.cachePut([entry(scope, '1.1.1.1')]);
}

function rows(db: StateDb, scope: string) {
  return {
    engine: db.readEngine(scope),
    history: db.readHistory(scope).map((s) => s.limit),
    cooldown: db.readCooldown(scope) !== null,
    cache: db.cacheRecent(scope, 10).map((r) => r.ip),
  };
}

const EMPTY = { engine: null, history: [], cooldown: false, cache: [] };

describe('StateDb: a profile at several origins', () => {
  it('each origin keeps its own rows; clearing one origin leaves the other', () => {
    const db = env.open();
    fill(db, stateScope('p', A), 1000);
    fill(db, stateScope('p', B), 500);
    expect(rows(db, stateScope('p', A)).history).toEqual([1000]);
    expect(rows(db, stateScope('p', B)).history).toEqual([500]);
    expect(db.clearQuota(stateScope('p', A))).toBe(true);
    expect(rows(db, stateScope('p', A))).toEqual(EMPTY);
    expect(rows(db, stateScope('p', B))).toMatchObject({ history: [500], cooldown: true, cache: ['1.1.1.1'] });
  });

  it('rename and delete take every origin of the profile, and nothing of a profile whose name starts the same', () => {
    const db = env.open();
    fill(db, stateScope('p', A), 1000);
    fill(db, stateScope('p', B), 500);
    fill(db, stateScope('p2', A), 42);
    fill(db, stateScope('q', A), 7); // overwritten by the rename
    expect(db.renameProfile('p', 'q')).toBe(true);
    expect(rows(db, stateScope('p', A))).toEqual(EMPTY);
    expect(rows(db, stateScope('q', A)).history).toEqual([1000]);
    expect(rows(db, stateScope('q', B)).history).toEqual([500]);
    expect(rows(db, stateScope('p2', A)).history).toEqual([42]);
    expect(db.deleteProfile('q')).toBe(true);
    expect(rows(db, stateScope('q', A))).toEqual(EMPTY);
    expect(rows(db, stateScope('q', B))).toEqual(EMPTY);
    expect(rows(db, stateScope('p2', A)).history).toEqual([42]);
    expect(db.cacheDeleteProfile('p2')).toBe(1); // Clear cache of a profile: at every origin
    expect(db.cacheCount()).toBe(0);
  });

  it("a previous version's rows are adopted by the first origin the profile is opened at, and only once", () => {
    const db = env.open();
    fill(db, 'p', 1000); // as a previous version wrote them
    expect(db.adoptState('p', stateScope('p', A))).toBe(true);
    expect(rows(db, stateScope('p', A))).toMatchObject({ history: [1000], cooldown: true, cache: ['1.1.1.1'] });
    expect(rows(db, 'p')).toEqual(EMPTY);
    expect(db.adoptState('p', stateScope('p', B))).toBe(false); // nothing left to follow the profile to B
    expect(rows(db, stateScope('p', B))).toEqual(EMPTY);
    // The history bound still counts the adopted rows as the scope's.
    db.appendHistory(stateScope('p', A), [{ at: 2, remaining: 1, limit: 1000 }]);
    expect(db.readHistory(stateScope('p', A))).toHaveLength(2);
  });

  it('bare rows written after the origin has rows of its own are dropped, not adopted', () => {
    const db = env.open();
    fill(db, stateScope('p', A), 1000);
    fill(db, 'p', 7);
    expect(db.adoptState('p', stateScope('p', A))).toBe(true);
    expect(rows(db, stateScope('p', A)).history).toEqual([1000]);
    expect(rows(db, 'p')).toEqual(EMPTY);
  });
});

describe('StateDb: cached answers of bulk jobs', () => {
  it('keep their mark across a reopen; answers cached before the mark existed (schema 2) count as the user’s', () => {
    const db = env.open();
    db.cachePut([entry('p', '1.1.1.1'), { ...entry('p', '45.0.0.1'), bulk: true }]);
    db.close();
    const again = env.open();
    const marks = () => Object.fromEntries(again.cacheRecent('p', 10).map((r) => [r.ip, r.bulk === true]));
    expect(marks()).toEqual({ '1.1.1.1': false, '45.0.0.1': true });
    again.cachePut([entry('p', '45.0.0.1')]); // looked up by hand since: the user's
    expect(marks()).toEqual({ '1.1.1.1': false, '45.0.0.1': false });
    again.close();

    // A database of the previous schema (no mark) opens with every cached answer the user's.
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    raw.exec(
      'ALTER TABLE cache DROP COLUMN bulk; DROP INDEX bulk_answer_facts; ALTER TABLE bulk_answer DROP COLUMN facts; ALTER TABLE bulk_item DROP COLUMN hits; ALTER TABLE bulk_item DROP COLUMN last_line; PRAGMA user_version = 2;',
    );
    raw.close();
    const old = env.open();
    expect(old.cacheRecent('p', 10)).toHaveLength(2);
    expect(old.cacheRecent('p', 10).every((r) => r.bulk === undefined)).toBe(true);
    old.cachePut([{ ...entry('p', '9.9.9.9'), bulk: true }]);
    expect(old.cacheRecent('p', 1)[0]).toMatchObject({ ip: '9.9.9.9', bulk: true });
    old.close();
  });
});
