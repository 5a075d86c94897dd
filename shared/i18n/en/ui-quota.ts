/**
 * English: the window's quota gauges, the cooldown's countdown, the quota announcer and the Check quota button's
 * question and result (the core's check result is a fact: `CheckQuotaOutcome`'s kind, `via` and outcome).
 */
import type { Fmt } from '../fmt';
import type { QuotaLevel } from '../../quota';
import type { WindowScope } from '../../window-scope';

/** "42 seconds", "3 minutes", "5 hours", "8 days": a duration read once, for an announcement. */
export function roughParts(ms: number): { n: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return { n: s, unit: 'second' };
  const min = Math.round(s / 60);
  if (min < 90) return { n: min, unit: 'minute' };
  const h = Math.round(min / 60);
  if (h < 48) return { n: h, unit: 'hour' };
  return { n: Math.round(h / 24), unit: 'day' };
}

export const uiQuota = (f: Fmt) => {
  const rough = (ms: number): string => {
    const { n, unit } = roughParts(ms);
    return f.count(n, { one: unit, other: `${unit}s` });
  };
  const left = (remaining: number, limit: number) => `${f.num(remaining)} of ${f.num(limit)} left`;
  return {
    region: 'Quota',
    noData: 'No quota data yet — it appears after your first lookup, or Check quota.',
    noMinute: 'No per-minute limit',
    /** A gauge. */
    meterName: (scope: WindowScope): string => (scope === 'minute' ? 'Minute quota' : 'Month quota'),
    gauge: (scope: WindowScope, remaining: number, limit: number) => `${left(remaining, limit)} this ${scope}`,
    resetsEveryMinute: 'resets every minute',
    resetsIn: (ms: number) => `resets in ${f.countdown(ms)}`,
    resetsOn: (t: number, now: number) => `resets ${f.utc(t, now)}`,
    updated: (ago: string) => `updated ${ago}`,
    level: { ok: 'OK', low: 'Low', critical: 'Critical', exhausted: 'Exhausted' } satisfies Record<QuotaLevel, string>,
    atRisk: 'At risk',
    estimate: 'Likely reset — confirmed by the next lookup',
    /** What a screen reader hears of a gauge: its text, its badge, when it resets, whether it is estimated. */
    valueText: (text: string, badge: string, reset: string, estimate: string | null) =>
      `${text}, ${badge.toLowerCase()}${reset ? `, ${reset}` : ''}${estimate ? `, ${estimate.toLowerCase()}` : ''}`,
    /** The month's forecast. */
    runsOut: (t: number, now: number) => `At this pace the month quota runs out on ${f.utcDay(t, now)}.`,
    lasts: 'At this pace it lasts the month.',
    /** Check quota. */
    check: 'Check quota',
    checkSpend: 'Check quota (uses 1 request)',
    checkCosts: 'costs 1 request — asks first',
    checking: 'Checking…',
    confirmName: 'Confirm quota check',
    needsSpend: 'This service has no free quota check: checking spends one request (a lookup). Check anyway?',
    checked: (via: 'status' | 'lookup'): string =>
      via === 'status'
        ? 'Quota checked with the free status check.'
        : 'Quota checked with one lookup (1 request spent).',
    checkFailed: 'Could not check the quota. Try again.',
    cancel: 'Cancel',
    /** The cooldown's countdown: its lead, the ticking time, and for the month the reset day and what to do. */
    cooldownLead: (scope: WindowScope): string =>
      scope === 'minute' ? 'Minute limit reached — resets in ' : 'Monthly quota exhausted — resets in ',
    countdown: (ms: number) => f.countdown(ms),
    cooldownDay: (t: number, now: number) => f.utc(t, now),
    cooldownMonthEnd: '. Upgrade your plan or wait.',
    cooldownSpoken: (scope: WindowScope, since: number, until: number): string =>
      scope === 'minute'
        ? `Minute limit reached — resets in about ${rough(until - since)}, at ${f.localTime(until)}.`
        : `Monthly quota exhausted — resets ${f.utc(until, since)}. Upgrade your plan or wait.`,
    stillLimitedAt: (t: number) => `Still limited (checked at ${f.localTime(t)}).`,
    tryAnyway: 'Try anyway',
    tryAnywayTitle: 'Sends the lookup even though the service will probably refuse it',
    /** The quota announcer. */
    monthLevel: (level: QuotaLevel, remaining: number, limit: number): string => {
      if (level === 'exhausted') return 'Month quota used up: lookups are refused until it resets.';
      if (level === 'critical') return `Month quota almost used up: ${left(remaining, limit)}.`;
      if (level === 'low') return `Month quota running low: ${left(remaining, limit)}.`;
      return `Month quota restored: ${left(remaining, limit)}.`;
    },
    cooldownStarts: (scope: WindowScope, secondsLeft: number): string =>
      scope === 'month'
        ? 'Month quota used up: lookups are refused until it resets.'
        : `Minute limit reached: lookups resume in about ${Math.max(1, secondsLeft)} seconds.`,
    cooldownEnds: (scope: WindowScope): string =>
      scope === 'minute'
        ? 'Minute limit has reset: you can look up again.'
        : 'Month quota has reset: you can look up again.',
  };
};
