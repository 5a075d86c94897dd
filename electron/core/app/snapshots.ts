import type { AppSnapshot, KeychainStatus, KeyInfo, ProfileInfo, WatchedQuota } from '../../../shared/ipc';
import { profileLabel } from '../../../shared/settings';
import { keyAccount } from '../secrets/key-account';
import type { KeyVault } from '../secrets/key-vault';
import type { StateDb } from '../storage/state-db';
import type { NoticeBoard } from '../storage/notice-board';
import type { SettingsStore } from '../storage/settings-store';
import type { AlertCenter } from './alert-center';
import type { EventHub } from './event-hub';
import type { ServiceHost } from './service-host';
import { buildSnapshot, DEMO_KEY, keyInfoOf } from './snapshot-build';

export interface SnapshotsDeps {
  settings: SettingsStore;
  vault: KeyVault;
  db: StateDb;
  host: ServiceHost;
  alerts: AlertCenter;
  notices: NoticeBoard;
  hub: EventHub;
  /** Every profile with its month line. */
  profiles: () => ProfileInfo[];
  /** Whether a keychain is reachable, as probed at start. */
  keychain: KeychainStatus;
  /** The operating system's languages, most preferred first (AppCorePorts.systemLanguages; absent: unknown). */
  systemLanguages?: () => readonly string[];
}

/** What the window draws itself from, built fresh from its sources each time, and pushed when it changes. */
export class Snapshots {
  /** Whether a keychain is reachable (learnt again when saving a key fails for lack of one). */
  keychain: KeychainStatus;

  constructor(private readonly deps: SnapshotsDeps) {
    this.keychain = deps.keychain;
    // A watched profile's figures changed: its line in the profile picker and the tray follows.
    deps.host.onWatchedChanged(() => void this.push());
  }

  /**
   * The key of the profile in use for its current base URL (DEMO in demo mode): whether there is one, where, its
   * last four characters — and, without one, the origin a key was saved for when that is another one.
   */
  async keyInfo(): Promise<KeyInfo> {
    if (this.deps.host.demo) return DEMO_KEY;
    return keyInfoOf(this.deps.vault, this.deps.db, this.deps.settings.peek());
  }

  /** keyInfo().hasKey without building the rest (every lookup asks). */
  async hasKey(): Promise<boolean> {
    if (this.deps.host.demo) return true;
    const { profile, baseUrl } = this.deps.settings.peek();
    try {
      return Boolean(await this.deps.vault.get(keyAccount(profile, baseUrl)));
    } catch {
      return false;
    }
  }

  async get(): Promise<AppSnapshot> {
    const { settings, vault, db, host, alerts, notices } = this.deps;
    const languages = this.deps.systemLanguages?.() ?? [];
    const snapshot = await buildSnapshot({
      settings: settings.get(),
      vault,
      db,
      keychain: this.keychain,
      demo: host.demo !== null,
      quota: host.state(),
      pausedUntil: alerts.pausedUntil,
      notices: notices.list(),
      profiles: this.deps.profiles(),
      watched: this.watched(),
    });
    // The window follows the languages the core follows (the web preview's core knows none: the browser's list).
    return languages.length > 0 ? { ...snapshot, systemLanguages: [...languages] } : snapshot;
  }

  /** The watched profiles' live quota, when the tray picks the one closest to running out (never in demo). */
  private watched(): WatchedQuota[] {
    const { settings, host } = this.deps;
    if (host.demo || settings.peek().trayShows !== 'closest') return [];
    return host.watched
      .states()
      .filter(({ state }) => state.month !== null)
      .map(({ name, state }) => ({ name, label: profileLabel(name), quota: state }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  async push(): Promise<AppSnapshot> {
    const s = await this.get();
    this.deps.hub.emit('snapshot-changed', s);
    return s;
  }
}
