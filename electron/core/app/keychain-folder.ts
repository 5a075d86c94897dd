import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { originOf } from '../../../shared/base-url';
import type { Settings } from '../../../shared/settings';
import type { SecretStore } from '../lib/ports';
import { keyAccount, keyOriginKv } from '../secrets/key-account';
import type { StateDb } from '../storage/state-db';

/**
 * Each data folder is its own installation, with its own keychain items: the app's folder, a `--data-dir` of the
 * command line, a web preview's `--data-dir`. Their accounts carry the folder's id (`default@https://api…#3f9c…`),
 * kept in the folder (keychain-folder.json), so `lookup-tray --data-dir A key remove` can never delete the key another folder
 * uses, and two folders never replace each other's key.
 *
 * Items an earlier version saved without an id are adopted once, by a folder whose state.db an earlier version made
 * (the id is settled the first time this version opens a folder's state.db): each of its profiles' accounts moves
 * to its id. A folder this version creates adopts nothing.
 */

/** The folder's keychain id, in a small file of its own (it outlives a damaged state.db that is set aside). */
export const FOLDER_ID_FILE = 'keychain-folder.json';
const SEP = '#';

export interface ScopeRecord {
  id: string;
  /** Whether this folder takes over the unscoped items of its profiles (an earlier version used it). */
  adopt: boolean;
  adopted: boolean;
}

function isScope(v: unknown): v is ScopeRecord {
  const r = v as Partial<ScopeRecord> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.id === 'string' &&
    /^[0-9a-f]{16}$/.test(r.id) &&
    typeof r.adopt === 'boolean' &&
    typeof r.adopted === 'boolean'
  );
}

export interface FolderScopeOptions {
  dataDir: string;
  /** The accounts this folder's profiles may have saved unscoped (adopted once): e.g. `default`, `default@origin`. */
  owned: () => string[];
  /** Accounts used as they are, in no folder (the keychain probe). */
  unscoped?: readonly string[];
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
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isScope(v) ? v : null;
  } catch {
    return null;
  }
}

/**
 * The folder's keychain id, made the first time this version opens the folder (call it before anything else is
 * written there): a folder an earlier version left (its settings.json or state.db are there, no id yet) adopts that
 * version's keychain items; a new one adopts nothing. A folder where the id cannot be kept gets one from its path.
 */
export function folderId(dataDir: string): ScopeRecord {
  const file = path.join(dataDir, FOLDER_ID_FILE);
  const kept = readRecord(file);
  if (kept) return kept;
  const earlier = ['settings.json', 'state.db'].some((f) => existsSync(path.join(dataDir, f)));
  const fresh: ScopeRecord = { id: randomBytes(8).toString('hex'), adopt: earlier, adopted: false };
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(fresh), { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readRecord(file) ?? fresh; // another process made it
    const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
    return { id, adopt: false, adopted: true };
  }
}

function saveRecord(dataDir: string, r: ScopeRecord): void {
  try {
    writeFileSync(path.join(dataDir, FOLDER_ID_FILE), JSON.stringify(r), { mode: 0o600 });
  } catch {
    // Adopted again at the next start: harmless (the unscoped items are gone by then).
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

  /** Once: the unscoped items of this folder's profiles move to its id (never over a scoped one). */
  const adopted = (service: string): Promise<void> =>
    (adoption ??= (async () => {
      if (!scope.adopt || scope.adopted) return;
      for (const account of new Set(o.owned())) {
        const old = await inner.getPassword(service, account);
        if (old === null) continue;
        if ((await inner.getPassword(service, scopedAccount(account, id))) === null)
          await inner.setPassword(service, scopedAccount(account, id), old);
        await inner.deletePassword(service, account);
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
