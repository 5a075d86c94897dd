/**
 * Opening `state.db` without ever stopping the app from starting:
 * - a file that is not a database, fails `PRAGMA quick_check`, or was made by a newer schema is moved aside
 *   as `state.corrupt-<timestamp>.db` (with its -wal and -shm), a fresh database is created, one notice says so;
 * - a database or folder that cannot be opened (permissions, a parent that is a file, locked for longer than
 *   the busy timeout) is left as it is and an in-memory database is used for this session, with one notice;
 * - nothing here throws.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Notice, NoticeFact } from '../../../shared/ipc';
import { raiseNotice } from './notice-board';
import { migrate, SCHEMA_VERSION, userVersion } from './state-db-schema';
import { errorCode, type StorageLogger } from './storage-types';
import { makeFolder } from './data-folder';
import { isLink, O_NOFOLLOW } from './no-follow';

export const DB_FILE = 'state.db';
const SIDE_FILES = ['-wal', '-shm'] as const;

/**
 * The data folder holds every looked-up address (state.db) and the settings: only its owner may read it. It is
 * created 0700 and state.db 0600 (SQLite gives -wal and -shm the database file's mode); a folder or files an
 * earlier version left readable to others (0755, 0644) lose their group and other bits at start. Owner bits and
 * anything tighter are left as they are; a chmod that fails (a folder of another user's) changes nothing. Not on
 * Windows, where the folder's ACL already keeps it private.
 */
const PRIVATE = process.platform !== 'win32';

/** Drops group and other permission bits from `p` when it has any (never follows a symlink for a file). */
function tighten(p: string, follow: boolean): void {
  try {
    const st = follow ? fs.statSync(p) : fs.lstatSync(p);
    if (!(st.isFile() || st.isDirectory()) || (st.mode & 0o077) === 0) return;
    fs.chmodSync(p, st.mode & 0o7700);
  } catch {
    // missing, or not ours to change
  }
}

/** Creates the data folder 0700 (with any missing parents) and tightens an existing one. Throws when it cannot be created. */
export function ensurePrivateDataDir(dir: string): void {
  makeFolder(dir);
  if (PRIVATE) tighten(dir, true);
}

/** Creates `state.db` 0600 before SQLite does (it would make it 0644), and tightens it and its -wal and -shm. */
function privateDbFiles(file: string): void {
  if (!PRIVATE) return;
  try {
    fs.closeSync(fs.openSync(file, fs.constants.O_CREAT | fs.constants.O_WRONLY | O_NOFOLLOW, 0o600));
  } catch {
    // SQLite's own open says what is wrong
  }
  for (const f of [file, ...SIDE_FILES.map((s) => file + s)]) tighten(f, false);
}

export interface OpenedDb {
  db: DatabaseSync;
  /** The database file, or null for an in-memory database. */
  file: string | null;
  /** user_version found before migrating (0: the database is new). */
  versionBefore: number;
  notices: Notice[];
}

export interface OpenDbOptions {
  dir: string | null;
  now: () => number;
  logger: StorageLogger;
  busyTimeoutMs: number;
}

type Attempt =
  | { ok: true; db: DatabaseSync; versionBefore: number }
  /** A damaged database is returned still open: close it only after moving its files aside (see below). */
  | { ok: false; damaged: 'corrupt' | 'newer'; code: string; db: DatabaseSync | null }
  | { ok: false; damaged: null; code: string };

function closeQuietly(db: DatabaseSync | null): void {
  try {
    if (db?.isOpen) db.close();
  } catch {
    // nothing more to do with it
  }
}

/** `state.db` + instant -> `state.corrupt-2026-11-22T12-00-00-000Z.db`, a name none of whose side files exist. */
export function corruptDbPath(file: string, at: number): string {
  const dir = path.dirname(file);
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  for (let i = 1; ; i++) {
    const candidate = path.join(dir, `state.corrupt-${stamp}${i === 1 ? '' : `-${i}`}.db`);
    if (['', ...SIDE_FILES].every((s) => !fs.existsSync(candidate + s))) return candidate;
  }
}

/** Pragmas every connection needs; the busy timeout is already set by the constructor. */
function configure(db: DatabaseSync, persistent: boolean): void {
  if (persistent) db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA foreign_keys = ON');
}

function primaryCode(err: unknown): number | null {
  const n = (err as { errcode?: unknown })?.errcode;
  return typeof n === 'number' ? n & 0xff : null;
}

const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

