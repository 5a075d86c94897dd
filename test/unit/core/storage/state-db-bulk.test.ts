/**
 * The hits of a job's addresses in state.db (migration 4): kept as extraction counted them, sorted by, and read as one
 * hit on the first line for a job made before the migration.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkTables } from '../../../../electron/core/storage/state-db-bulk';
import { makeEnv, NOW, type Env } from './helpers';

let env: Env;
beforeEach(() => {
  env = makeEnv();
});
afterEach(() => env.cleanup());

const job = { id: 'j1', profile: 'p', label: 'auth.log', createdAt: NOW, options: {} };

describe('bulk items: hits and last line', () => {
  it('keeps each address’s hits and lines, pages them most hits first, and reads an older job as one hit', () => {
    const db = env.open();
    new BulkTables(db).createJob(job, [
      { ip: '203.0.113.9', line: 1, lastLine: 9, hits: 3, flag: null },
      { ip: '198.51.100.7', line: 2, lastLine: 2, hits: 1, flag: null },
      { ip: '192.0.2.1', line: 4, lastLine: 12, hits: 7, flag: null },
    ]);
    const t = new BulkTables(db);
    expect(t.items('j1', 0, 10).map((r) => [r.ip, r.hits, r.line, r.lastLine])).toEqual([
      ['203.0.113.9', 3, 1, 9],
      ['198.51.100.7', 1, 2, 2],
      ['192.0.2.1', 7, 4, 12],
    ]);
    expect(t.items('j1', 0, 2, undefined, true).map((r) => r.ip)).toEqual(['192.0.2.1', '203.0.113.9']);
    expect([...t.iterateItems('j1', true)].map((r) => r.hits)).toEqual([7, 3, 1]);
    db.close();

    // A database of schema 3 (no hits): its jobs open with one hit per address, on its first line.
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    raw.exec(
      'DROP INDEX bulk_answer_facts; ALTER TABLE bulk_answer DROP COLUMN facts; ALTER TABLE bulk_item DROP COLUMN hits; ALTER TABLE bulk_item DROP COLUMN last_line; PRAGMA user_version = 3;',
    );
    raw.close();
    const old = env.open();
    expect(new BulkTables(old).items('j1', 0, 10).map((r) => [r.ip, r.hits, r.line, r.lastLine])).toEqual([
      ['203.0.113.9', 1, 1, 1],
      ['198.51.100.7', 1, 2, 2],
      ['192.0.2.1', 1, 4, 4],
    ]);
  });
});
