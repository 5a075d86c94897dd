/**
 * The data folder is its owner's only: state.db holds every looked-up address. Real files and their
 * permission bits (the umask is set to the usual 022, so anything looser than asked shows).
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../../../electron/core/storage/json-file-store';
import { makeEnv, STAMP, type Env } from './helpers';

const mode = (p: string) => fs.statSync(p).mode & 0o777;
const DB_FILES = ['state.db', 'state.db-wal', 'state.db-shm'];

let env: Env;
let umask: number;
beforeEach(() => {
  env = makeEnv('state-db-private-');
  umask = process.umask(0o022);
});
afterEach(() => {
  process.umask(umask);
  env.cleanup();
});

describe.skipIf(process.platform === 'win32')('data folder permissions', () => {
  it('a folder the app creates is 0700, and state.db, -wal and -shm are 0600', () => {
    const dir = path.join(env.dir, 'config', 'Lookup Tray');
    const db = env.open({ dir });
    db.writeEngine('p', { version: 1 }); // the WAL is in use while the database is open
    expect(db.persistent).toBe(true);
    expect(mode(dir)).toBe(0o700);
    for (const f of DB_FILES) expect(mode(path.join(dir, f)), f).toBe(0o600);
  });

  it('an existing folder and database left readable to others are tightened when the app starts', () => {
    fs.chmodSync(env.dir, 0o755);
    const other = new DatabaseSync(path.join(env.dir, 'state.db')); // another process, still running
    other.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x); INSERT INTO t VALUES (1);');
    for (const f of DB_FILES) fs.chmodSync(path.join(env.dir, f), 0o644);
    fs.writeFileSync(path.join(env.dir, 'notes.txt'), 'mine', { mode: 0o644 });
    try {
      env.open();
      expect(mode(env.dir)).toBe(0o700);
      for (const f of DB_FILES) expect(mode(path.join(env.dir, f)), f).toBe(0o600);
      expect(mode(path.join(env.dir, 'notes.txt'))).toBe(0o644); // only the app's own files are touched
    } finally {
      other.close();
    }
  });

  it('a damaged database is moved aside private, and the fresh one is created 0600', () => {
    const file = path.join(env.dir, 'state.db');
    fs.writeFileSync(file, 'this is not a database', { mode: 0o644 });
    fs.chmodSync(file, 0o644);
    const db = env.open();
    expect(db.notices()).toHaveLength(1);
    expect(mode(path.join(env.dir, `state.corrupt-${STAMP}.db`))).toBe(0o600);
    expect(mode(file)).toBe(0o600);
  });

  it('settings.json saved into a folder that does not exist yet creates it 0700', () => {
    const dir = path.join(env.dir, 'fresh');
    writeFileAtomic(path.join(dir, 'settings.json'), '{}\n');
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'settings.json'))).toBe(0o600);
  });
});
