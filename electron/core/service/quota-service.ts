import { originOf } from '../../../shared/base-url';
import type { RecentLookup } from '../../../shared/ipc';
import type { CheckQuotaOutcome, LookupOutcome } from '../../../shared/outcome';
import type { QuotaSample, QuotaState, StatusCheckSupport } from '../../../shared/quota';
import { createApiClient } from '../lookup-api/client';
import { DeadlineTimer } from '../lib/deadline-timer';
import { InFlight } from '../lib/in-flight';
import type { Clock, Logger } from '../lib/ports';
import { silentLogger } from '../lib/ports';
import { QuotaEngine } from '../quota/engine';
import { mergeEngines } from '../quota/persisted-engine';
import { AutoCheckScheduler, lastFigures } from './status/auto-check-scheduler';
import { QuotaChecks } from './status/checks';
import { verifyKey } from './status/key-verify';
import { LookupCache, toRecent } from './lookup/lookup-cache';
import { QuotaLookups, type LookupEvent } from './lookup/lookups';
import type { PersistDebounce } from './store/persist-debounce';
import { RequestGroup } from './lookup/request-group';
import { CHECK_IP, keyReader, mergeConfig } from './service-types';
import type { QuotaServiceConfig, QuotaServiceOptions, StatusAnswer, VerifyResult } from './service-types';
import { ServiceStore } from './store/service-store';
import { StateEmitter } from './store/state-emitter';
import { StatusSupport } from './status/status-support';

export type { QuotaStore } from './store/quota-store';
export type { QuotaServiceConfig, QuotaServiceOptions, StatusAnswer, VerifyResult } from './service-types';
export { CHECK_IP, PERSIST_DELAY_MS } from './service-types';

/**
 * One per active profile: lookups, the quota engine, the cache, the free status check and auto-check.
 * Emits one `onChange` per state change. Nothing in here throws across its boundary.
 *
 * It composes parts that each get only what they use and report what happened (a lookup answered or was held
 * back, a status answer came in); the service alone decides what follows: persist, announce, re-arm timers.
 */
export class QuotaService {
  readonly profile: string;
  /**
   * The origin of the base URL it was built for, for good: its key is the one saved for this origin, so it never
   * sends to another (another origin is another service, built with that origin's key, if any).
   */
  readonly origin: string;
  private readonly clock: Clock;
  private readonly logger: Logger;
  /** The key in use, or null when there is none (or the vault failed). */
  private readonly key: () => Promise<string | null>;
  private engine: QuotaEngine;
  private readonly cache: LookupCache;
  private config: QuotaServiceConfig;
  private readonly store: ServiceStore;
  private readonly support: StatusSupport;
  /** Lookups' requests (cancel() aborts them) and the others' (status checks, key verifications). */
  private readonly lookupRequests: RequestGroup;
  private readonly otherRequests: RequestGroup;
  /**
   * Bulk jobs' requests: neither a cancelled single lookup nor this service's replacement aborts them (a request the
   * service has received is answered and counted: aborting it made the job ask again, a second request for one
   * address). They end by themselves, bounded by the client's timeout.
   */
  private readonly bulkRequests: RequestGroup;
  private readonly lookups: QuotaLookups;
  private readonly checks: QuotaChecks;
  private readonly auto: AutoCheckScheduler;
  private readonly persist: PersistDebounce;
  private readonly changes: StateEmitter;
  private readonly wake: DeadlineTimer;
  /** Every operation in flight (lookups, status checks, auto-checks), for whenIdle(). */
  private readonly inFlight = new InFlight();
  private disposed = false;

