import type { RecentLookup } from '../../shared/ipc';
import { parseIp } from '../../shared/ip';
import type { CheckQuotaOutcome, LookupOutcome } from '../../shared/outcome';
import type { QuotaState, StatusCheckSupport } from '../../shared/quota';
import { createApiClient, redact, toLookupOutcome, type ApiClient, type RawResult } from './api-client';
import { autoCheckDelay } from './auto-check';
import { LookupCache, toRecent } from './lookup-cache';
import type { Clock, FetchFn, JsonStore, Logger, TimerHandle } from './ports';
import { silentLogger } from './ports';
import { QuotaEngine, type EngineThresholds } from './quota-engine';
import { parseQuotaHeaders } from './quota-headers';
import { cooldownMessage } from './quota-messages';
import { safeRead, type PersistedQuotaData } from './quota-persist';
import { interpretStatus, type StatusResult } from './status-check';

export type { PersistedQuotaData } from './quota-persist';

export interface QuotaServiceConfig {
  baseUrl: string;
  /** ISO 639-1 code passed as `language`, '' for the service default. */
  language: string;
  thresholds: EngineThresholds;
  monthResetDay: number;
  cache: { ttlMs: number; maxEntries: number };
  autoCheck: { enabled: boolean | null; intervalMs: number; allowSpending: boolean };
}

export interface QuotaServiceOptions {
  clock: Clock;
  fetch: FetchFn;
  logger?: Logger;
  profile: string;
  /** From the key vault; the key is never stored here. */
  getKey: () => Promise<string | null>;
  config: QuotaServiceConfig;
  store?: JsonStore<PersistedQuotaData>;
  timeoutMs?: number;
}

export interface VerifyResult {
  ok: boolean;
  via: 'status' | 'lookup';
  outcome?: LookupOutcome;
  needsConfirmation?: boolean;
}

/** The IP looked up when a quota check has to spend a request. */
export const CHECK_IP = '8.8.8.8';
/** Persisting waits this long after a change, so bursts of lookups write once. */
export const PERSIST_DELAY_MS = 1000;
/** setTimeout cannot wait longer than this (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;
const NO_KEY = 'No API key yet. Add your key in Settings, or try the demo.';
const FAILURES = new Set(['network-error', 'server-error', 'bad-response', 'invalid-key', 'forbidden', 'no-key']);

interface Timer {
  handle: TimerHandle;
  at: number;
}

/**
 * One per active profile: lookups, the quota engine, the cache, the free status check and auto-check.
 * Emits one `onChange` per state change. Nothing in here throws across its boundary.
 */
export class QuotaService {
  readonly profile: string;
  private readonly clock: Clock;
  private readonly logger: Logger;
  private readonly getKeyPort: () => Promise<string | null>;
  private readonly store: JsonStore<PersistedQuotaData> | undefined;
  private readonly api: ApiClient;
  private engine: QuotaEngine;
  private readonly cache: LookupCache;
  private config: QuotaServiceConfig;
  private statusSupport: Record<string, Exclude<StatusCheckSupport, 'unknown'>>;
  private readonly inflight = new Map<string, Promise<LookupOutcome>>();
  private readonly lookupControllers = new Set<AbortController>();
  private readonly otherControllers = new Set<AbortController>();
  private readonly listeners = new Set<(s: QuotaState) => void>();
  private statusInflight: Promise<StatusResult> | null = null;
  /** Every operation in flight (lookups, status checks, auto-checks), for whenIdle(). */
  private readonly running = new Set<Promise<unknown>>();
  private lastSig = '';
  private wakeTimer: Timer | null = null;
  private autoTimer: Timer | null = null;
  private persistTimer: TimerHandle | null = null;
  private autoRunning = false;
  private autoFailures = 0;
  private lastAutoAt: number | null = null;
  private suspended = false;
  private disposed = false;

  constructor(opts: QuotaServiceOptions) {
    this.profile = opts.profile;
    this.clock = opts.clock;
    this.logger = opts.logger ?? silentLogger;
    this.getKeyPort = opts.getKey;
    this.store = opts.store;
    this.config = opts.config;
    this.api = createApiClient({ fetch: opts.fetch, clock: opts.clock, timeoutMs: opts.timeoutMs });
    const data = safeRead(opts.store);
    this.statusSupport = { ...data.statusCheck };
    this.engine = new QuotaEngine({ ...this.engineOpts(), persisted: data.engine });
    this.cache = new LookupCache({ clock: opts.clock, ...this.cacheLimits(), persisted: data.cache });
    this.lastSig = signature(this.state());
    this.scheduleWake();
    this.scheduleAuto();
  }

