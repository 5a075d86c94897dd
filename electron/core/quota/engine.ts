import {
  levelFor,
  monthWindowStart,
  nextMinuteBoundary,
  nextMonthBoundary,
  type Cooldown,
  type QuotaSample,
  type QuotaState,
  type QuotaWindow,
  type Thresholds,
  type WindowScope,
} from '../../../shared/quota';
import type { LastErrorKind } from '../../../shared/outcome-table';
import { outcomeKindForStatus } from '../lookup-api/outcomes';
import { computeForecast } from './forecast';
import { ietfScope, type ParsedQuota, type QuotaPair } from '../lookup-api/quota-headers';
import { restoreEngine, type PersistedEngine } from './persisted-engine';

export type { PersistedEngine } from './persisted-engine';

export interface EngineThresholds {
  month: Thresholds;
  minute: Thresholds;
}

export interface QuotaEngineOptions {
  profile: string;
  /** Only `now()` (local clock) is used. */
  clock: { now(): number };
  thresholds: EngineThresholds;
  /** Day of the month (1..28) the month window restarts, 00:00 UTC. */
  monthResetDay: number;
  /** A previous `toJSON()`; anything malformed starts clean. */
  persisted?: unknown;
  historyMax?: number;
}

export interface ObserveContext {
  status: number;
  /** Local clock when the response arrived. */
  localReceivedAt: number;
  /** 'status' (the free /v2/status check) never concludes "no minute limit" and a 200 there lifts no cooldown by itself. */
  source?: 'lookup' | 'status';
}

/** New samples closer than this to the previous one replace the latest instead of piling up. */
const SAMPLE_SPACING_MS = 60 * 60_000;
const DAY_MS = 86_400_000;
/** A Date header is truncated to the second: the local estimate within that second is more precise. */
const DATE_RESOLUTION_MS = 1000;

/**
 * The quota state of one profile (key), fed by every response. Instants in the state are on the service's
 * clock (local clock + skew learnt from the `Date` header); windows are fixed UTC calendar windows.
 */
export class QuotaEngine {
  readonly profile: string;
  private readonly clock: { now(): number };
  private thresholds: EngineThresholds;
  private monthResetDay: number;
  private readonly historyMax: number;
  private month: QuotaWindow | null = null;
  private minute: QuotaWindow | null = null;
  private minutePlan: QuotaState['minutePlan'] = 'unknown';
  private cooldown: Cooldown | null = null;
  private lastError: LastErrorKind | null = null;
  private skewMs = 0;
  private skewKnown = false;
  private history: QuotaSample[] = [];

  constructor(opts: QuotaEngineOptions) {
    this.profile = opts.profile;
    this.clock = opts.clock;
    this.thresholds = opts.thresholds;
    this.monthResetDay = clampDay(opts.monthResetDay);
    this.historyMax = opts.historyMax ?? 500;
    const p = restoreEngine(opts.persisted);
    if (p) {
      this.month = p.month;
      this.minute = p.minute;
      this.minutePlan = p.minutePlan;
      this.cooldown = p.cooldown;
      this.lastError = p.lastError;
      this.skewMs = p.skewMs;
      this.skewKnown = p.skewKnown;
      this.history = p.history.slice(-this.historyMax);
      this.relevel();
    }
  }

  /** The service's clock now (local clock + learnt skew). */
  serverNow(local = this.clock.now()): number {
    return local + this.skewMs;
  }

  get skew(): number {
    return this.skewMs;
  }

  /** Feed one HTTP response (any status, including errors and 429s). */
  observe(p: ParsedQuota, ctx: ObserveContext): void {
    if (p.serverDate !== null) this.learnSkew(p.serverDate - ctx.localReceivedAt);
    const estimate = ctx.localReceivedAt + this.skewMs;
    const stamp =
      p.serverDate === null
        ? estimate
        : estimate >= p.serverDate && estimate < p.serverDate + DATE_RESOLUTION_MS
          ? estimate
          : p.serverDate;
    this.rollOver(stamp - this.skewMs);
    const source = ctx.source ?? 'lookup';
    const ok = ctx.status >= 200 && ctx.status < 300;

    this.apply('month', p.month, stamp, this.ietfReset(p, 'month', stamp, false));
    if (p.minutePresent) {
      this.minutePlan = 'limited';
      this.apply('minute', p.minute, stamp, this.ietfReset(p, 'minute', stamp, false));
    } else if (ok && source === 'lookup' && p.monthPresent) {
      this.minutePlan = 'none';
      this.minute = null;
    }

    if (ctx.status === 429) this.startCooldown(p, stamp);
    else if (ok && this.cooldown) {
      const w = this.cooldown.scope === 'month' ? p.month : p.minute;
      if (source === 'lookup' || (w.remaining !== null && w.remaining > 0)) this.cooldown = null;
    }
    const kind = outcomeKindForStatus(ctx.status);
    this.lastError = kind === 'ok' ? null : kind;
  }