function attempt(file: string, busyTimeoutMs: number): Attempt {
  let db: DatabaseSync | null = null;
  try {
    // SQLite follows links (node:sqlite has no SQLITE_OPEN_NOFOLLOW): a linked state.db is not opened at all.
    if (['', ...SIDE_FILES].some((s) => isLink(file + s)))
      throw Object.assign(new Error('state.db is a symbolic link'), { code: 'ELOOP' });
    privateDbFiles(file);
    db = new DatabaseSync(file, { timeout: busyTimeoutMs });
    configure(db, true);
    const found = userVersion(db);
    if (found > SCHEMA_VERSION) return { ok: false, damaged: 'newer', code: `user_version ${found}`, db };
    const check = db.prepare('PRAGMA quick_check').all() as { quick_check?: unknown }[];
    if (check.length !== 1 || check[0]?.quick_check !== 'ok')
      return { ok: false, damaged: 'corrupt', code: 'quick_check', db };
    const versionBefore = migrate(db);
    return { ok: true, db, versionBefore };
  } catch (err) {
    const primary = primaryCode(err);
    if (primary === SQLITE_CORRUPT || primary === SQLITE_NOTADB)
      return { ok: false, damaged: 'corrupt', code: errorCode(err), db };
    closeQuietly(db);
    return { ok: false, damaged: null, code: errorCode(err) };
  }
}

function memoryDb(busyTimeoutMs: number): DatabaseSync {
  const db = new DatabaseSync(':memory:', { timeout: busyTimeoutMs });
  configure(db, false);
  migrate(db);
  return db;
}

function notice(fact: NoticeFact): Notice {
  return raiseNotice(`store-${fact.kind === 'unreadable' ? 'unreadable' : 'damaged'}:${DB_FILE}`, fact);
}

export function openStateDatabase(opts: OpenDbOptions): OpenedDb {
  const { logger, busyTimeoutMs } = opts;
  const inMemory = (notices: Notice[]): OpenedDb => ({
    db: memoryDb(busyTimeoutMs),
    file: null,
    versionBefore: 0,
    notices,
  });
  if (opts.dir === null) return inMemory([]);

  const file = path.join(opts.dir, DB_FILE);
  const unavailable = (code: string): OpenedDb => {
    logger.warn('state database unavailable; using empty state in memory', { file, code });
    return inMemory([notice({ kind: 'unreadable', file: DB_FILE, code, path: file, then: 'empty-state' })]);
  };

  try {
    ensurePrivateDataDir(opts.dir);
  } catch (err) {
    return unavailable(errorCode(err));
  }

  const first = attempt(file, busyTimeoutMs);
  if (first.ok) return { db: first.db, file, versionBefore: first.versionBefore, notices: [] };
  if (first.damaged === null) return unavailable(first.code);

  // Move the files aside while the damaged connection is still open: closing it first would let SQLite
  // delete a -wal it could not use, and that is part of what the user may want to recover.
  const aside = corruptDbPath(file, opts.now());
  try {
    fs.renameSync(file, aside);
  } catch (err) {
    closeQuietly(first.db);
    const code = errorCode(err);
    if (code === 'ENOENT') {
      // Another process opening the same folder moved it aside first (and says so); use the fresh one.
      const again = attempt(file, busyTimeoutMs);
      if (again.ok) return { db: again.db, file, versionBefore: again.versionBefore, notices: [] };
      if (again.damaged) closeQuietly(again.db);
    }
    logger.warn('state database damaged and could not be moved aside', { file, code });
    return inMemory([notice({ kind: 'stuck', file: DB_FILE, code, path: file, then: 'empty-state' })]);
  }
  for (const side of SIDE_FILES) {
    try {
      fs.renameSync(file + side, aside + side);
    } catch (err) {
      const code = errorCode(err);
      if (code !== 'ENOENT') logger.warn('could not move a side file of the damaged database', { side, code });
    }
  }

  closeQuietly(first.db);
  logger.warn('state database damaged; moved aside and reset', { file, aside, reason: first.code });
  const moved = notice({ kind: 'reset', file: DB_FILE, newer: first.damaged === 'newer', aside });
  const fresh = attempt(file, busyTimeoutMs);
  if (fresh.ok) return { db: fresh.db, file, versionBefore: fresh.versionBefore, notices: [moved] };
  logger.warn('fresh state database could not be created; using empty state in memory', { file, code: fresh.code });
  return inMemory([moved]);
}
