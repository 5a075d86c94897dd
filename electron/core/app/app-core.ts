import type { AppSnapshot, Handlers, KeyInfo, SaveKeyOutcome } from '../../../shared/ipc';
import { emptyQuotaState, type QuotaState } from '../../../shared/quota';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { AppCore, AppCorePorts } from './app-core-types';
import { decideAlerts, emptyAlertMemory, type AlertMemory } from '../quota/alerts';
import { DEMO_PROFILE, loadAlerts, loadPausedUntil, saveAlerts, serviceConfig } from './app-state';
import { DemoMode } from './demo-mode';
import { EventHub } from './event-hub';
import { allowedExternalHosts, isAllowedExternalUrl } from './external-links';
import { KeychainUnavailableError, KeyVault } from '../secrets/key-vault';
import { dbQuotaStore } from '../service/db-quota-store';
import { PersistDebounce } from '../service/persist-debounce';
import { QuotaService } from '../service/quota-service';
import { StateDb } from '../storage/state-db';
import { NO_KEY } from '../service/service-types';
import { SettingsStore } from '../storage/settings-store';
import { NoticeBoard } from '../storage/notice-board';

export { serviceConfig } from './app-state';

/**
 * The composition of the main-process core: settings, key vault, the active profile's QuotaService,
 * alerts, demo mode. Exposes exactly the capabilities of shared/ipc.ts and one event per state change.
 * Plain Node: the Electron shell and the web preview both drive it.
 */
