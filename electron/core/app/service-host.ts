import { originOf } from '../../../shared/base-url';
import { emptyQuotaState, type QuotaState } from '../../../shared/quota';
import type { ProfileSettings, Settings } from '../../../shared/settings';
import { Emitter } from '../lib/emitter';
import type { Clock, FetchFn, Logger } from '../lib/ports';
import type { KeyVault } from '../secrets/key-vault';
import { QuotaService } from '../service/quota-service';
import type { SettingsStore } from '../storage/settings-store';
import type { StateDb } from '../storage/state-db';
import { DEMO_PROFILE, DemoMode } from './demo-mode';
import { serviceConfig } from './service-config';
import { onEachChange, profileService } from './profile-service';
import { ProfileWatchers } from './profile-watchers';

export interface ServiceHostDeps {
  settings: SettingsStore;
  vault: KeyVault;
  db: StateDb;
  clock: Clock;
  fetch: FetchFn;
  logger: Logger;
  /** Whether the profiles not in use are watched (false in a short-lived process: the CLI). */
  watchProfiles: boolean;
  /** The instant demo mode's service starts at (AppCorePorts.demoStartAt); absent, now. */
  demoStartAt?: number;
}

/** A state change, with the state before it. */
export interface QuotaChange {
  prev: QuotaState | null;
  next: QuotaState;
}

/** A state change of a profile watched in the background (not the one in use), with its own settings. */
export interface WatchedChange extends QuotaChange {
  own: ProfileSettings;
}

/**
 * The QuotaService in use: the demo's (on the embedded simulator, nothing persisted) or the profile's
 * (its key from the vault, its state in state.db), rebuilt when the mode, the profile or the key changes —
 * and the other profiles, watched in the background (their automatic checks: profile-watchers.ts).
 */
export class ServiceHost {
  private demoMode: DemoMode | null = null;
  private service: QuotaService | null = null;
  private unsubscribe: (() => void) | null = null;
  private suspended = false;
  readonly watched: ProfileWatchers;
  private readonly changes: Emitter<QuotaChange>;
  private readonly replacements: Emitter<QuotaState>;
  private readonly serviceSets: Emitter<void>;
  private readonly watchedChanges: Emitter<WatchedChange>;

  constructor(private readonly deps: ServiceHostDeps) {
    const onError = (err: unknown) => deps.logger.error('service host listener failed', { error: String(err) });
    this.changes = new Emitter(onError);
    this.replacements = new Emitter(onError);
    this.serviceSets = new Emitter(onError);
    this.watchedChanges = new Emitter(onError);
    this.watched = new ProfileWatchers({
      ...deps,
      onChange: (prev, next, own) => this.watchedChanges.emit({ prev, next, own }),
    });
  }

  /** Every state change of the service in use. Returns the unsubscribe function (as every `on…` here). */
  onChange(cb: (c: QuotaChange) => void): () => void {
    return this.changes.on(cb);
  }

  /** The service in use was replaced (another mode, profile or key): its first state. */
  onReplaced(cb: (state: QuotaState) => void): () => void {
    return this.replacements.on(cb);
  }

  /** The live services changed (the one in use or a watched one was built, reconfigured or stopped). */
  onServicesChanged(cb: () => void): () => void {
    return this.serviceSets.on(cb);
  }

  /** Every state change of a profile watched in the background (its line in the picker and the tray, its alerts). */
  onWatchedChanged(cb: (c: WatchedChange) => void): () => void {
    return this.watchedChanges.on(cb);
  }

  get current(): QuotaService | null {
    return this.service;
  }

  get demo(): DemoMode | null {
    return this.demoMode;
  }

  profile(): string {
    return this.demoMode ? DEMO_PROFILE : this.deps.settings.get().profile;
  }

  /**
   * A profile's live service: the one in use (the demo's in demo mode), or a watched profile's; null when this
   * process has none for it. Never a disposed one.
   */
  serviceFor(profile: string): QuotaService | null {
    const s = profile === this.profile() ? this.service : this.demoMode ? null : this.watched.service(profile);
    return s && !s.isDisposed ? s : null;
  }

