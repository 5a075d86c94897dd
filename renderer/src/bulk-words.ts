/**
 * The Bulk view's sentences that depend on the month as it is now (not as it was when the core wrote a job's
 * message): whether Start can send anything, and what a job stopped at the floor or at an empty month waits for.
 */
import type { BudgetFloor, BulkReason, BulkResultRow, CostPreview } from '../../shared/bulk';
import { THREAT_FROM } from '../../shared/report';
import { formatCount, formatCountOf, formatUtc } from './format';

/** The month figures the view knows for a profile (the live quota for the one in use). */
export interface MonthNow {
  remaining: number;
  limit: number;
  resetAt: number;
}

/** The floor in requests (rounded up, as the core counts it); null while the limit is unknown and it is a share. */
export function floorRequests(floor: BudgetFloor, limit: number | null): number | null {
  if ('count' in floor) return Math.max(0, Math.floor(floor.count));
  if (limit === null) return null;
  return Math.ceil((Math.min(100, Math.max(0, floor.percent)) / 100) * limit);
}

/** What Start would do with this cost: send, answer from the cache only, or nothing at all (and why). */
export type StartPlan =
  | { kind: 'send'; requests: number }
  | { kind: 'free' }
  | { kind: 'cache-only'; answers: number; why: string }
  | { kind: 'blocked'; why: string };

export function startPlan(cost: CostPreview): StartPlan {
  if (cost.toSend === 0) return { kind: 'free' };
  if (cost.sendable === null || cost.sendable > 0)
    return { kind: 'send', requests: cost.sendable === null ? cost.toSend : Math.min(cost.toSend, cost.sendable) };
  const m = cost.month;
  const why =
    m && m.remainingBefore <= 0
      ? `Nothing can be sent: the month's quota is used up until it resets.`
      : `Nothing can be sent: ${formatCountOf(m?.remainingBefore ?? 0, 'request')} ${
          (m?.remainingBefore ?? 0) === 1 ? 'is' : 'are'
        } left this month and the budget floor keeps ${formatCount(cost.budgetFloor ?? 0)} for single lookups. Lower the floor to start.`;
  return cost.fromCache > 0 ? { kind: 'cache-only', answers: cost.fromCache, why } : { kind: 'blocked', why };
}

/**
 * The sentence under a job stopped at the budget floor or at an empty month, from the month as it is now: after
 * the reset it no longer says what was left before it, and says that Resume goes on (`waits` false). Null: keep
 * the core's.
 */
export function stoppedWords(
  reason: BulkReason | null,
  floor: BudgetFloor,
  counts: { done: number; failed: number; total: number },
  month: MonthNow | null,
  now: number,
): { text: string; waits: boolean } | null {
  if ((reason !== 'budget-floor' && reason !== 'month-exhausted') || !month) return null;
  const done = `${formatCount(counts.done + counts.failed)} of ${formatCount(counts.total)} done`;
  const left = `${formatCount(month.remaining)} of ${formatCount(month.limit)}`;
  const resets = formatUtc(month.resetAt, undefined, now);
  if (reason === 'month-exhausted') {
    return month.remaining > 0
      ? {
          text: `Stopped when the month's quota ran out. The month has reset: ${left} requests are left now, so Resume goes on. ${done}.`,
          waits: false,
        }
      : {
          text: `Stopped: the month's quota is used up (resets ${resets}). ${done}; the rest wait — resume after the reset.`,
          waits: true,
        };
  }
  const kept = floorRequests(floor, month.limit);
  if (kept === null) return null;
  const room = month.remaining - kept;
  return room > 0
    ? {
        text: `Stopped at the budget floor earlier. Now ${left} requests are left this month and ${formatCount(kept)} are kept for single lookups, so Resume can send up to ${formatCountOf(room, 'request')}. ${done}.`,
        waits: false,
      }
    : {
        text: `Stopped at the budget floor: ${left} requests are left this month and ${formatCount(kept)} are kept for single lookups. ${done}; the rest wait — resume after the month resets (${resets}).`,
        waits: true,
      };
}

/**
 * A results row's Flags cell (the same reading as the report's Security flags and threat bands): a threat score from
 * THREAT_FROM up first ("Threat 90"), then the flags the answer sets; "none" when it says and sets none; "unknown"
 * when it says nothing of them; empty until the row is answered. `full` is the same in a sentence (its tooltip).
 */
export function securityWords(row: Pick<BulkResultRow, 'status' | 'security'>): { short: string; full: string } {
  if (row.status !== 'done') return { short: '', full: '' };
  const s = row.security;
  if (!s) return { short: 'unknown', full: 'The answer says nothing of flags or threat.' };
  const threat = s.threatScore !== null && s.threatScore >= THREAT_FROM ? [`Threat ${s.threatScore}`] : [];
  const parts = [...threat, ...s.flags];
  const score = s.threatScore === null ? 'threat score unknown' : `threat score ${s.threatScore}`;
  return {
    short: parts.length > 0 ? parts.join(', ') : 'none',
    full: `${s.flags.length > 0 ? `Flags: ${s.flags.join(', ')}` : 'No flags set'}; ${score}.`,
  };
}
