/**
 * Opening a data folder someone names (`lookup-tray --data-dir DIR`, the web preview's `--data-dir`): it holds every
 * looked-up address and decides where the key is sent, so it must be the user's own. Refused, with one line that
 * says why: a folder that is a symbolic link, one owned by another user, one other users can write to (any folder
 * writable by "other", or by a group that is not the user's own); a path that is a file; a folder that cannot be
 * created. A folder the user owns is then made private (0700) as before. Not on Windows, where the folder's ACL
 * decides (the owner and mode checks do not apply there).
 *
 * Folders are created one level at a time: Node's `mkdirSync(…, { recursive: true })` spins forever where mkdir
 * answers ENOENT under a parent that exists (`/proc/nope`).
 */
import fs from 'node:fs';
import path from 'node:path';

/** Why a data folder cannot be used: `message` is one line for the user; `code` an errno-like code for logs. */
export class DataFolderError extends Error {
  override readonly name = 'DataFolderError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Who the process runs as (null on Windows: no POSIX owner to compare). A port: tests stand in another user. */
export interface FolderUser {
  uid: number;
  gid: number;
}

export function currentUser(): FolderUser | null {
  if (process.platform === 'win32' || !process.getuid || !process.getgid) return null;
  return { uid: process.getuid(), gid: process.getgid() };
}

function lstatOrNull(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR')
      return null;
    throw err;
  }
}

const codeOf = (err: unknown): string => (err as NodeJS.ErrnoException)?.code ?? 'error';

/**
 * Creates `dir` (0700, with any missing parents, one level at a time) unless it exists. Throws a DataFolderError
 * saying what is in the way: a file, or a parent where no folder can be made.
 */
export function makeFolder(dir: string, label = dir): void {
  const abs = path.resolve(dir);
  const missing: string[] = [];
  let at = abs;
  for (;;) {
    let st: fs.Stats | null;
    try {
      st = fs.statSync(at); // a parent may be a symlink to a folder (/tmp on macOS)
    } catch (err) {
      const code = codeOf(err);
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        throw new DataFolderError(`Cannot use the data folder ${label} (${code}).`, code);
      st = null;
    }
    if (st) {
      if (!st.isDirectory())
        throw new DataFolderError(
          at === abs
            ? `The data folder ${label} is a file, not a folder.`
            : `Cannot create the data folder ${label}: ${at} is a file, not a folder.`,
          'ENOTDIR',
        );
      break;
    }
    const parent = path.dirname(at);
    if (parent === at) break; // a root that does not exist (a missing drive)
    missing.unshift(at);
    at = parent;
  }
  for (const p of missing) {
    try {
      fs.mkdirSync(p, { mode: 0o700 });
    } catch (err) {
      const code = codeOf(err);
      if (code === 'EEXIST' && fs.statSync(p).isDirectory()) continue; // another process made it
      const where = path.dirname(p);
      throw new DataFolderError(
        code === 'ENOENT' || code === 'EROFS' || code === 'EACCES' || code === 'EPERM'
          ? `Cannot create the data folder ${label}: ${where} does not let a folder be made in it (${code}).`
          : `Cannot create the data folder ${label} (${code}).`,
        code,
      );
    }
  }
}

/**
 * Checks (and creates) a data folder someone named; see the top of this file. Throws a DataFolderError whose
 * message is the one line to show.
 */
