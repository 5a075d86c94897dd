import type { Handlers } from '../../../shared/ipc';
import { BulkJobs } from '../bulk/bulk-jobs';
import { followingClock } from '../bulk/following-clock';
import { KEYCHAIN_PROBE_ACCOUNT, KeyVault } from '../secrets/key-vault';
import { folderId, folderScopedSecrets, ownedAccounts } from './keychain-folder';
import { defaultDataDir } from '../../../shared/app-folder';
import { KeyChanges } from './key-changes';
import { NoticeBoard } from '../storage/notice-board';
import { SettingsStore } from '../storage/settings-store';
import { StateDb } from '../storage/state-db';
import { AlertCenter } from './alert-center';
import type { AppCore, AppCorePorts } from './app-core-types';
import type { Clock, Logger, NotifyRequest } from '../lib/ports';
import { EventHub } from './event-hub';
import { appLang } from '../../../shared/i18n/locale';
import { appHandlers } from './handlers/app-handlers';
import { bulkHandlers } from './handlers/bulk-handlers';
import { bulkFollowHandlers } from './handlers/bulk-follow-handlers';
import { BulkFollows } from './bulk-follows';
import { nodeTailFs } from '../bulk/node-tail-fs';
import { bulkFileHandlers } from './handlers/bulk-file-handlers';
import { FileReads } from '../bulk/file-read';
import { BulkNotices } from './bulk-notices';
import { demoHandlers } from './handlers/demo-handlers';
import { dataHandlers } from './handlers/data-handlers';
import { historyHandlers } from './handlers/history-handlers';
import { profileHandlers } from './handlers/profile-handlers';
import { appRunning, Profiles } from './profiles';
import { keyHandlers } from './handlers/key-handlers';
import { lookupHandlers } from './handlers/lookup-handlers';
import { LargeAnswers } from './large-answers';
import { followOtherProcesses } from './other-processes';
import { ServiceHost } from './service-host';
import { Snapshots } from './snapshots';
import { updateHandlers } from './handlers/update-handlers';
import { UpdatePolicy } from '../update/update-policy';

export { serviceConfig } from './service-config';

/** state.db kv: the last version whose "ready — restart to update" notification was shown (one per version). */
const UPDATE_NOTIFIED_KEY = 'update.notifiedVersion';

/** The data folder's stores: settings.json, state.db, their notices, and this folder's keys in the keychain. */
function openStores(ports: AppCorePorts) {
  const { clock, logger } = ports;
  // Before anything is written in the folder: its keychain id (keychain-folder.ts).
  folderId(ports.dataDir);
  const settings = new SettingsStore({ dataDir: ports.dataDir, logger, now: () => clock.now() });
  // Everything the app learns, shared with the app's other processes (the web preview, the CLI) on this folder.
  const db = StateDb.open({ dir: ports.dataDir, now: () => clock.now(), logger });
  const notices = new NoticeBoard([settings, db]);
  const keyChanges = new KeyChanges(db);
  // This folder's keychain items only (another data folder is another installation, with keys of its own).
  const secrets = folderScopedSecrets(ports.secrets, {
    dataDir: ports.dataDir,
    owned: () => ownedAccounts(settings.peek(), db),
    unscoped: [KEYCHAIN_PROBE_ACCOUNT],
    appFolder: ports.appFolder === undefined ? defaultDataDir() : ports.appFolder,
  });
  const vault = new KeyVault(secrets, logger, () => keyChanges.mark());
  return { settings, db, notices, keyChanges, vault };
}

/** Shows each notification (a failing notifier is logged, never thrown) and announces it to the window. */
function notifierOf(ports: AppCorePorts, hub: EventHub) {
  return (notifications: NotifyRequest[]) => {
    for (const n of notifications) {
      try {
        ports.notifier.notify(n);
      } catch (err) {
        ports.logger.warn('notification failed', { error: String(err) });
      }
      hub.emit('notification', n);
    }
  };
}

/** Every quota change of the service in use reaches the window and the tray, with the notifications it calls for. */
function announceQuota(
  host: ServiceHost,
  alerts: AlertCenter,
  hub: EventHub,
  notifyAll: (n: NotifyRequest[]) => void,
): void {
  host.onChange(({ prev, next }) => {
    const notifications = alerts.decide(prev, next, host.demo?.clock ?? null);
    hub.emit('quota-changed', next);
    notifyAll(notifications);
  });
  host.onReplaced((state) => hub.emit('quota-changed', state));
  // A profile watched in the background: its notifications, naming it (Snapshots follows its line by itself).
  host.onWatchedChanged(({ prev, next, own }) => notifyAll(alerts.decide(prev, next, null, own)));
}

