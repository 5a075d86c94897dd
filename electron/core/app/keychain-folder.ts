import { createHash, randomBytes } from 'node:crypto';
import { lstatSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originOf } from '../../../shared/base-url';
import type { Settings } from '../../../shared/settings';
import type { SecretStore } from '../lib/ports';
import { keyAccount, keyOriginKv } from '../secrets/key-account';
import { currentUser, makeFolder, type FolderUser } from '../storage/data-folder';
import { readTextNoFollow, writeTextNoFollow } from '../storage/no-follow';
import type { StateDb } from '../storage/state-db';

/**
 * Each data folder is its own installation, with its own keychain items: the app's folder, a `--data-dir` of the
 * command line, a web preview's `--data-dir`. Their accounts carry the folder's id (`default@https://api…#3f9c…`),
 * kept in the folder (keychain-folder.json), so `lookup-tray --data-dir A key remove` can never delete the key another folder
 * uses, and two folders never replace each other's key.
 *
 * Items an earlier version saved without an id (it used only the app's own folder) are adopted by the app's default
 * folder alone, once, and only while that folder is the user's own (a real folder, owned by the user, that no one
 * else can write to): each of its profiles' accounts is COPIED to its id — the unscoped item stays, so nothing is
 * lost whatever happens to the folder. Nothing a folder holds can ask for adoption (a crafted folder with a
 * settings.json naming someone's server gets no key: issue 33); any other folder adopts nothing.
 */
/** The folder's keychain id, in a small file of its own (it outlives a damaged state.db that is set aside). */
export const FOLDER_ID_FILE = 'keychain-folder.json';
const SEP = '#';

export interface ScopeRecord {
  id: string;
  /** The earlier version's items were adopted (the app's folder only; an `adopt` flag older files hold is ignored). */
  adopted: boolean;
}

function isScope(v: unknown): v is ScopeRecord {
  const r = v as Partial<ScopeRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'string' &&
    /^[0-9a-f]{16}$/.test(r.id) &&
    typeof r.adopted === 'boolean'
  );
}

export interface FolderScopeOptions {
  dataDir: string;
  /** The accounts this folder's profiles may have saved unscoped (adopted once): e.g. `default`, `default@origin`. */
  owned: () => string[];
  /** Accounts used as they are, in no folder (the keychain probe). */
  unscoped?: readonly string[];
  /** The app's default data folder (shared/app-folder.ts): the only one that adopts unscoped items. */
  appFolder: string | null;
  /** Who the process runs as, for the ownership check before adopting (a port: tests stand in another user). */
  user?: FolderUser | null;
}

export interface FolderScopedStore extends SecretStore {
  /** This folder's id (the suffix of its accounts). */
  readonly folderId: string;
  findCredentials?(service: string): Promise<Array<{ account: string; password: string }>>;
}

/** The account of `account` in the folder `id`. */
export function scopedAccount(account: string, id: string): string {
  return `${account}${SEP}${id}`;
}

function readRecord(file: string): ScopeRecord | null {
  try {
    const v: unknown = JSON.parse(readTextNoFollow(file)); // never another folder's id through a link
    return isScope(v) ? { id: v.id, adopted: v.adopted } : null;
  } catch {
    return null;
  }
}

const realOrResolved = (p: string): string => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/**
 * Whether `dataDir` is the app's default folder and the user's own: the folder itself (not a symbolic link to one),
 * owned by the user, writable by no one else. On Windows the folder's ACL keeps it private: the path decides.
 */