  // ---- lookups ----

  lookup(input: string, opts: { refresh?: boolean; force?: boolean } = {}): Promise<LookupOutcome> {
    const p = parseIp(input);
    if (!p.ok) return Promise.resolve({ kind: 'invalid-ip', message: p.message });
    const lang = this.config.language;
    if (!opts.refresh) {
      const hit = this.cache.get(this.profile, p.ip, lang);
      if (hit)
        return Promise.resolve({
          kind: 'ok',
          ip: p.ip,
          body: hit.body,
          source: 'cache',
          fetchedAt: hit.fetchedAt,
          note: p.flag,
        });
    }
    const k = `${p.ip}|${lang}|${opts.force ? 'force' : ''}`;
    const shared = this.inflight.get(k);
    if (shared) return shared;
    const run = this.track(this.sendLookup(p.ip, p.flag, lang, opts.force === true, this.lookupControllers));
    this.inflight.set(k, run);
    void run.then(() => this.inflight.delete(k));
    return run;
  }

  /** Aborts lookups in flight: they end as network-error 'aborted'. */
  cancel(): void {
    for (const c of this.lookupControllers) c.abort();
  }

  recent(n = 10): RecentLookup[] {
    return this.cache.recent(this.profile, n).map(toRecent);
  }

  // ---- quota checks ----

  async checkQuota(opts: { spend?: boolean } = {}): Promise<CheckQuotaOutcome> {
    const key = await this.key();
    if (!key) return { kind: 'failed', outcome: { kind: 'no-key', message: NO_KEY }, message: NO_KEY };
    if (this.support() !== 'unsupported') {
      const r = await this.statusOnce(key);
      if (r.ok) return { kind: 'checked', via: 'status', message: 'Quota checked with the free status check.' };
      if (r.support !== 'unsupported') {
        const outcome = r.outcome ?? {
          kind: 'bad-response',
          status: 0,
          message: 'The status check gave no answer.',
          raw: '',
        };
        return {
          kind: 'failed',
          outcome,
          message: 'message' in outcome ? outcome.message : 'The status check failed.',
        };
      }
    }
    if (!opts.spend)
      return {
        kind: 'needs-confirmation',
        cost: 1,
        message: 'This service has no free quota check: checking spends one request (a lookup). Check anyway?',
      };
    const o = await this.lookup(CHECK_IP, { refresh: true });
    if (o.kind === 'ok')
      return { kind: 'checked', via: 'lookup', message: 'Quota checked with one lookup (1 request spent).' };
    return { kind: 'failed', outcome: o, message: o.message };
  }

  /** Whether the free status check exists at the current base URL; asks the service once, then remembers. */
  async probeStatus(): Promise<StatusCheckSupport> {
    const known = this.support();
    if (known !== 'unknown') return known;
    const key = await this.key();
    if (!key) return 'unknown';
    return (await this.statusOnce(key)).support === 'unknown' ? 'unknown' : this.support();
  }