  /** Override the last error kind (network errors, a 200 that was not JSON, ...). Returns true when it changed. */
  setLastError(kind: LastErrorKind | null): boolean {
    if (this.lastError === kind) return false;
    this.lastError = kind;
    return true;
  }

  /**
   * Windows whose reset instant passed show the assumed fresh window (remaining = limit) marked estimated;
   * expired cooldowns end. Returns true when anything changed.
   */
  rollOver(local = this.clock.now()): boolean {
    const now = this.serverNow(local);
    let changed = false;
    if (this.cooldown && this.cooldown.until <= now) {
      this.cooldown = null;
      changed = true;
    }
    for (const scope of ['month', 'minute'] as const) {
      const w = this[scope];
      if (!w || w.resetAt > now) continue;
      const limit = w.limit;
      this[scope] = {
        ...w,
        remaining: limit,
        resetAt: this.boundary(scope, now),
        level: levelFor(limit, limit, this.thresholds[scope]),
        estimated: true,
      };
      changed = true;
    }
    return changed;
  }

  /** Local-clock instant at which the state next changes by itself (cooldown end, reset of a window not full), or null. */
  nextWakeAt(): number | null {
    const candidates: number[] = [];
    if (this.cooldown) candidates.push(this.cooldown.until);
    for (const w of [this.month, this.minute]) if (w && w.remaining < w.limit) candidates.push(w.resetAt);
    if (candidates.length === 0) return null;
    return Math.min(...candidates) - this.skewMs;
  }

  state(): QuotaState {
    this.rollOver();
    const asOf = this.serverNow();
    const m = this.month;
    const forecast =
      m && !m.estimated
        ? computeForecast(this.history, monthWindowStart(m.resetAt - 1, this.monthResetDay), m.resetAt, m.limit, asOf)
        : ({ kind: 'unknown' } as const);
    return {
      profile: this.profile,
      month: m ? { ...m } : null,
      minute: this.minute ? { ...this.minute } : null,
      minutePlan: this.minutePlan,
      cooldown: this.effectiveCooldown(),
      forecast,
      lastError: this.lastError,
      asOf,
      skewMs: this.skewMs,
      statusCheck: 'unknown',
    };
  }

  /**
   * Active cooldown (after a roll-over check), or null: after a 429, or while a window the service said is at
   * 0 remaining has not reset (nothing would be accepted before then, so nothing is sent).
   */
  activeCooldown(): Cooldown | null {
    this.rollOver();
    return this.effectiveCooldown();
  }

  /** One window as it stands (after a roll-over check), without building the whole state. */
  window(scope: WindowScope): QuotaWindow | null {
    this.rollOver();
    const w = this[scope];
    return w ? { ...w } : null;
  }

  samples(): readonly QuotaSample[] {
    return this.history;
  }

  setThresholds(t: EngineThresholds): void {
    this.thresholds = t;
    this.relevel();
  }

  setMonthResetDay(day: number): void {
    const d = clampDay(day);
    if (d === this.monthResetDay) return;
    this.monthResetDay = d;
    if (this.month) this.month = { ...this.month, resetAt: nextMonthBoundary(this.month.observedAt, d) };
    this.rollOver();
  }

  toJSON(): PersistedEngine {
    return {
      version: 1,
      month: this.month,
      minute: this.minute,
      minutePlan: this.minutePlan,
      cooldown: this.cooldown,
      lastError: this.lastError,
      skewMs: this.skewMs,
      skewKnown: this.skewKnown,
      history: this.history.slice(),
    };
  }

  static fromJSON(data: unknown, opts: Omit<QuotaEngineOptions, 'persisted'>): QuotaEngine {
    return new QuotaEngine({ ...opts, persisted: data });
  }

  // ---- internals ----

  private learnSkew(observed: number): void {
    // observed = true skew - transit - (sub-second part lost by the Date header): never above the true skew.
    // Keep the largest estimate, unless the clocks clearly moved apart (then start over).
    if (!this.skewKnown || observed > this.skewMs || observed < this.skewMs - 2 * DATE_RESOLUTION_MS)
      this.skewMs = observed;
    this.skewKnown = true;
  }

