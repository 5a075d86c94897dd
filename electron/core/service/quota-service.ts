import type { RecentLookup } from '../../../shared/ipc';
import type { CheckQuotaOutcome, LookupOutcome } from '../../../shared/outcome';
import type { QuotaState, StatusCheckSupport } from '../../../shared/quota';
import { createApiClient, type ApiClient, type RawResult } from '../lookup-api/client';
import { AutoCheckScheduler } from './auto-check-scheduler';
import { DeadlineTimer } from '../lib/deadline-timer';
import { verifyKey } from './key-verify';
import { LookupCache, toRecent } from './lookup-cache';
import { PersistDebounce } from './persist-debounce';
import type { Clock, Logger } from '../lib/ports';
import { silentLogger } from '../lib/ports';
import { QuotaChecks } from './checks';
import { QuotaEngine } from '../quota/engine';
import { mergeEngines } from '../quota/persisted-engine';
import { QuotaLookups } from './lookups';
import type { QuotaServiceConfig, QuotaServiceOptions, ServiceContext, VerifyResult } from './service-types';
import type { KnownSupport, QuotaStore, QuotaStoreSnapshot } from './quota-store';
import { StateEmitter } from './state-emitter';
import { isObj } from '../lib/guards';

export type { QuotaStore } from './quota-store';
export type { QuotaServiceConfig, QuotaServiceOptions, VerifyResult } from './service-types';
export { CHECK_IP, PERSIST_DELAY_MS } from './service-types';

/**
 * One per active profile: lookups, the quota engine, the cache, the free status check and auto-check.
 * Emits one `onChange` per state change. Nothing in here throws across its boundary.
 */
export class QuotaService {
  readonly profile: string;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly getKeyPort: () => Promise<string | null>;
  private readonly api: ApiClient;
  private engine: QuotaEngine;
  private readonly cache: LookupCache;
  private config: QuotaServiceConfig;
  private readonly ctx: ServiceContext;
  private readonly lookups: QuotaLookups;
  private readonly checks: QuotaChecks;
  private readonly auto: AutoCheckScheduler;
  private readonly persist: PersistDebounce;
  private readonly changes: StateEmitter;
  private readonly wake: DeadlineTimer;
  /** Status checks and key verifications in flight (lookups keep their own): dispose() aborts them. */
  private readonly otherControllers = new Set<AbortController>();
  /** Every operation in flight (lookups, status checks, auto-checks), for whenIdle(). */
  private readonly running = new Set<Promise<unknown>>();
  private disposed = false;
  private readonly store: QuotaStore | undefined;
  /** End of the cooldown last given to the store (null: none). */
  private savedCooldown: number | null = null;

  constructor(opts: QuotaServiceOptions) {
    this.profile = opts.profile;
    this.clock = opts.clock;
    this.logger = opts.logger ?? silentLogger;
    this.getKeyPort = opts.getKey;
    this.config = opts.config;
    this.api = createApiClient({ fetch: opts.fetch, clock: opts.clock, timeoutMs: opts.timeoutMs });
    this.store = opts.store;
    const data = this.load();
    this.ctx = {
      profile: this.profile,
      clock: this.clock,
      logger: this.logger,
      config: () => this.config,
      engine: () => this.engine,
      freshEngine: () => new QuotaEngine(this.engineOpts()),
      key: () => this.key(),
      isDisposed: () => this.disposed,
      send: (path, key, query, set = this.otherControllers) => this.send(path, key, query, set),
      sync: () => this.sync(),
      persistSoon: () => this.persist.schedule(),
      changed: () => this.afterChange(),
      track: (p) => this.track(p),
    };
    this.engine = new QuotaEngine({ ...this.engineOpts(), persisted: data.engine });
    this.cache = new LookupCache({
      clock: opts.clock,
      ...this.cacheLimits(),
      persisted: { version: 1, entries: data.cache },
    });
    const store = this.store;
    this.lookups = new QuotaLookups(this.ctx, this.cache, (ip, lang) =>
      this.safely(() => store?.findCached(ip, lang, this.cache.limits.ttlMs) ?? null, null),
    );
    this.checks = new QuotaChecks(this.ctx, this.lookups, data.statusCheck, (url, support) =>
      this.safely(() => store?.saveStatusCheck(url, support), undefined),
    );
    this.auto = new AutoCheckScheduler(this.ctx, this.checks);
    this.persist = new PersistDebounce({
      clock: opts.clock,
      logger: this.logger,
      write: store
        ? () => {
            store.saveEngine(this.engine.toJSON());
            store.saveCache(this.cache.takeNew(), this.cache.limits.maxEntries);
          }
        : undefined,
    });
    this.savedCooldown = this.engine.activeCooldown()?.until ?? null;
    this.changes = new StateEmitter(this.state(), this.logger);
    this.wake = new DeadlineTimer(opts.clock, () => {
      this.engine.rollOver();
      this.afterChange();
    });
    this.scheduleWake();
    this.auto.schedule();
  }

  // ---- lookups ----

  lookup(input: string, opts: { refresh?: boolean; force?: boolean } = {}): Promise<LookupOutcome> {
    return this.lookups.lookup(input, opts);
  }

  /** Aborts lookups in flight: they end as network-error 'aborted'. */
  cancel(): void {
    this.lookups.cancel();
  }

  recent(n = 10): RecentLookup[] {
    return this.cache.recent(this.profile, n).map(toRecent);
  }

  // ---- quota checks ----

  checkQuota(opts: { spend?: boolean } = {}): Promise<CheckQuotaOutcome> {
    return this.checks.check(opts);
  }