export function adoptsLegacyItems(
  dataDir: string,
  appFolder: string | null,
  user: FolderUser | null = currentUser(),
): boolean {
  if (!appFolder || realOrResolved(dataDir) !== realOrResolved(appFolder)) return false;
  try {
    const st = lstatSync(appFolder);
    if (!st.isDirectory()) return false;
    if (!user) return true;
    return st.uid === user.uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The folder's keychain id, made the first time this version opens the folder (call it before anything else is
 * written there). A folder where the id cannot be kept gets one from its path (and adopts nothing).
 */
export function folderId(dataDir: string): ScopeRecord {
  const file = path.join(dataDir, FOLDER_ID_FILE);
  const kept = readRecord(file);
  if (kept) return kept;
  const fresh: ScopeRecord = { id: randomBytes(8).toString('hex'), adopted: false };
  try {
    makeFolder(dataDir);
    writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    // Another process made it (or it is a link, which 'wx' does not follow and readRecord does not read: a fresh id).
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readRecord(file) ?? fresh;
    const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
    return { id, adopted: true };
  }
}

function saveRecord(dataDir: string, r: ScopeRecord): void {
  try {
    writeTextNoFollow(path.join(dataDir, FOLDER_ID_FILE), JSON.stringify(r));
  } catch {
    // Adopted again at the next start: copies that never replace a scoped item, so harmless.
  }
}

/** `inner` with every account in this data folder (see the top of this file). */
export function folderScopedSecrets(
  inner: SecretStore & { findCredentials?: (s: string) => Promise<Array<{ account: string; password: string }>> },
  o: FolderScopeOptions,
): FolderScopedStore {
  const scope = folderId(o.dataDir);
  const { id } = scope;
  const suffix = `${SEP}${id}`;
  const plain = new Set(o.unscoped ?? []);
  const name = (account: string) => (plain.has(account) ? account : scopedAccount(account, id));
  let adoption: Promise<void> | null = null;

  /**
   * Once, in the app's own folder only: the unscoped items of its profiles are copied to its id (never over a scoped
   * one; the unscoped item is kept).
   */
  const adopted = (service: string): Promise<void> =>
    (adoption ??= (async () => {
      if (scope.adopted || !adoptsLegacyItems(o.dataDir, o.appFolder, o.user === undefined ? currentUser() : o.user))
        return;
      for (const account of new Set(o.owned())) {
        const old = await inner.getPassword(service, account);
        if (old === null) continue;
        if ((await inner.getPassword(service, scopedAccount(account, id))) === null)
          await inner.setPassword(service, scopedAccount(account, id), old);
      }
      scope.adopted = true;
      saveRecord(o.dataDir, scope);
    })().catch((err: unknown) => {
      adoption = null; // the keychain refused: tried again at the next use
      throw err;
    }));

  const store: FolderScopedStore = {
    keeps: inner.keeps,
    folderId: id,
    async getPassword(service, account) {
      if (!plain.has(account)) await adopted(service);
      return inner.getPassword(service, name(account));
    },
    async setPassword(service, account, password) {
      await adopted(service);
      return inner.setPassword(service, name(account), password);
    },
    async deletePassword(service, account) {
      await adopted(service);
      return inner.deletePassword(service, name(account));
    },
  };
  if (inner.findCredentials) {
    const list = inner.findCredentials.bind(inner);
    store.findCredentials = async (service) => {
      await adopted(service);
      return (await list(service))
        .filter((c) => c.account.endsWith(suffix))
        .map((c) => ({ account: c.account.slice(0, -suffix.length), password: c.password }));
    };
  }
  return store;
}

/**
 * The accounts a folder's profiles may have saved before keychain items carried a folder: each profile's bare name
 * (the oldest versions) and its account for the origin its key was recorded for, or its base URL's.
 */
export function ownedAccounts(s: Readonly<Settings>, db: StateDb): string[] {
  const out: string[] = [];
  const baseUrls: [string, string][] = [
    [s.profile, s.baseUrl],
    ...Object.entries(s.profiles).map(([name, p]): [string, string] => [name, p.baseUrl]),
  ];
  for (const [name, baseUrl] of baseUrls) {
    out.push(name);
    if (originOf(baseUrl)) out.push(keyAccount(name, baseUrl));
    const recorded = db.readKv(keyOriginKv(name));
    if (typeof recorded === 'string' && originOf(recorded)) out.push(keyAccount(name, recorded));
  }
  return out;
}