  constructor(opts: QuotaServiceOptions) {
    this.profile = opts.profile;
    this.origin = originOf(opts.config.baseUrl);
    this.clock = opts.clock;
    this.logger = opts.logger ?? silentLogger;
    this.key = keyReader(opts.getKey);
    this.config = opts.config;
    this.store = new ServiceStore(opts.store, this.logger);
    const data = this.store.load(this.cacheLimits());
    this.engine = new QuotaEngine({ ...this.engineOpts(), persisted: data.engine });
    this.store.assumeSaved(this.engine.activeCooldown());
    this.cache = new LookupCache({
      clock: opts.clock,
      ...this.cacheLimits(),
      persisted: { version: 1, entries: data.cache },
    });
    const api = createApiClient({ fetch: opts.fetch, clock: opts.clock, timeoutMs: opts.timeoutMs });
    const baseUrl = () => this.config.baseUrl;
    this.lookupRequests = new RequestGroup(api, baseUrl);
    this.otherRequests = new RequestGroup(api, baseUrl);
    this.bulkRequests = new RequestGroup(api, baseUrl);
    this.support = new StatusSupport(baseUrl, data.statusCheck, (url, s) => this.store.saveStatusCheck(url, s));
    const { key } = this;
    const engine = () => this.engine;
    const { track } = this.inFlight;
    this.lookups = new QuotaLookups({
      profile: this.profile,
      cache: this.cache,
      logger: this.logger,
      language: () => this.config.answerLanguage,
      key,
      engine,
      send: (path, k, query) => this.lookupRequests.send(path, k, query),
      sendBulk: (path, k, query) => this.bulkRequests.send(path, k, query),
      syncElsewhere: () => this.sync(),
      cachedElsewhere: (ip, lang) => this.store.findCached(ip, lang, this.cache.limits.ttlMs),
      storedElsewhere: (ip, lang) => this.store.findCached(ip, lang, Number.POSITIVE_INFINITY),
      cachedElsewhereAmong: (ips, lang) => this.store.freshAmong(ips, lang, this.cache.limits.ttlMs),
      track,
      onEvent: (e: LookupEvent) => {
        if ((e.kind === 'answered' && e.cached) || e.kind === 'claimed') this.persist.schedule();
        this.afterChange();
      },
    });
    this.checks = new QuotaChecks({
      key,
      engine,
      support: this.support,
      send: (path, k, query) => this.otherRequests.send(path, k, query),
      spendLookup: () => this.lookups.lookup(CHECK_IP, { refresh: true }),
      track,
      onStatusAnswer: () => {
        this.persist.schedule();
        this.afterChange();
      },
    });
    this.auto = new AutoCheckScheduler({
      clock: this.clock,
      settings: () => this.config.autoCheck,
      support: () => this.support.current(),
      lastFigures: () => lastFigures(this.engine),
      check: (spend) => this.checks.check({ spend }),
      track,
    });
    this.persist = this.store.debouncedWrites(opts.clock, () => this.engine.toJSON(), this.cache);
    this.changes = new StateEmitter(this.state(), this.logger);
    this.wake = new DeadlineTimer(opts.clock, () => {
      this.engine.rollOver();
      this.afterChange();
    });
    this.wake.set(this.engine.nextWakeAt());
    this.auto.schedule();
  }

  // ---- lookups ----

  /** `bulk`: a bulk job's lookup (its answer is cached, but is not one of the user's recent lookups). */
  lookup(
    input: string,
    opts: { refresh?: boolean; force?: boolean; stored?: boolean; bulk?: boolean } = {},
  ): Promise<LookupOutcome> {
    return this.lookups.lookup(input, opts);
  }

  /**
   * Whether a lookup of the normalised `ip` would be answered free from the fresh cache (bulk jobs' cost); moves
   * nothing in the recent lookups.
   */
  isCached(ip: string): boolean {
    return this.lookups.isCached(ip);
  }

  /** How many of the normalised `ips` a bulk job would answer free from the fresh cache (its cost preview); moves nothing. */
  countCached(ips: readonly string[]): number {
    return this.lookups.countCached(ips);
  }

  /** Aborts the user's lookups in flight: they end as network-error 'aborted' (bulk jobs' go on). */
  cancel(): void {
    this.lookupRequests.abort();
  }

