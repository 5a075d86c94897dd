import type { QuotaState } from '../../../shared/quota';
import { profileLabel, type Settings } from '../../../shared/settings';
import type { Clock, Logger, NotifyRequest } from '../lib/ports';
import { decideAlerts, emptyAlertMemory, type AlertMemory } from '../quota/alerts';
import { PersistDebounce } from '../service/store/persist-debounce';
import type { StateDb } from '../storage/state-db';
import { MAX_PAUSE_MS } from '../../../shared/ipc';
import { boundedPause, loadPausedUntil } from './notification-pause';
import { loadAlerts, saveAlerts } from './saved-alerts';
import { wordsFor, type Lang } from '../../../shared/i18n';

export interface AlertCenterDeps {
  db: StateDb;
  clock: Clock;
  logger: Logger;
  settings: () => Settings;
  /** The notifications' language (the composition's port); English when absent. */
  lang?: () => Lang;
}

/**
 * What was already notified (per profile, in state.db) and the pause: decides the notifications for each quota
 * change with the pure alerts policy. Demo mode's memory lives in memory only, so demo never mixes with a real key.
 */
export class AlertCenter {
  private memory: AlertMemory;
  private saved: AlertMemory;
  private demoMemory = emptyAlertMemory();
  private paused: number | null;
  /** The memory changes with every response (the newest observation seen): written in bursts, like the figures. */
  private readonly writes: PersistDebounce;

  constructor(private readonly deps: AlertCenterDeps) {
    this.memory = loadAlerts(deps.db);
    this.saved = this.memory;
    this.paused = loadPausedUntil(deps.db, deps.clock.now());
    this.writes = new PersistDebounce({
      clock: deps.clock,
      logger: deps.logger,
      write: () => {
        saveAlerts(deps.db, this.saved, this.memory);
        this.saved = this.memory;
      },
    });
  }

  /** Local-clock instant until which notifications are paused, or null. */
  get pausedUntil(): number | null {
    return this.paused;
  }

  /** Pauses until `until` (at most 30 days ahead: the IPC schema refuses more, this is the core's own bound). */
  pause(until: number | null): void {
    this.paused =
      until === null
        ? null
        : boundedPause(Math.min(until, this.deps.clock.now() + MAX_PAUSE_MS), this.deps.clock.now());
    this.deps.db.writeKv('pausedUntil', this.paused ?? undefined);
  }

  /** A renamed profile keeps what was notified (the stored memory is renamed by state.db in the same step). */
  renameProfile(from: string, to: string): void {
    const mine = this.memory.profiles[from];
    if (!mine) return;
    const profiles = { ...this.memory.profiles, [to]: mine };
    delete profiles[from];
    this.memory = { ...this.memory, profiles };
    this.saved = this.memory;
  }

  /** A removed profile's memory goes with it. */
  forgetProfile(name: string): void {
    if (!this.memory.profiles[name]) return;
    const profiles = { ...this.memory.profiles };
    delete profiles[name];
    this.memory = { ...this.memory, profiles };
    this.saved = this.memory;
  }

  /** A new demo session starts with nothing notified. */
  resetDemo(): void {
    this.demoMemory = emptyAlertMemory();
  }

  /**
   * The notifications `next` calls for; `demoClock` when the change comes from demo mode; `own`: the thresholds and
   * notification choices of the profile `next` belongs to when it is not the one in use (a watched profile).
   */
  decide(
    prev: QuotaState | null,
    next: QuotaState,
    demoClock: Clock | null,
    own?: Pick<Settings, 'notifications' | 'thresholds'>,
  ): NotifyRequest[] {
    const all = this.deps.settings();
    const s = { ...all, ...own };
    const now = (demoClock ?? this.deps.clock).now();
    // The pause is set on the real clock; the demo clock may have been fast-forwarded past it.
    const paused = this.paused === null ? null : this.paused + (now - this.deps.clock.now());
    const demo = demoClock !== null;
    const lang = this.deps.lang?.() ?? 'en';
    const before = demo ? this.demoMemory : this.memory;
    const { notifications, facts, memory } = decideAlerts(
      prev,
      next,
      before,
      { notifications: s.notifications, thresholds: s.thresholds, pausedUntil: paused, demo, lang },
      now,
    );
    // With several profiles, every notification says whose quota it is about.
    if (!demo && Object.keys(all.profiles).length > 0)
      for (const n of notifications) {
        n.title = wordsFor(lang).w.alerts.ofProfile(n.title, profileLabel(next.profile));
        const f = facts[n.id];
        if (f) facts[n.id] = { ...f, profile: profileLabel(next.profile) };
      }
    if (demo) this.demoMemory = memory;
    else if (memory !== before) {
      this.memory = memory;
      if (notifications.length > 0) this.writes.flush();
      else this.writes.schedule();
    }
    return notifications.map((n) => (facts[n.id] ? { ...n, fact: facts[n.id] } : n));
  }

  dispose(): void {
    this.writes.flush();
    this.writes.dispose();
  }
}