/**
 * Self-update (electron/core/update/update-policy.ts): checks, the one notification per version, and "Restart to
 * update" held while a bulk job runs. Only a long-running process with an updater ever checks.
 */
function updatePolicy(deps: {
  ports: AppCorePorts;
  background: boolean;
  clock: Clock;
  logger: Logger;
  db: StateDb;
  settings: SettingsStore;
  host: ServiceHost;
  bulk: BulkJobs;
  hub: EventHub;
  notifyAll: (n: NotifyRequest[]) => void;
}): UpdatePolicy {
  const { ports, db, host, bulk, hub } = deps;
  return new UpdatePolicy({
    updater: deps.background ? (ports.updates?.updater ?? null) : null,
    offReason: ports.updates?.offReason,
    noticeOnly: ports.updates?.noticeOnly,
    releasePage: ports.updates?.releasePage,
    currentVersion: ports.updates?.currentVersion ?? '',
    clock: deps.clock,
    logger: deps.logger,
    notify: (n) => deps.notifyAll([n]),
    autoCheck: () => deps.settings.peek().autoUpdate,
    demo: () => host.demo !== null,
    bulkRunning: () => bulk.active().some((p) => p.state === 'running'),
    memory: {
      notified: () => {
        const v = db.readKv(UPDATE_NOTIFIED_KEY);
        return typeof v === 'string' ? v : null;
      },
      markNotified: (version) => void db.writeKv(UPDATE_NOTIFIED_KEY, version),
    },
    onStatus: (s) => hub.emit('update-status', s),
  });
}

/** The handlers of every capability of shared/ipc.ts, each group from handlers/ with one `deps` object. */
function allHandlers(deps: {
  ports: AppCorePorts;
  settings: SettingsStore;
  db: StateDb;
  vault: KeyVault;
  host: ServiceHost;
  alerts: AlertCenter;
  notices: NoticeBoard;
  snapshots: Snapshots;
  profiles: Profiles;
  bulk: BulkJobs;
  updates: UpdatePolicy;
  largeAnswers: LargeAnswers;
  follows: BulkFollows;
  fileReads: FileReads;
  hub: EventHub;
}): Handlers {
  const { ports, settings, db, vault, host, alerts, notices, snapshots, profiles, bulk, updates } = deps;
  const { logger, saveTextFile } = ports;
  const now = () => ports.clock.now();
  return {
    ...appHandlers({ settings, host, alerts, notices, snapshots, openExternal: ports.openExternal }),
    ...lookupHandlers({ host, snapshots, largeAnswers: deps.largeAnswers, saveTextFile, logger, now }),
    ...keyHandlers({ settings, vault, db, host, snapshots, logger }),
    ...demoHandlers({ host, alerts, snapshots }),
    ...profileHandlers({ profiles, snapshots }),
    ...dataHandlers({ host, db, dataDir: ports.dataDir, logger, now, openPath: ports.openPath }),
    ...historyHandlers({ settings, host, db, saveTextFile, logger, now }),
    ...updateHandlers({ updates }),
    ...bulkHandlers({
      bulk,
      hasKey: async () => (await snapshots.keyInfo()).hasKey,
      saveTextFile,
      logger,
      now,
      threatThreshold: () => settings.peek().reports.threatThreshold,
    }),
    ...bulkFollowHandlers(deps.follows),
    ...bulkFileHandlers({
      bulk,
      hasKey: async () => (await snapshots.keyInfo()).hasKey,
      files: deps.fileReads,
      openFile: ports.openFile,
      progress: (p) => deps.hub.emit('bulk-read-progress', p),
    }),
  };
}

/**
 * The composition of the main-process core — wiring only: the settings file, state.db, the key vault, the
 * QuotaService in use, alerts and demo mode, and the handlers of every capability of shared/ipc.ts, grouped by
 * capability in handlers/. One event per state change. Plain Node: the Electron shell and the web preview drive
 * it; the CLI through its one-shot entry (one-shot.ts).
 */