  /** Whether the free status check exists at the current base URL; asks the service once, then remembers. */
  probeStatus(): Promise<StatusCheckSupport> {
    return this.checks.probe();
  }

  /** Verifies a candidate key: free through /v2/status, or ('spend') with one lookup. Feeds the engine only if it is the current key. */
  verifyKey(key: string, mode: 'free' | 'spend'): Promise<VerifyResult> {
    return verifyKey(this.ctx, this.checks, key, mode);
  }

  // ---- state and configuration ----

  state(): QuotaState {
    return { ...this.engine.state(), statusCheck: this.checks.support() };
  }

  onChange(cb: (s: QuotaState) => void): () => void {
    return this.changes.on(cb);
  }

  updateConfig(c: Partial<QuotaServiceConfig>): void {
    const prev = this.config;
    this.config = {
      ...prev,
      ...c,
      cache: { ...prev.cache, ...c.cache },
      autoCheck: { ...prev.autoCheck, ...c.autoCheck },
    };
    if (c.thresholds) this.engine.setThresholds(c.thresholds);
    if (c.monthResetDay !== undefined) this.engine.setMonthResetDay(c.monthResetDay);
    if (c.cache) this.cache.setLimits(this.cacheLimits());
    if (c.baseUrl !== undefined && c.baseUrl !== prev.baseUrl) {
      this.auto.resetFailures();
      this.checks.forgetInflight();
    }
    this.afterChange();
  }

  setSuspended(s: boolean): void {
    this.auto.setSuspended(s);
  }

  /** Takes in what another process (the CLI, the web preview) recorded for this profile since the last look. */
  sync(): void {
    if (!this.store || this.disposed) return;
    const other = this.safely(() => this.store?.changedElsewhere() ?? null, null);
    if (!other) return;
    this.engine = new QuotaEngine({ ...this.engineOpts(), persisted: mergeEngines(this.engine.toJSON(), other) });
    this.afterChange();
  }

  /** Forget this profile's quota figures, history, cooldown and cached lookups (the key was replaced). */
  reset(): void {
    this.safely(() => this.store?.clear(), undefined);
    this.savedCooldown = null;
    this.cache.clearProfile(this.profile);
    this.engine = new QuotaEngine(this.engineOpts());
    this.afterChange();
    this.persist.schedule();
  }

  /** Writes the persisted state now (otherwise it is written PERSIST_DELAY_MS after a change). */
  flush(): void {
    this.persist.flush();
  }

  /** Resolves when no lookup, status check or auto-check is in flight (graceful shutdown, tests). */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  dispose(): void {
    if (this.disposed) return;
    this.flush();
    this.disposed = true;
    this.persist.dispose();
    this.wake.dispose();
    this.auto.dispose();
    this.lookups.cancel();
    for (const c of this.otherControllers) c.abort();
    this.changes.clear();
  }

  // ---- internals ----

  private track<T>(p: Promise<T>): Promise<T> {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  private engineOpts() {
    return {
      profile: this.profile,
      clock: this.clock,
      thresholds: this.config.thresholds,
      monthResetDay: this.config.monthResetDay,
    };
  }

  private cacheLimits() {
    return { maxEntries: this.config.cache.maxEntries, ttlMs: this.config.cache.ttlMs };
  }

  private async key(): Promise<string | null> {
    try {
      const k = await this.getKeyPort();
      return typeof k === 'string' && k.trim() !== '' ? k : null;
    } catch {
      return null;
    }
  }

  private async send(
    path: '/v2/info' | '/v2/status',
    key: string,
    query: Record<string, string>,
    set: Set<AbortController>,
  ): Promise<RawResult> {
    const controller = new AbortController();
    set.add(controller);
    try {
      return await this.api.request({ baseUrl: this.config.baseUrl, key, path, query, signal: controller.signal });
    } finally {
      set.delete(controller);
    }
  }

  /** Emits when the state changed, then re-arms the roll-over and auto-check timers. */
  private afterChange(): void {
    if (this.disposed) return;
    this.saveCooldownNow();
    const s = this.state();
    if (this.changes.changed(s)) {
      this.persist.schedule();
      this.changes.emit(s);
    }
    this.scheduleWake();
    this.auto.schedule();
  }

  /** A cooldown that starts or ends is recorded at once, so the app's other processes honour it too. */
  private saveCooldownNow(): void {
    const c = this.engine.activeCooldown();
    const until = c?.until ?? null;
    if (!this.store || until === this.savedCooldown) return;
    this.savedCooldown = until;
    this.safely(() => this.store?.saveCooldown(c), undefined);
  }

  private load(): QuotaStoreSnapshot {
    const empty: QuotaStoreSnapshot = { engine: null, cache: [], statusCheck: {} };
    const data = this.safely(() => this.store?.load(this.cacheLimits()) ?? empty, empty);
    return isObj(data)
      ? {
          ...empty,
          ...data,
          cache: Array.isArray(data.cache) ? data.cache : [],
          statusCheck: knownSupport(data.statusCheck),
        }
      : empty;
  }

  /** A store that fails is logged, never thrown: the service goes on from memory. */
  private safely<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      this.logger.warn('quota store failed', { error: err instanceof Error ? err.name : 'unknown' });
      return fallback;
    }
  }

  private scheduleWake(): void {
    this.wake.set(this.engine.nextWakeAt());
  }
}

function knownSupport(v: unknown): Record<string, KnownSupport> {
  const out: Record<string, KnownSupport> = {};
  if (isObj(v)) for (const [url, s] of Object.entries(v)) if (s === 'supported' || s === 'unsupported') out[url] = s;
  return out;
}