export function openDataFolder(dir: string, me: FolderUser | null = currentUser()): void {
  const abs = path.resolve(dir);
  if (me) refuseUnsafeParents(abs, dir, me);
  let st = lstatOrNull(abs);
  if (st?.isSymbolicLink()) {
    let target = '';
    try {
      target = fs.realpathSync(abs);
    } catch {
      // a dangling link: said without its target
    }
    throw new DataFolderError(
      `The data folder ${dir} is a symbolic link${target ? ` (to ${target})` : ''}: name the folder itself with --data-dir, if it is yours.`,
      'ELOOP',
    );
  }
  if (!st) {
    makeFolder(abs, dir);
    st = fs.lstatSync(abs);
  }
  if (!st.isDirectory()) throw new DataFolderError(`The data folder ${dir} is a file, not a folder.`, 'ENOTDIR');
  if (!me) return;
  if (st.uid !== me.uid)
    throw new DataFolderError(
      `The data folder ${dir} belongs to another user (uid ${st.uid}): use a folder of your own.`,
      'EPERM',
    );
  const others = (st.mode & 0o002) !== 0 || ((st.mode & 0o020) !== 0 && st.gid !== me.gid);
  if (others)
    throw new DataFolderError(
      `The data folder ${dir} can be changed by other users (mode ${(st.mode & 0o777).toString(8).padStart(4, '0')}): run chmod 700 on it, or use another folder.`,
      'EPERM',
    );
  if ((st.mode & 0o077) !== 0) {
    try {
      fs.chmodSync(abs, st.mode & 0o7700); // readable by others (an earlier version's 0755): private from now on
    } catch {
      // ours, so this works; state-db-open tightens again
    }
  }
  refuseLinkedFiles(abs, dir);
}

/**
 * Refuses a folder inside a parent someone else could change: owned by another user (root aside), or writable by
 * others (by "other", or by a group that is not the user's own) without the sticky bit — /tmp (1777) only lets each
 * user rename their own entries. Such a parent lets the folder be swapped for another after every check here. Each
 * component of the path is looked at, from the nearest one that exists (as the system resolves it: a symlinked /tmp
 * is its target) up to the root.
 */
function refuseUnsafeParents(abs: string, label: string, me: FolderUser): void {
  let at = path.dirname(abs);
  let real: string;
  for (;;) {
    try {
      real = fs.realpathSync(at);
      break;
    } catch {
      const up = path.dirname(at);
      if (up === at) return;
      at = up;
    }
  }
  for (let p = real; ; p = path.dirname(p)) {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      return; // not ours to look at: the folder's own checks say what is wrong
    }
    if (st.uid !== me.uid && st.uid !== 0)
      throw new DataFolderError(
        `The data folder ${label} is inside ${p}, which belongs to another user (uid ${st.uid}): use a folder of your own.`,
        'EPERM',
      );
    const others = (st.mode & 0o002) !== 0 || ((st.mode & 0o020) !== 0 && st.gid !== me.gid);
    if (others && (st.mode & 0o1000) === 0)
      throw new DataFolderError(
        `The data folder ${label} is inside ${p}, which other users can change (mode ${(st.mode & 0o7777).toString(8).padStart(4, '0')}): they could swap the folder; use a folder elsewhere.`,
        'EPERM',
      );
    if (path.dirname(p) === p) return;
  }
}

/**
 * The files a data folder holds and opens by name: its keychain id (keychain-folder.ts), its settings, its state
 * (with SQLite's side files) and the state.json an earlier version left, imported once.
 */
export const FOLDER_OWN_FILES = [
  'keychain-folder.json',
  'settings.json',
  'state.db',
  'state.db-wal',
  'state.db-shm',
  'state.json',
] as const;

/**
 * Refuses a folder one of whose own files is a symbolic link (a handed-over folder's `keychain-folder.json` linked to
 * the user's would take that folder's keychain id, and its key): one line naming the file and where it points. The
 * folder passed the checks above (the user's, writable by no one else), so no one else can put a link there later.
 */
export function refuseLinkedFiles(dir: string, label = dir): void {
  for (const file of FOLDER_OWN_FILES) {
    const p = path.join(dir, file);
    if (!lstatOrNull(p)?.isSymbolicLink()) continue;
    let target = '';
    try {
      target = fs.realpathSync(p);
    } catch {
      try {
        target = fs.readlinkSync(p);
      } catch {
        // said without its target
      }
    }
    throw new DataFolderError(
      `The data folder ${label} holds ${file} as a symbolic link${target ? ` (to ${target})` : ''}: a folder's own files must be files; remove the link, or use another folder.`,
      'ELOOP',
    );
  }
}