export async function createAppCore(ports: AppCorePorts): Promise<AppCore> {
  const { clock, logger } = ports;
  const background = ports.oneShot !== true;
  const hub = new EventHub((err) => logger.error('event listener failed', { error: String(err) }));
  const { settings, db, notices, keyChanges, vault } = openStores(ports);
  const lang = ports.lang ?? (() => appLang(settings.peek().interfaceLanguage, ports.systemLanguages?.() ?? []));
  const alerts = new AlertCenter({ db, clock, logger, settings: () => settings.peek(), lang });
  const notifyAll = notifierOf(ports, hub);
  const host = new ServiceHost({
    settings,
    vault,
    db,
    clock,
    fetch: ports.fetch,
    logger,
    watchProfiles: background,
    demoStartAt: ports.demoStartAt,
  });
  announceQuota(host, alerts, hub, notifyAll);
  const profiles = new Profiles({ settings, vault, db, running: appRunning(host, alerts) });
  const snapshots = new Snapshots({
    ...{ settings, vault, db, host, alerts, notices, hub },
    systemLanguages: ports.systemLanguages,
    profiles: () => profiles.list(),
    keychain: await vault.status(),
  });

  // A bulk job runs on its own profile's service, in use or watched (and paces on its clock: the demo's in demo
  // mode), whichever profile is in use; jobs live in state.db.
  const bulk = new BulkJobs({
    db,
    clock: followingClock(() => host.demo?.clock ?? clock),
    logger,
    profile: () => (host.current ? host.profile() : null),
    serviceFor: (profile) => host.serviceFor(profile),
    demo: () => host.demo !== null,
    lang,
  });
  // A job paused because its profile had no service here goes on once it has one (after the change settles).
  if (background) host.onServicesChanged(() => queueMicrotask(() => void bulk.resumeWhereProfilesReturned()));
  let windowVisible = false;
  const bulkNotices = new BulkNotices(
    () => windowVisible,
    () => host.demo !== null,
    lang,
  );
  const updates = updatePolicy({ ports, background, clock, logger, db, settings, host, bulk, hub, notifyAll });
  bulk.onProgress((p) => {
    hub.emit('bulk-progress', p);
    updates.changed(); // "Restart to update" waits while a job runs
    const n = bulkNotices.decide(p); // a job that ends while the window is hidden says so
    if (n) notifyAll([n]);
  });
  const largeAnswers = new LargeAnswers();
  const follows = new BulkFollows({
    jobs: bulk,
    db,
    fs: ports.tailFs ?? nodeTailFs,
    clock,
    logger,
    pickFollowFile: ports.pickFollowFile,
    hasKey: async () => (await snapshots.keyInfo()).hasKey,
    emit: (info) => hub.emit('bulk-follow', info),
    pollMs: ports.followPollMs,
    lang,
  });
  const fileReads = new FileReads({ now: () => clock.now(), beforeChunk: ports.beforeFileChunk });
  const parts = {
    ...{ ports, settings, db, vault, host, alerts, notices, snapshots, profiles, bulk, updates, largeAnswers },
    follows,
  };
  const handlers = allHandlers({ ...parts, fileReads, hub });

  // Every change of the settings — a save, a profile operation, or settings.json as another process left it, taken
  // in by a save (even one then refused) or by the folder watch — reaches the service host, which compares it with
  // the service in use itself: another profile or origin gets another service, with that origin's key only.
  settings.onChange((s) => host.settingsChanged(s));
  settings.onChange(() => void snapshots.push());
  // The automatic-check setting, and demo mode starting or ending (every such change pushes a snapshot).
  hub.on('snapshot-changed', () => updates.changed());
  db.onNotice(() => void snapshots.push());
  const others = followOtherProcesses({ ...parts, dataDir: ports.dataDir, keyChanges, logger, watch: background });
  if (!background) host.setSuspended(true); // no automatic checks in a short-lived process
  if (ports.demo) await handlers.startDemo();
  else {
    host.rebuild();
    if (host.current && background && (await snapshots.keyInfo()).hasKey) {
      void host.current.probeStatus();
      bulk.resumeInterrupted(); // jobs a quit or a crash interrupted go on where they stopped
    }
  }
  if (background) updates.start(); // after demo mode started, if it did: no check is ever planned in it

  return {
    handlers,
    on: (event, cb) => hub.on(event, cb),
    emit: (event, payload) => hub.emit(event, payload),
    setWindowVisible: (visible) => {
      windowVisible = visible;
      // The window shows what the app's other processes (the CLI, the preview) learnt while it was hidden.
      if (visible) others.syncAll();
    },
    grantDroppedFile: (path) => fileReads.grant(path),
    setSuspended: (s) => host.setSuspended(s),
    ...{ lang, whenIdle: () => host.whenIdle() },
    dispose: async () => {
      updates.dispose();
      others.dispose();
      await follows.dispose(); // each follow stops cleanly: its job kept, its reading saved
      await bulk.dispose(); // running jobs stay marked running: resumed at the next start
      await host.dispose();
      alerts.dispose();
      largeAnswers.clear();
      db.close();
      hub.clear();
    },
  };
}