export async function createAppCore(ports: AppCorePorts): Promise<AppCore> {
  const { clock, logger } = ports;
  const hub = new EventHub((err) => logger.error('event listener failed', { error: String(err) }));
  const settings = new SettingsStore({ dataDir: ports.dataDir, logger, now: () => clock.now() });
  // Everything the app learns, shared with the app's other processes (the web preview, the CLI) on this folder.
  const db = StateDb.open({ dir: ports.dataDir, now: () => clock.now(), logger });
  const notices = new NoticeBoard([settings, db]);
  const vault = new KeyVault(ports.secrets, logger);
  let keychain = await vault.status();
  let alerts: AlertMemory = loadAlerts(db);
  // Alert memory changes with every response (the newest observation seen): written in bursts like the figures.
  let savedAlerts = alerts;
  const alertWrites = new PersistDebounce({
    clock,
    logger,
    write: () => {
      saveAlerts(db, savedAlerts, alerts);
      savedAlerts = alerts;
    },
  });
  let pausedUntil: number | null = loadPausedUntil(db);
  let demo: DemoMode | null = null;
  /** Demo mode's alert memory lives in memory only: demo state never mixes with a real key's. */
  let demoAlerts = emptyAlertMemory();
  let service: QuotaService | null = null;
  let unsubscribeService: (() => void) | null = null;
  let lastQuota: QuotaState | null = null;

  const profile = (): string => (demo ? DEMO_PROFILE : settings.get().profile);
  const activeService = (): QuotaService | null => service;

  async function keyInfo(): Promise<KeyInfo> {
    if (demo) return { hasKey: true, masked: 'DEMO', storage: 'memory' };
    try {
      return await vault.info(settings.get().profile);
    } catch {
      return { hasKey: false, masked: null, storage: 'none' };
    }
  }

  async function snapshot(): Promise<AppSnapshot> {
    return {
      settings: settings.get(),
      key: await keyInfo(),
      keychain,
      demo: { active: demo !== null },
      quota: quotaState(),
      notifications: { pausedUntil },
      notices: notices.list(),
    };
  }

  function quotaState(): QuotaState {
    return service ? service.state() : emptyQuotaState(profile(), clock.now());
  }

  async function pushSnapshot(): Promise<AppSnapshot> {
    const s = await snapshot();
    hub.emit('snapshot-changed', s);
    return s;
  }

  function onQuotaChanged(next: QuotaState): void {
    const s = settings.get();
    const now = (demo ? demo.clock : clock).now();
    // The pause is set on the real clock; the demo clock may have been fast-forwarded past it.
    const paused = pausedUntil === null ? null : pausedUntil + (now - clock.now());
    const before = demo ? demoAlerts : alerts;
    const { notifications, memory } = decideAlerts(
      lastQuota,
      next,
      before,
      { notifications: s.notifications, thresholds: s.thresholds, pausedUntil: paused, demo: demo !== null },
      now,
    );
    lastQuota = next;
    if (demo) demoAlerts = memory;
    else if (memory !== before) {
      alerts = memory;
      if (notifications.length > 0) alertWrites.flush();
      else alertWrites.schedule();
    }
    hub.emit('quota-changed', next);
    for (const n of notifications) {
      try {
        ports.notifier.notify(n);
      } catch (err) {
        logger.warn('notification failed', { error: String(err) });
      }
      hub.emit('notification', n);
    }
  }

  /** (Re)builds the QuotaService for the current mode and profile. */
  function rebuildService(): void {
    unsubscribeService?.();
    service?.dispose();
    service = null;
    lastQuota = null;
    const s = settings.get();
    if (demo) {
      const d = demo;
      service = new QuotaService({
        clock: d.clock,
        fetch: ports.fetch,
        logger,
        profile: DEMO_PROFILE,
        getKey: async () => d.key,
        config: { ...serviceConfig(s), baseUrl: d.baseUrl },
      });
    } else if (s.baseUrl) {
      const name = s.profile;
      service = new QuotaService({
        clock,
        fetch: ports.fetch,
        logger,
        profile: name,
        getKey: async () => {
          try {
            return await vault.get(name);
          } catch {
            return null;
          }
        },
        config: serviceConfig(s),
        store: dbQuotaStore(db, name),
      });
    }
    lastQuota = service?.state() ?? null;
    unsubscribeService = service?.onChange(onQuotaChanged) ?? null;
    hub.emit('quota-changed', quotaState());
  }

  /** Forgets a profile's figures, history and cache (in the live service too, whose disposal would write them back). */
  function dropProfileState(name: string): void {
    if (service && !demo && settings.get().profile === name) service.reset();
    else db.clearQuota(name);
  }

  async function startDemo(): Promise<AppSnapshot> {
    if (!demo) {
      demo = await DemoMode.start();
      demoAlerts = emptyAlertMemory();
      rebuildService();
      void service?.probeStatus();
    }
    return pushSnapshot();
  }

  async function stopDemo(): Promise<AppSnapshot> {
    if (demo) {
      const d = demo;
      demo = null;
      rebuildService();
      await d.close();
    }
    return pushSnapshot();
  }

  async function saveKey(req: Parameters<Handlers['saveKey']>[0]): Promise<SaveKeyOutcome> {
    const key = req.key.trim();
    if (!key) return { kind: 'rejected', message: 'Enter your API key.' };
    if (/\s/.test(key))
      return { kind: 'rejected', message: 'An API key has no spaces inside it. Check what was pasted.' };
    if (req.baseUrl !== undefined) {
      const base = normalizeBaseUrl(req.baseUrl);
      if (!base.ok) return { kind: 'rejected', message: base.message };
      const r = settings.update({ baseUrl: base.url });
      if (r.kind === 'invalid') return { kind: 'rejected', message: r.errors.map((e) => e.message).join(' ') };
    }
    if (!settings.get().baseUrl) return { kind: 'rejected', message: 'Enter the base URL of the service first.' };
    if (demo) await stopDemo();
    if (!service) rebuildService();
    let verified: 'status' | 'lookup' | 'not-verified' = 'not-verified';
    const mode = req.verify ?? 'free';
    if (mode !== 'skip' && service) {
      const v = await service.verifyKey(key, mode);
      if (v.needsConfirmation) {
        return {
          kind: 'needs-confirmation',
          message: 'This service has no free status check: verifying the key uses 1 request of your quota.',
        };
      }
      if (!v.ok) {
        return {
          kind: 'rejected',
          message: v.outcome && 'message' in v.outcome ? v.outcome.message : 'The key could not be verified.',
        };
      }
      verified = v.via;
    }
    const name = settings.get().profile;
    const before = await keyInfo();
    try {
      await vault.set(name, key, { sessionOnly: req.sessionOnly === true });
    } catch (err) {
      if (err instanceof KeychainUnavailableError) {
        keychain = { available: false, message: err.message };
        return { kind: 'no-keychain', message: err.message };
      }
      logger.error('saving the key failed', { error: err instanceof Error ? err.name : 'unknown' });
      return { kind: 'rejected', message: 'The key could not be saved in the system keychain.' };
    }
    const after = await keyInfo();
    if (before.hasKey && before.masked !== after.masked) {
      // A replaced key (e.g. compromised and reset): the old key's figures no longer apply.
      dropProfileState(name);
    }
    rebuildService();
    if (verified === 'not-verified') void service?.probeStatus();
    await pushSnapshot();
    const where = after.storage === 'memory' ? 'in memory for this session only' : 'in your system keychain';
    const how = verified === 'not-verified' ? 'not verified yet' : 'verified';
    return { kind: 'saved', key: after, verified, message: `Key saved ${where} (${how}).` };
  }

  const handlers: Handlers = {
    getSnapshot: async () => snapshot(),
    lookup: async (req) => {
      if (!service) return { kind: 'no-key', message: NO_KEY };
      const info = await keyInfo();
      if (!info.hasKey) return { kind: 'no-key', message: NO_KEY };
      return service.lookup(req.ip, { refresh: req.refresh === true, force: req.force === true });
    },
    cancelLookup: async () => service?.cancel(),
    recentLookups: async () => service?.recent() ?? [],
    checkQuota: async (req) => {
      if (!service || !(await keyInfo()).hasKey) {
        return {
          kind: 'failed',
          outcome: { kind: 'no-key', message: NO_KEY },
          message: NO_KEY,
        };
      }
      return service.checkQuota({ spend: req?.spend === true });
    },
    saveKey,
    removeKey: async () => {
      const name = settings.get().profile;
      try {
        await vault.delete(name);
      } catch (err) {
        logger.warn('removing the key failed', { error: err instanceof Error ? err.name : 'unknown' });
      }
      dropProfileState(name);
      rebuildService();
      await pushSnapshot();
      return keyInfo();
    },
    updateSettings: async (patch) => {
      const before = settings.get();
      const r = settings.update(patch);
      if (r.kind === 'saved') {
        if (before.profile !== r.settings.profile || (!service && r.settings.baseUrl)) rebuildService();
        else if (service)
          service.updateConfig(
            demo ? { ...serviceConfig(r.settings), baseUrl: demo.baseUrl } : serviceConfig(r.settings),
          );
        // settings.onChange pushes the new snapshot.
      }
      return r;
    },
    dismissNotice: async ({ id }) => {
      notices.dismiss(id);
      await pushSnapshot();
    },
    pauseNotifications: async ({ until }) => {
      pausedUntil = until;
      db.writeKv('pausedUntil', until ?? undefined);
      await pushSnapshot();
    },
    startDemo,
    stopDemo,
    demoFastForward: async ({ by }) => {
      if (!demo || !service) return snapshot();
      demo.fastForward(by);
      // The demo service has the free status check: refresh the figures without spending anything.
      await service.checkQuota({});
      return pushSnapshot();
    },
    openExternal: async ({ url }) => {
      if (!ports.openExternal || !isAllowedExternalUrl(url, allowedExternalHosts(settings.get().baseUrl)))
        return { opened: false };
      await ports.openExternal(url);
      return { opened: true };
    },
  };

  settings.onChange(() => void pushSnapshot());
  db.onNotice(() => void pushSnapshot());
  if (ports.demo) await startDemo();
  else rebuildService();
  const initial = activeService();
  if (initial && !demo && (await keyInfo()).hasKey) void initial.probeStatus();

  return {
    handlers,
    on: (event, cb) => hub.on(event, cb),
    emit: (event, payload) => hub.emit(event, payload),
    setWindowVisible: () => {
      /* Countdowns tick in the renderer only while visible; the core keeps no ticking timers. */
    },
    setSuspended: (s) => service?.setSuspended(s),
    dispose: async () => {
      unsubscribeService?.();
      service?.dispose();
      alertWrites.flush();
      alertWrites.dispose();
      db.close();
      hub.clear();
      if (demo) await demo.close();
    },
  };
}
