/**
 * The one builder of AppSnapshot (what the window and the tray draw from) and of its key line, used by the app core's
 * Snapshots and by the short-lived processes' OneShot alike, so a field added to the snapshot is filled in one place.
 */
import { originOf } from '../../../shared/base-url';
import type { AppSnapshot, KeychainStatus, KeyInfo, Notice, ProfileInfo, WatchedQuota } from '../../../shared/ipc';
import type { QuotaState } from '../../../shared/quota';
import type { Settings } from '../../../shared/settings';
import { keyAccount, keyOriginKv } from '../secrets/key-account';
import type { KeyVault } from '../secrets/key-vault';
import type { StateDb } from '../storage/state-db';
import { legacyKeyWaits } from './legacy-key';

const NO_KEY: KeyInfo = { hasKey: false, masked: null, storage: 'none' };
/** Demo mode's key: the simulator's, in memory. */
export const DEMO_KEY: KeyInfo = { hasKey: true, masked: 'DEMO', storage: 'memory' };

/**
 * The key of `profile` for `baseUrl`: whether there is one, where, its last four characters — and, without one, the
 * origin a key was saved for when that is another one, or that an earlier version's key waits. `askKeychain` false
 * (a keychain just found unreachable) skips the keychain's reads.
 */
export async function keyInfoOf(
  vault: KeyVault,
  db: StateDb,
  s: Pick<Settings, 'profile' | 'baseUrl'>,
  askKeychain = true,
): Promise<KeyInfo> {
  let info = NO_KEY;
  try {
    if (askKeychain) info = await vault.info(keyAccount(s.profile, s.baseUrl));
  } catch {
    // no keychain: the snapshot's keychain status says so
  }
  const savedFor = db.readKv(keyOriginKv(s.profile));
  if (!info.hasKey && typeof savedFor === 'string' && savedFor !== originOf(s.baseUrl)) return { ...info, savedFor };
  if (!info.hasKey && askKeychain && (await legacyKeyWaits(vault, s.profile))) return { ...info, legacy: true };
  return info;
}

/** What a snapshot is made of; the app core and a short-lived process each have their own sources of it. */
export interface SnapshotSources {
  settings: Settings;
  vault: KeyVault;
  db: StateDb;
  keychain: KeychainStatus;
  /** false: the keychain was just found unreachable, and its reads are skipped (default true). */
  askKeychain?: boolean;
  /** Demo mode: the key is the demo's, and nothing is read from the keychain. */
  demo: boolean;
  quota: QuotaState;
  pausedUntil: number | null;
  notices: Notice[];
  profiles: ProfileInfo[];
  watched: WatchedQuota[];
}

/** The snapshot of `src`, its key line read as keyInfoOf reads it. */
export async function buildSnapshot(src: SnapshotSources): Promise<AppSnapshot> {
  const key = src.demo ? DEMO_KEY : await keyInfoOf(src.vault, src.db, src.settings, src.askKeychain ?? true);
  return {
    settings: src.settings,
    key,
    keychain: src.keychain,
    demo: { active: src.demo },
    quota: src.quota,
    notifications: { pausedUntil: src.pausedUntil },
    notices: src.notices,
    profiles: src.profiles,
    watched: src.watched,
  };
}