  private boundary(scope: WindowScope, t: number): number {
    return scope === 'minute' ? nextMinuteBoundary(t) : nextMonthBoundary(t, this.monthResetDay);
  }

  /** Reset instant from the IETF RateLimit header for a scope (unnamed items only when `fallback`). */
  private ietfReset(p: ParsedQuota, scope: WindowScope, stamp: number, fallback: boolean): number | null {
    for (const it of p.ietf) {
      const s = ietfScope(it);
      if (it.resetSeconds !== null && (s === scope || (fallback && s === null))) return stamp + it.resetSeconds * 1000;
    }
    return null;
  }

  private apply(scope: WindowScope, pair: QuotaPair, stamp: number, ietfResetAt: number | null): void {
    const prev = this[scope];
    const limit = pair.limit ?? prev?.limit ?? null;
    if (limit === null) return;
    let remaining = pair.remaining !== null && pair.remaining <= limit ? pair.remaining : null;
    const resetAt = ietfResetAt ?? this.boundary(scope, stamp);
    if (remaining === null) {
      if (!prev || pair.limit === null) return; // nothing usable: keep the last good figures
      this[scope] = {
        ...prev,
        limit,
        remaining: Math.min(prev.remaining, limit),
        level: levelFor(Math.min(prev.remaining, limit), limit, this.thresholds[scope]),
      };
      return;
    }
    // An answer stamped before the one we already hold, in the same window: remaining only goes down.
    if (prev && !prev.estimated && prev.limit === limit && prev.resetAt === resetAt && stamp < prev.observedAt) {
      remaining = Math.min(prev.remaining, remaining);
    }
    this[scope] = {
      limit,
      remaining,
      observedAt: stamp,
      resetAt,
      level: levelFor(remaining, limit, this.thresholds[scope]),
      estimated: false,
    };
    if (scope === 'month') this.addSample({ at: stamp, remaining, limit });
  }

  private startCooldown(p: ParsedQuota, stamp: number): void {
    const m = this.month;
    const monthOut =
      p.month.remaining === 0 ||
      (p.month.remaining === null && ((m !== null && !m.estimated && m.remaining === 0) || this.minutePlan === 'none'));
    const scope: WindowScope = monthOut ? 'month' : 'minute';
    let until: number;
    if (p.retryAfter) until = p.retryAfter.kind === 'delay' ? stamp + p.retryAfter.ms : p.retryAfter.at;
    else until = this.ietfReset(p, scope, stamp, true) ?? this.boundary(scope, stamp);
    if (!(until > stamp)) until = this.boundary(scope, stamp);
    const w = this[scope];
    if (w) this[scope] = { ...w, remaining: 0, resetAt: until, level: 'exhausted' };
    this.cooldown = { scope, until, since: stamp };
  }

  /**
   * The 429's cooldown, or the one a known-zero window implies (remaining 0 as the service said it, not yet
   * reset: until its reset, since it was seen) — whichever lasts longer. Call after rollOver().
   */
  private effectiveCooldown(): Cooldown | null {
    let best = this.cooldown ? { ...this.cooldown } : null;
    for (const scope of ['month', 'minute'] as const) {
      const w = this[scope];
      if (!w || w.estimated || w.remaining > 0) continue;
      if (!best || w.resetAt > best.until) best = { scope, until: w.resetAt, since: w.observedAt };
    }
    return best;
  }

  private addSample(s: QuotaSample): void {
    const h = this.history;
    const last = h[h.length - 1];
    const prev = h[h.length - 2];
    if (last && s.at < last.at) return;
    // The latest is replaced only by one close after it (within the spacing of the one before, on the same UTC
    // day): a figure after a gap — a quiet week, a month's reset — never overwrites the last one of the gap's start
    // (it is how that day, or that month, ended).
    const continues =
      last &&
      prev &&
      last.limit === s.limit &&
      prev.limit === s.limit &&
      s.remaining <= last.remaining &&
      s.at - prev.at < SAMPLE_SPACING_MS &&
      Math.floor(s.at / DAY_MS) === Math.floor(last.at / DAY_MS);
    if (continues) h[h.length - 1] = s;
    else h.push(s);
    if (h.length > this.historyMax) h.splice(0, h.length - this.historyMax);
  }

  private relevel(): void {
    for (const scope of ['month', 'minute'] as const) {
      const w = this[scope];
      if (w) this[scope] = { ...w, level: levelFor(w.remaining, w.limit, this.thresholds[scope]) };
    }
  }
}

function clampDay(d: number): number {
  return Number.isInteger(d) && d >= 1 && d <= 28 ? d : 1;
}