  state(): QuotaState {
    return this.service ? this.service.state() : emptyQuotaState(this.profile(), this.deps.clock.now());
  }

  /**
   * (Re)builds the service for the current mode and profile. `discard`: what the old service has not written yet
   * is dropped (its key was replaced or removed by another process, which also reset its figures).
   */
  rebuild(opts: { discard?: boolean } = {}): void {
    this.stopCurrent(opts.discard !== true);
    const s = this.deps.settings.get();
    // The profile that was in use is watched from now on; the one coming into use is not any more.
    this.watched.reconcile(this.watching() ? s : null);
    this.service = this.create(s);
    if (this.suspended) this.service?.setSuspended(true);
    this.unsubscribe = this.service
      ? onEachChange(this.service, (prev, next) => this.changes.emit({ prev, next }))
      : null;
    this.replacements.emit(this.state());
    this.serviceSets.emit();
  }

  /**
   * The settings are now `after` (every path that changes them or takes in the file reports here; app-core
   * subscribes). Compared with the service in use itself, not with an earlier copy of the settings: another
   * profile, a first base URL or another origin gets a new service (whose key is the one saved for that profile and
   * origin, if any — a service never changes origin); the rest reaches the service in use at once. Idempotent.
   */
  settingsChanged(after: Settings): void {
    const s = this.service;
    const stale = this.demoMode
      ? false
      : s
        ? s.profile !== after.profile || s.origin !== originOf(after.baseUrl)
        : after.baseUrl !== '';
    if (stale) this.rebuild();
    else {
      this.service?.updateConfig(this.config(after));
      this.watched.reconcile(this.watching() ? after : null);
      this.serviceSets.emit();
    }
  }

  /** Profiles not in use are watched: not in demo mode, not in a short-lived process. */
  private watching(): boolean {
    return this.deps.watchProfiles && !this.demoMode;
  }

  /**
   * Writes and stops the service in use now, before its profile's rows are renamed (rebuild() then starts the
   * renamed one): a later write under the old name would leave its figures behind.
   */
  releaseCurrent(): void {
    this.stopCurrent(true);
  }

  private stopCurrent(write: boolean): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.service?.dispose({ write });
    this.service = null;
  }

  /** Pauses automatic checks (the machine sleeps or is offline) for every profile, and for services built later. */
  setSuspended(s: boolean): void {
    this.suspended = s;
    this.service?.setSuspended(s);
    this.watched.setSuspended(s);
  }

  /** Takes in what the app's other processes (the CLI, the preview) recorded, for every profile. */
  sync(): void {
    this.service?.sync();
    this.watched.sync();
  }

  async startDemo(): Promise<boolean> {
    if (this.demoMode) return false;
    this.demoMode = await DemoMode.start(this.deps.demoStartAt);
    this.rebuild();
    return true;
  }

  async stopDemo(): Promise<void> {
    const d = this.demoMode;
    if (!d) return;
    this.demoMode = null;
    this.rebuild();
    await d.close();
  }

  /** Forgets a profile's figures, history and cache (in the live service too, whose disposal would write them back). */
  dropProfileState(name: string): void {
    if (this.service && !this.demoMode && this.deps.settings.get().profile === name) this.service.reset();
    else this.deps.db.clearQuota(name);
  }

  /** Resolves when neither the service in use nor a watched profile has a request in flight. */
  async whenIdle(): Promise<void> {
    await Promise.all([this.service?.whenIdle(), this.watched.whenIdle()]);
  }

  async dispose(): Promise<void> {
    this.unsubscribe?.();
    this.service?.dispose();
    this.watched.dispose();
    if (this.demoMode) await this.demoMode.close();
  }

  private config(s: Settings) {
    return this.demoMode ? { ...serviceConfig(s), baseUrl: this.demoMode.baseUrl } : serviceConfig(s);
  }

  private create(s: Settings): QuotaService | null {
    const { fetch, logger } = this.deps;
    const d = this.demoMode;
    if (d)
      return new QuotaService({
        clock: d.clock,
        fetch,
        logger,
        profile: DEMO_PROFILE,
        getKey: async () => d.key,
        config: this.config(s),
      });
    if (!s.baseUrl) return null;
    return profileService(this.deps, s);
  }
}
