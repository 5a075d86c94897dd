import type { QuotaState } from '../../../shared/quota';
import type { ProfileSettings, Settings } from '../../../shared/settings';
import type { QuotaService } from '../service/quota-service';
import type { QuotaStore } from '../service/store/quota-store';
import { onEachChange, profileService, type ProfileServiceDeps } from './profile-service';

export interface ProfileWatchersDeps extends ProfileServiceDeps {
  /** A watched profile's state changed (with the state before it, and the profile's own settings). */
  onChange: (prev: QuotaState | null, next: QuotaState, own: ProfileSettings) => void;
}

/**
 * A watched profile looks nothing up for the user, so its cached answers stay in state.db instead of memory (a
 * lookup it spends on a check still finds and adds them there).
 */
function withoutCachedAnswers(store: QuotaStore): QuotaStore {
  return { ...store, load: (limits) => ({ ...store.load(limits), cache: [] }) };
}

interface Watcher {
  service: QuotaService;
  /** The settings it was built with (a change rebuilds it: such changes are rare, and a rebuild is cheap). */
  fingerprint: string;
  off: () => void;
}

/**
 * The profiles not in use, watched in the background: each its own QuotaService on its own key (read for its own
 * base URL's origin only) and its own rows in state.db, so its automatic checks run as they would if it were in
 * use — the free status check when its service has one, a check that spends a request only when that profile's
 * settings allow it ("Allow auto-checks that spend a request"), nothing otherwise. It never looks anything up
 * for the user: lookups go to the profile in use. None in demo mode (the demo's figures never mix with a real
 * profile's).
 */
export class ProfileWatchers {
  private readonly watchers = new Map<string, Watcher>();
  private suspended = false;

  constructor(private readonly deps: ProfileWatchersDeps) {}

  /** Watches exactly the profiles of `s` other than the one in use (none when `s` is null: demo mode). */
  reconcile(s: Settings | null): void {
    const wanted = new Map<string, { own: ProfileSettings; fingerprint: string }>();
    if (s)
      for (const [name, own] of Object.entries(s.profiles))
        if (own.baseUrl !== '')
          wanted.set(name, { own, fingerprint: JSON.stringify([own, s.cache, s.answerLanguage]) });
    for (const [name, w] of this.watchers) if (wanted.get(name)?.fingerprint !== w.fingerprint) this.release(name);
    for (const [name, { own, fingerprint }] of wanted)
      if (!this.watchers.has(name) && s) this.watch(name, own, fingerprint, s);
  }

  /**
   * Stops watching `name` now, its figures written first (before its rows are renamed or deleted, or before it
   * becomes the profile in use: one service per profile in this process).
   */
  release(name: string): void {
    const w = this.watchers.get(name);
    if (!w) return;
    this.watchers.delete(name);
    w.off();
    w.service.dispose();
  }

  /** A watched profile's live service (bulk jobs of that profile run on it), or null when it is not watched. */
  service(name: string): QuotaService | null {
    return this.watchers.get(name)?.service ?? null;
  }

  /** The live state of a watched profile, or undefined when it is not watched. */
  state(name: string): QuotaState | undefined {
    return this.watchers.get(name)?.service.state();
  }

  /** Every watched profile's live state. */
  states(): { name: string; state: QuotaState }[] {
    return [...this.watchers].map(([name, w]) => ({ name, state: w.service.state() }));
  }

  setSuspended(s: boolean): void {
    this.suspended = s;
    for (const w of this.watchers.values()) w.service.setSuspended(s);
  }

  /** Takes in what other processes (the CLI, the preview) recorded for the watched profiles. */
  sync(): void {
    for (const w of this.watchers.values()) w.service.sync();
  }

  /** Resolves when no watched profile has a check in flight (tests, shutdown). */
  async whenIdle(): Promise<void> {
    await Promise.all([...this.watchers.values()].map((w) => w.service.whenIdle()));
  }

  dispose(): void {
    for (const name of [...this.watchers.keys()]) this.release(name);
  }

  private watch(name: string, own: ProfileSettings, fingerprint: string, s: Settings): void {
    const service = profileService(this.deps, { ...s, ...own, profile: name }, withoutCachedAnswers);
    if (this.suspended) service.setSuspended(true);
    const off = onEachChange(service, (prev, next) => this.deps.onChange(prev, next, own));
    this.watchers.set(name, { service, fingerprint, off });
    // Learn once whether its service has the free status check (free; without a key it asks nothing).
    if (service.state().statusCheck === 'unknown') void service.probeStatus();
  }
}
