/**
 * Quota types and pure helpers shared by the main process and the renderer.
 * All instants are epoch milliseconds on the *service's* clock (see `QuotaState.asOf`).
 */
import type { LastErrorKind } from './outcome-table';
import type { WindowScope } from './window-scope';

/** One month-remaining figure the service reported (service clock): what the engine learns and state.db keeps. */
export interface QuotaSample {
  at: number;
  remaining: number;
  limit: number;
}

/**
 * The history's span in month windows: this one and the 12 before it. History shows them (HistoryView.months) and
 * state.db keeps their samples (history-tiers.ts HISTORY_KEEP_MS).
 */
export const HISTORY_MONTHS = 13;

export type QuotaLevel = 'ok' | 'low' | 'critical' | 'exhausted';
export type { WindowScope } from './window-scope';

export interface Thresholds {
  /** Fraction of the limit remaining at or below which the level is `low` (default 0.25). */
  low: number;
  /** Fraction of the limit remaining at or below which the level is `critical` (default 0.10). */
  critical: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = { low: 0.25, critical: 0.1 };

export interface QuotaWindow {
  limit: number;
  remaining: number;
  /** When these figures were last confirmed by a real response (service clock). */
  observedAt: number;
  /** When the window restarts (service clock). */
  resetAt: number;
  level: QuotaLevel;
  /**
   * True when `resetAt` passed with no response since: the figures shown are the
   * assumed fresh window (remaining = limit), not something the service said.
   */
  estimated: boolean;
}

export interface Cooldown {
  scope: WindowScope;
  /** Service-clock instant when the limit lifts. */
  until: number;
  /** Service-clock instant of the 429 that started it. */
  since: number;
}

export type Forecast =
  { kind: 'unknown' } | { kind: 'lasts'; pace: number } | { kind: 'runs-out'; pace: number; runsOutAt: number };

/** What a base URL's free status check was found to be (state.db's status_support CHECK repeats this list). */
export const KNOWN_STATUS_SUPPORT = ['supported', 'unsupported'] as const;
export type KnownStatusSupport = (typeof KNOWN_STATUS_SUPPORT)[number];
export type StatusCheckSupport = 'unknown' | KnownStatusSupport;

export function isKnownStatusSupport(v: unknown): v is KnownStatusSupport {
  return (KNOWN_STATUS_SUPPORT as readonly unknown[]).includes(v);
}

export interface QuotaState {
  /** Profile (key) these figures belong to. */
  profile: string;
  month: QuotaWindow | null;
  minute: QuotaWindow | null;
  /** 'none': responses came without minute headers, i.e. the plan has no per-minute limit. */
  minutePlan: 'unknown' | 'limited' | 'none';
  cooldown: Cooldown | null;
  forecast: Forecast;
  /** Kind of the last request's failure, null when the last request succeeded or none was made. */
  lastError: LastErrorKind | null;
  /** Service-clock instant at which this snapshot was made. Renderer: offset = asOf - Date.now(). */
  asOf: number;
  /** Service clock minus local clock, ms (from the `Date` header). */
  skewMs: number;
  statusCheck: StatusCheckSupport;
}

/**
 * The month is "at risk": at the current pace it runs out before its reset, and it has not run out yet.
 * Shown as the gauge's badge, on the tray icon and as a tray menu line. `now` is on the service clock.
 */
export function monthAtRisk(q: Pick<QuotaState, 'month' | 'forecast'>, now: number): boolean {
  const m = q.month;
  return (
    m !== null &&
    !m.estimated &&
    m.remaining > 0 &&
    now < m.resetAt &&
    q.forecast.kind === 'runs-out' &&
    q.forecast.runsOutAt < m.resetAt
  );
}

export function levelFor(remaining: number, limit: number, t: Thresholds = DEFAULT_THRESHOLDS): QuotaLevel {
  if (remaining <= 0) return 'exhausted';
  if (limit <= 0) return 'ok';
  const share = remaining / limit;
  if (share <= t.critical) return 'critical';
  if (share <= t.low) return 'low';
  return 'ok';
}

/** Start of the next fixed UTC minute after `t`. */
export function nextMinuteBoundary(t: number): number {
  return Math.floor(t / 60_000) * 60_000 + 60_000;
}

/** Start of the next UTC calendar month after `t`, with the reset on day `anchorDay` (1..28) at 00:00 UTC. */
export function nextMonthBoundary(t: number, anchorDay = 1): number {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const thisMonth = Date.UTC(y, m, anchorDay);
  return t < thisMonth ? thisMonth : Date.UTC(y, m + 1, anchorDay);
}

/** Start of the current month window containing `t`. */
export function monthWindowStart(t: number, anchorDay = 1): number {
  const next = nextMonthBoundary(t, anchorDay);
  const d = new Date(next);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, anchorDay);
}

export function emptyQuotaState(profile: string, now: number): QuotaState {
  return {
    profile,
    month: null,
    minute: null,
    minutePlan: 'unknown',
    cooldown: null,
    forecast: { kind: 'unknown' },
    lastError: null,
    asOf: now,
    skewMs: 0,
    statusCheck: 'unknown',
  };
}

/** The month notifications (electron/core/quota/alerts.ts). */
export type MonthAlertKind = 'low' | 'critical' | 'exhausted' | 'forecast';
