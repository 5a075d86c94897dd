import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../../../electron/core/storage/state-db-schema';
import { entry, makeEnv, STAMP, type Env } from './helpers';
import { noticeText, inWords } from '../../../helpers/notice-words';

let env: Env;
let dbFile: string;
const aside = () => path.join(env.dir, `state.corrupt-${STAMP}.db`);

beforeEach(() => {
  env = makeEnv('state-db-faults-');
  dbFile = path.join(env.dir, 'state.db');
});
afterEach(() => env.cleanup());

/** A real, checkpointed database of a few hundred KB. */
function writeRealDb(): Buffer {
  const db = env.open();
  const big = 'x'.repeat(2000);
  db.cachePut(
    Array.from({ length: 200 }, (_, i) => ({ ...entry('p', `10.0.${i >> 8}.${i & 255}`), body: { big, i } })),
  );
  db.writeEngine('p', { version: 1, kept: true });
  db.close(); // the last connection checkpoints the WAL into the main file
  return fs.readFileSync(dbFile);
}

/** Open the damaged folder: one notice, the old file aside, empty state that works, and no notice next time. */
function expectMovedAsideOnce(reason: RegExp, original: Buffer): void {
  const db = env.open();
  expect(db.persistent).toBe(true);
  expect(inWords(db.notices())).toEqual([
    {
      id: 'store-damaged:state.db',
      level: 'warning',
      message: expect.stringMatching(reason) as unknown as string,
    },
  ]);
  expect(noticeText(db.notice)).toContain(`has been reset. The old file was kept as ${aside()}`);
  expect(fs.readFileSync(aside()).equals(original)).toBe(true);
  expect(db.readEngine('p')).toBeNull();
  expect(db.cacheCount()).toBe(0);
  expect(db.writeKv('after', 1)).toBe(true);
  db.close();

  const again = env.open();
  expect(again.notice).toBeNull();
  expect(again.readKv('after')).toBe(1);
  expect(fs.readdirSync(env.dir).filter((f) => /^state\.corrupt-.*\.db$/.test(f))).toEqual([
    `state.corrupt-${STAMP}.db`,
  ]);
}

describe('StateDb: a damaged database is moved aside with one notice', () => {
  it('garbage bytes (not a database), with its -wal and -shm', () => {
    const garbage = Buffer.from('this is not an SQLite database, just some text that got written here\n'.repeat(100));
    fs.writeFileSync(dbFile, garbage);
    fs.writeFileSync(`${dbFile}-wal`, 'wal garbage');
    fs.writeFileSync(`${dbFile}-shm`, 'shm garbage');
    expectMovedAsideOnce(/^Your state\.db file was damaged and has been reset\./, garbage);
    expect(fs.readFileSync(`${aside()}-wal`, 'utf8')).toBe('wal garbage');
    // The -shm is only SQLite's shared-memory index (rebuilt on every open); it moves along, its bytes do not matter.
    expect(fs.existsSync(`${aside()}-shm`)).toBe(true);
  });

  it('a truncated database', () => {
    const full = writeRealDb();
    const truncated = full.subarray(0, Math.floor(full.length / 2));
    fs.writeFileSync(dbFile, truncated);
    expectMovedAsideOnce(/^Your state\.db file was damaged and has been reset\./, truncated);
  });

  it('a database whose pages were overwritten in the middle', () => {
    const full = Buffer.from(writeRealDb());
    full.fill(0xa5, 8192, 8192 + 4096 * 3);
    fs.writeFileSync(dbFile, full);
    expectMovedAsideOnce(/^Your state\.db file was damaged and has been reset\./, full);
  });

  it('a database from a newer schema version', () => {
    writeRealDb();
    const raw = new DatabaseSync(dbFile);
    raw.exec(`PRAGMA user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    const newer = fs.readFileSync(dbFile);
    expectMovedAsideOnce(/^Your state\.db file was made by a newer version of Lookup Tray and has been reset\./, newer);
  });

  it('an empty file is simply a new database (no notice)', () => {
    fs.writeFileSync(dbFile, '');
    const db = env.open();
    expect(db.notice).toBeNull();
    expect(db.writeKv('k', 1)).toBe(true);
  });
});

describe('StateDb: a folder or file that cannot be opened', () => {
  it('a data folder under a regular file: in memory for this session, one notice, nothing thrown', () => {
    const blocker = path.join(env.dir, 'not-a-folder');
    fs.writeFileSync(blocker, 'x');
    const dir = path.join(blocker, 'data');
    const db = env.open({ dir });
    expect(db.persistent).toBe(false);
    expect(inWords(db.notices())).toEqual([
      {
        id: 'store-unreadable:state.db',
        level: 'warning',
        message: `Your state.db file could not be opened (ENOTDIR), so empty state is in use for this session and changes will not be saved. The file was left as it is: ${path.join(dir, 'state.db')}`,
      },
    ]);
    expect(db.writeEngine('p', { version: 1 })).toBe(true);
    expect(db.readEngine('p')).toEqual({ version: 1 });
    expect(fs.readFileSync(blocker, 'utf8')).toBe('x');
  });

  it('state.db that cannot be opened (a directory) is left as it is, not moved aside', () => {
    fs.mkdirSync(dbFile);
    fs.writeFileSync(path.join(dbFile, 'keep.txt'), 'keep');
    const db = env.open();
    expect(db.persistent).toBe(false);
    expect(db.notices().map((n) => n.id)).toEqual(['store-unreadable:state.db']);
    expect(noticeText(db.notice)).toMatch(/could not be opened \(SQLITE_CANTOPEN\)/);
    expect(fs.readFileSync(path.join(dbFile, 'keep.txt'), 'utf8')).toBe('keep');
    expect(fs.readdirSync(env.dir).some((f) => f.startsWith('state.corrupt-'))).toBe(false);
  });
});