  /** `hiddenBefore`: the instant (local clock) the recent list was last cleared. */
  recent(n = 10, hiddenBefore?: number): RecentLookup[] {
    return this.cache.recent(this.profile, n, hiddenBefore).map(toRecent);
  }

  /** The cached answers of this key and their size. */
  cacheStats(): { answers: number; bytes: number } {
    return this.cache.stats(this.profile);
  }

  /** Forget this key's cached answers, here and in the store (the next lookup of any address asks the service). */
  clearCache(): void {
    this.cache.clearProfile(this.profile);
    this.store.clearCache();
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
  async verifyKey(key: string, mode: 'free' | 'spend'): Promise<VerifyResult> {
    const r = await verifyKey(
      {
        currentKey: this.key,
        engine: () => this.engine,
        freshEngine: () => new QuotaEngine(this.engineOpts()),
        support: this.support,
        send: (path, k, query) => this.otherRequests.send(path, k, query),
      },
      key,
      mode,
    );
    this.afterChange();
    return r;
  }

  /**
   * Takes in the figures of a status answer received before this service existed (the one that verified the key
   * just saved), so the window shows them at once instead of "No quota data yet".
   */
  takeStatusAnswer(a: StatusAnswer): void {
    if (this.disposed) return;
    const status = a.via !== 'lookup';
    this.engine.observe(a.parsed, {
      status: a.status,
      localReceivedAt: a.receivedAt,
      ...(status ? { source: 'status' as const } : {}),
    });
    if (status) this.support.learn('supported');
    this.persist.schedule();
    this.afterChange();
  }

  // ---- state and configuration ----

  state(): QuotaState {
    return { ...this.engine.state(), statusCheck: this.support.current() };
  }

  /** The engine's recent month samples, oldest first (some may not be in the store yet). */
  recentSamples(): readonly QuotaSample[] {
    return this.engine.samples();
  }

  onChange(cb: (s: QuotaState) => void): () => void {
    return this.changes.on(cb);
  }

  updateConfig(change: Partial<QuotaServiceConfig>): void {
    let c = change;
    if (c.baseUrl !== undefined && originOf(c.baseUrl) !== this.origin) {
      // Never: the host builds another service for another origin. Kept out, so the key cannot follow it.
      this.logger.warn('base URL of another origin refused by the service in use', {});
      const { baseUrl: _refused, ...rest } = c;
      c = rest;
    }
    const prev = this.config;
    this.config = mergeConfig(prev, c);
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
    if (!this.store.present || this.disposed) return;
    const other = this.store.changedElsewhere();
    if (!other) return;
    this.engine = new QuotaEngine({ ...this.engineOpts(), persisted: mergeEngines(this.engine.toJSON(), other) });
    this.afterChange();
  }

  /** Forget this profile's quota figures, history, cooldown and cached lookups (the key was replaced). */
  reset(): void {
    this.store.clear();
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
    await this.inFlight.idle();
  }

  /** Disposed: it sends nothing any more (every lookup answers "aborted"); a new service takes its place. */
  get isDisposed(): boolean {
    return this.disposed;
  }

  /** Stops everything; `write: false` drops what is not written yet (another process replaced this key's state). */
  dispose(opts: { write?: boolean } = {}): void {
    if (this.disposed) return;
    if (opts.write !== false) this.flush();
    this.disposed = true;
    this.persist.dispose();
    this.wake.dispose();
    this.auto.dispose();
    this.lookups.dispose();
    this.lookupRequests.abort();
    this.otherRequests.abort();
    this.changes.clear();
  }

  // ---- internals ----

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

  /** Emits when the state changed, then re-arms the roll-over and auto-check timers. */
  private afterChange(): void {
    if (this.disposed) return;
    this.store.saveCooldown(this.engine.activeCooldown());
    const s = this.state();
    if (this.changes.changed(s)) {
      this.persist.schedule();
      this.changes.emit(s);
    }
    this.wake.set(this.engine.nextWakeAt());
    this.auto.schedule();
  }
}
