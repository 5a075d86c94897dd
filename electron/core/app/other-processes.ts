/**
 * Following the app's other processes on the same data folder (the CLI, the web preview, a second window): the
 * figures, cooldowns and keys they recorded in state.db and the settings they wrote reach the tray and the window
 * at once. One folder watcher (storage/data-folder-watch.ts) in a long-running process; a short-lived one only
 * syncs when asked.
 */
import type { Logger } from '../lib/ports';
import type { KeyVault } from '../secrets/key-vault';
import { watchDataFolder } from '../storage/data-folder-watch';
import type { SettingsStore } from '../storage/settings-store';
import type { StateDb } from '../storage/state-db';
import type { KeyChanges } from './key-changes';
import type { ServiceHost } from './service-host';
import type { Snapshots } from './snapshots';

export interface OtherProcessesDeps {
  dataDir: string;
  settings: SettingsStore;
  db: StateDb;
  vault: KeyVault;
  keyChanges: KeyChanges;
  host: ServiceHost;
  snapshots: Snapshots;
  logger: Logger;
  /** Watch the folder (a long-running process); false: sync only when `syncAll` is called. */
  watch: boolean;
}

export interface OtherProcesses {
  /** Reads what the other processes recorded now (the window shows it when it opens). */
  syncAll(): void;
  dispose(): void;
}

export function followOtherProcesses(deps: OtherProcessesDeps): OtherProcesses {
  const { settings, db, vault, keyChanges, host, snapshots, logger } = deps;
  // A key another process saved or removed (the CLI's key set / key remove) is read again, and the service in use
  // follows it: the old key is never sent again, and its figures are not written over what that process left.
  const takeInKeyChanges = async () => {
    if (!keyChanges.elsewhere() || host.demo) return;
    const before = await snapshots.keyInfo();
    vault.forgetCached();
    const after = await snapshots.keyInfo();
    if (before.hasKey !== after.hasKey || before.masked !== after.masked) host.rebuild({ discard: true });
    await snapshots.push();
  };
  const syncAll = () => {
    host.sync();
    takeInKeyChanges().catch((err: unknown) =>
      logger.warn('reading the changed keychain failed', { error: err instanceof Error ? err.name : 'unknown' }),
    );
  };
  const takeInSettingsFile = () => void settings.reload(); // its onChange tells the host
  // A setting another process changed (the CLI's `config set`) is taken in; this process's next save keeps it.
  const unwatch = deps.watch
    ? watchDataFolder(
        deps.dataDir,
        {
          stateDb: db.persistent ? syncAll : undefined,
          settings: settings.persistent ? takeInSettingsFile : undefined,
        },
        { logger },
      )
    : () => {};
  return { syncAll, dispose: unwatch };
}
