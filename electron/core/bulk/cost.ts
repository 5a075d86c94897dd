import type { BudgetFloor, CostPreview } from '../../../shared/bulk';
import { wordsFor } from '../../../shared/i18n';
import type { QuotaState } from '../../../shared/quota';

export type { BudgetFloor, CostPreview } from '../../../shared/bulk';

/**
 * What a bulk job will cost, before anything is sent: how many addresses, how many answered free from the fresh
 * cache, how many requests; the month's remaining before and after; the time at the current minute limit; and the
 * budget floor (the job stops when the month's remaining would fall below it). Pure.
 */

/** Keep 5 % of the month limit for interactive lookups. */
/** The preview's English words (the `lines` every face used to print; the faces word the facts themselves). */
const EN = wordsFor('en').w.bulkPreview;

export const DEFAULT_BUDGET_FLOOR: BudgetFloor = { percent: 5 };

/** The floor in requests (rounded up), or null while the month limit is unknown and the floor is a share. */
export function floorCount(floor: BudgetFloor, monthLimit: number | null): number | null {
  if ('count' in floor) return Math.max(0, Math.floor(floor.count));
  if (monthLimit === null) return null;
  return Math.ceil((Math.min(100, Math.max(0, floor.percent)) / 100) * monthLimit);
}

export interface CostInput {
  /** Unique addresses in the job. */
  unique: number;
  /** Of those, answered from the fresh cache (free). */
  fromCache: number;
  /** The profile's quota as the service knows it now. */
  quota: QuotaState;
  floor?: BudgetFloor;
}

/** "under a minute", "about 5 min", "about 2 h 10 min" (the English catalog's words). */
export function formatDuration(ms: number): string {
  return EN.duration(ms);
}

/**
 * Time to send `n` requests from server instant `now` with the minute window as the engine holds it: this window's
 * remaining first, then full windows of `limit`.
 */
export function timeAtMinuteLimit(n: number, minute: NonNullable<QuotaState['minute']>, now: number): number {
  if (n <= 0) return 0;
  const inWindow = minute.resetAt > now ? minute.remaining : minute.limit;
  if (n <= inWindow) return 0;
  if (minute.limit <= 0) return Infinity;
  const reset = minute.resetAt > now ? minute.resetAt : Math.floor(now / 60_000) * 60_000 + 60_000;
  const windows = Math.ceil((n - inWindow) / minute.limit);
  return reset - now + (windows - 1) * 60_000;
}

export function previewCost(input: CostInput): CostPreview {
  const { quota } = input;
  const floor = input.floor ?? DEFAULT_BUDGET_FLOOR;
  const unique = Math.max(0, input.unique);
  const fromCache = Math.min(unique, Math.max(0, input.fromCache));
  const toSend = unique - fromCache;
  const m = quota.month;
  const budgetFloor = floorCount(floor, m?.limit ?? null);
  const sendable = m && budgetFloor !== null ? Math.max(0, m.remaining - budgetFloor) : null;
  const sent = sendable === null ? toSend : Math.min(toSend, sendable);
  const month = m
    ? { limit: m.limit, remainingBefore: m.remaining, remainingAfter: m.remaining - sent, estimated: m.estimated }
    : null;
  const minute = quota.minutePlan === 'limited' ? quota.minute : null;
  const estimatedMs = minute ? timeAtMinuteLimit(sent, minute, quota.asOf) : null;
  const stopsEarly = sendable !== null && sendable < toSend;

  const facts = {
    unique,
    fromCache,
    toSend,
    month,
    budgetFloor,
    sendable,
    stopsEarly,
    minutePlan: quota.minutePlan,
    minuteLimit: minute?.limit ?? null,
    estimatedMs,
    floor,
  };
  return facts;
}

/** What the preview reads from the profile's service (QuotaService satisfies it). */
export interface CostSource {
  state(): QuotaState;
  /** Answered free from the fresh cache (the service's own cache, or one another process filled). */
  isCached(ip: string): boolean;
  /** How many of `ips` isCached would find, in one pass (a store read per thousands, not per address). */
  countCached?(ips: readonly string[]): number;
}

/** The cost of looking up `ips` (normalised, unique) with the service's cache and quota as they are now. */
export function previewJob(source: CostSource, ips: readonly string[], floor?: BudgetFloor): CostPreview {
  let fromCache = 0;
  if (source.countCached) fromCache = source.countCached(ips);
  else for (const ip of ips) if (source.isCached(ip)) fromCache++;
  return previewCost({ unique: ips.length, fromCache, quota: source.state(), floor });
}