  /** Verifies a candidate key: free through /v2/status, or ('spend') with one lookup. Feeds the engine only if it is the current key. */
  async verifyKey(key: string, mode: 'free' | 'spend'): Promise<VerifyResult> {
    const current = await this.key();
    const engine = current === key ? this.engine : new QuotaEngine(this.engineOpts());
    if (mode === 'free') {
      if (this.support() === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
      const raw = await this.send('/v2/status', key, {}, this.otherControllers);
      const r = interpretStatus(raw, engine);
      this.learnSupport(r.support);
      this.afterChange();
      if (r.ok) return { ok: true, via: 'status' };
      if (r.support === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
      return { ok: false, via: 'status', ...(r.outcome ? { outcome: this.clean(r.outcome, key) } : {}) };
    }
    const raw = await this.send('/v2/info', key, { ip: CHECK_IP }, this.otherControllers);
    const outcome = this.clean(this.finishLookup(raw, CHECK_IP, null, engine), key);
    this.afterChange();
    const accepted =
      ['ok', 'rate-limited', 'forbidden', 'invalid-input'].includes(outcome.kind) ||
      (outcome.kind === 'bad-response' && outcome.status < 300);
    return { ok: accepted, via: 'lookup', outcome };
  }

  // ---- state and configuration ----

  state(): QuotaState {
    return { ...this.engine.state(), statusCheck: this.support() };
  }

  onChange(cb: (s: QuotaState) => void): () => void {
    this.listeners.add(cb);
    return () => this.listeners.delete(cb);
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
      this.autoFailures = 0;
      this.statusInflight = null;
    }
    this.afterChange();
  }

  setSuspended(s: boolean): void {
    if (this.suspended === s) return;
    this.suspended = s;
    this.scheduleAuto();
  }

  /** Forget this profile's quota figures, history, cooldown and cached lookups (the key was replaced). */
  reset(): void {
    this.cache.clearProfile(this.profile);
    const fresh = new QuotaEngine(this.engineOpts());
    this.engine = fresh;
    this.afterChange();
    this.schedulePersist();
  }

  /** Writes the persisted state now (otherwise it is written PERSIST_DELAY_MS after a change). */
  flush(): void {
    if (this.persistTimer !== null) this.clock.clearTimeout(this.persistTimer);
    this.persistTimer = null;
    if (!this.store) return;
    try {
      this.store.write({
        version: 1,
        engine: this.engine.toJSON(),
        cache: this.cache.toJSON(),
        statusCheck: { ...this.statusSupport },
      });
    } catch (err) {
      this.logger.warn('quota state could not be saved', { error: err instanceof Error ? err.name : 'unknown' });
    }
  }

  /** Resolves when no lookup, status check or auto-check is in flight (graceful shutdown, tests). */
  async whenIdle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  dispose(): void {
    if (this.disposed) return;
    this.flush();
    this.disposed = true;
    for (const t of [this.wakeTimer, this.autoTimer]) if (t) this.clock.clearTimeout(t.handle);
    this.wakeTimer = this.autoTimer = null;
    for (const c of [...this.lookupControllers, ...this.otherControllers]) c.abort();
    this.listeners.clear();
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

  private support(): StatusCheckSupport {
    return this.statusSupport[this.config.baseUrl] ?? 'unknown';
  }

  private learnSupport(s: StatusCheckSupport): void {
    if (s === 'unknown' || this.support() === s) return;
    this.statusSupport[this.config.baseUrl] = s;
    this.schedulePersist();
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

  private async sendLookup(
    ip: string,
    note: string | null,
    lang: string,
    force: boolean,
    set: Set<AbortController>,
  ): Promise<LookupOutcome> {
    try {
      const key = await this.key();
      if (!key) return { kind: 'no-key', message: NO_KEY };
      if (!force) {
        const c = this.engine.activeCooldown();
        if (c) {
          this.afterChange();
          return {
            kind: 'cooldown',
            scope: c.scope,
            resetAt: c.until,
            message: cooldownMessage(c.scope, c.until, this.engine.serverNow()),
          };
        }
      }
      if (this.disposed) return { kind: 'network-error', reason: 'aborted', message: 'The lookup was cancelled.' };
      const raw = await this.send('/v2/info', key, lang ? { ip, language: lang } : { ip }, set);
      const outcome = this.clean(this.finishLookup(raw, ip, note, this.engine), key);
      if (outcome.kind === 'ok') {
        this.cache.set({
          profile: this.profile,
          ip,
          language: lang,
          body: outcome.body,
          fetchedAt: outcome.fetchedAt,
          note,
        });
        this.schedulePersist();
      }
      this.logger.info('lookup', { outcome: outcome.kind, status: raw.kind === 'response' ? raw.status : null });
      this.afterChange();
      return outcome;
    } catch (err) {
      this.logger.error('lookup failed unexpectedly', { error: err instanceof Error ? err.name : 'unknown' });
      return { kind: 'network-error', reason: 'other', message: 'The lookup failed unexpectedly. Retry.' };
    }
  }

  /** Feeds a raw /v2/info result to `engine` and maps it to an outcome. */
  private finishLookup(raw: RawResult, ip: string, note: string | null, engine: QuotaEngine): LookupOutcome {
    const parsed = raw.kind === 'response' ? parseQuotaHeaders(raw.headers) : null;
    if (raw.kind === 'response' && parsed)
      engine.observe(parsed, { status: raw.status, localReceivedAt: raw.receivedAt });
    const outcome = toLookupOutcome(raw, ip, parsed, engine, note);
    if (outcome.kind === 'network-error' && outcome.reason !== 'aborted') engine.setLastError('network-error');
    if (outcome.kind === 'bad-response') engine.setLastError('bad-response');
    return outcome;
  }

  /** One /v2/status request at a time; callers in the meantime share it. */
  private statusOnce(key: string): Promise<StatusResult> {
    if (this.statusInflight) return this.statusInflight;
    const run = (async () => {
      const raw = await this.send('/v2/status', key, {}, this.otherControllers);
      const r = interpretStatus(raw, this.engine);
      if (r.outcome) r.outcome = this.clean(r.outcome, key);
      if (r.outcome?.kind === 'network-error' && r.outcome.reason !== 'aborted')
        this.engine.setLastError('network-error');
      this.learnSupport(r.support);
      this.schedulePersist();
      this.afterChange();
      return r;
    })();
    this.statusInflight = run;
    this.track(run);
    void run.finally(() => {
      if (this.statusInflight === run) this.statusInflight = null;
    });
    return run;
  }

  private clean(o: LookupOutcome, key: string): LookupOutcome {
    if (o.kind === 'ok') return o;
    const out = { ...o, message: redact(o.message, key) };
    if (out.kind === 'bad-response') out.raw = redact(out.raw, key);
    return out;
  }

  /** Emits when the state changed, then re-arms the roll-over and auto-check timers. */
  private afterChange(): void {
    if (this.disposed) return;
    const s = this.state();
    const sig = signature(s);
    if (sig !== this.lastSig) {
      this.lastSig = sig;
      this.schedulePersist();
      for (const l of [...this.listeners]) {
        try {
          l(s);
        } catch (err) {
          this.logger.error('quota listener failed', { error: err instanceof Error ? err.name : 'unknown' });
        }
      }
    }
    this.scheduleWake();
    this.scheduleAuto();
  }

  private setTimer(current: Timer | null, at: number | null, fn: () => void): Timer | null {
    if (current && current.at === at) return current;
    if (current) this.clock.clearTimeout(current.handle);
    if (at === null || this.disposed) return null;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, at - this.clock.now()));
    return { at, handle: this.clock.setTimeout(fn, delay) };
  }

  private scheduleWake(): void {
    const at = this.engine.nextWakeAt();
    this.wakeTimer = this.setTimer(this.wakeTimer, at, () => {
      this.wakeTimer = null;
      this.engine.rollOver();
      this.afterChange();
    });
  }

  /** 'status' (free), 'lookup' (spends; only if allowed), or null: no automatic checks. */
  private autoMode(): 'status' | 'lookup' | null {
    const a = this.config.autoCheck;
    if (this.suspended || this.disposed || a.enabled === false) return null;
    const s = this.support();
    if (s === 'supported') return 'status';
    if (a.enabled === null) return null;
    if (s === 'unsupported') return a.allowSpending ? 'lookup' : null;
    return 'status';
  }

  private scheduleAuto(): void {
    const mode = this.autoMode();
    if (!mode || this.autoRunning) {
      this.autoTimer = this.setTimer(this.autoTimer, null, () => {});
      return;
    }
    const month = this.engine.window('month');
    const lastSeen = month && !month.estimated ? month.observedAt - this.engine.skew : null;
    const last = Math.max(lastSeen ?? -Infinity, this.lastAutoAt ?? -Infinity);
    const delay = autoCheckDelay(this.config.autoCheck.intervalMs, month?.level ?? null, this.autoFailures);
    const now = this.clock.now();
    const at = Number.isFinite(last) ? Math.max(now, last + delay) : now + delay;
    this.autoTimer = this.setTimer(this.autoTimer, at, () => {
      this.autoTimer = null;
      this.track(this.runAuto());
    });
  }

  private async runAuto(): Promise<void> {
    const mode = this.autoMode();
    if (!mode || this.autoRunning) return;
    this.autoRunning = true;
    try {
      const r = await this.checkQuota({ spend: mode === 'lookup' });
      const failed = r.kind === 'failed' && FAILURES.has(r.outcome.kind);
      this.autoFailures = failed ? this.autoFailures + 1 : 0;
    } catch {
      this.autoFailures++;
    } finally {
      this.autoRunning = false;
      this.lastAutoAt = this.clock.now();
      this.scheduleAuto();
    }
  }

  private schedulePersist(): void {
    if (!this.store || this.persistTimer !== null || this.disposed) return;
    this.persistTimer = this.clock.setTimeout(() => {
      this.persistTimer = null;
      this.flush();
    }, PERSIST_DELAY_MS);
  }
}

/** What counts as a change: everything but the snapshot instant and the pace's drift with time. */
function signature(s: QuotaState): string {
  const f = s.forecast.kind === 'runs-out' ? `runs-out:${s.forecast.runsOutAt}` : s.forecast.kind;
  return JSON.stringify({ ...s, asOf: 0, forecast: f });
}
