import type { AppSnapshot, KeychainStatus, KeyInfo } from '../../../shared/ipc';
import type { KeyVault } from '../secrets/key-vault';
import type { NoticeBoard } from '../storage/notice-board';
import type { SettingsStore } from '../storage/settings-store';
import type { AlertCenter } from './alert-center';
import type { EventHub } from './event-hub';
import type { ServiceHost } from './service-host';

export interface SnapshotsDeps {
  settings: SettingsStore;
  vault: KeyVault;
  host: ServiceHost;
  alerts: AlertCenter;
  notices: NoticeBoard;
  hub: EventHub;
}

/** What the window draws itself from, built fresh from its sources each time, and pushed when it changes. */
export class Snapshots {
  /** Whether a keychain is reachable (learnt again when saving a key fails for lack of one). */
  keychain: KeychainStatus = { available: true, message: null };

  constructor(private readonly deps: SnapshotsDeps) {}

  /** The key of the profile in use (DEMO in demo mode): whether there is one, where, and its last four characters. */
  async keyInfo(): Promise<KeyInfo> {
    if (this.deps.host.demo) return { hasKey: true, masked: 'DEMO', storage: 'memory' };
    try {
      return await this.deps.vault.info(this.deps.settings.get().profile);
    } catch {
      return { hasKey: false, masked: null, storage: 'none' };
    }
  }

  async get(): Promise<AppSnapshot> {
    const { settings, host, alerts, notices } = this.deps;
    return {
      settings: settings.get(),
      key: await this.keyInfo(),
      keychain: this.keychain,
      demo: { active: host.demo !== null },
      quota: host.state(),
      notifications: { pausedUntil: alerts.pausedUntil },
      notices: notices.list(),
    };
  }

  async push(): Promise<AppSnapshot> {
    const s = await this.get();
    this.deps.hub.emit('snapshot-changed', s);
    return s;
  }
}
