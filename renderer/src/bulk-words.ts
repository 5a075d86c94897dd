/**
 * The Bulk view's sentences that depend on the month as it is now (not as it was when the core wrote a job's
 * message): whether Start can send anything, and what a job stopped at the floor or at an empty month waits for.
 */
import type { BudgetFloor, BulkReason, BulkResultRow, CostPreview } from '../../shared/bulk';
import { THREAT_FROM } from '../../shared/report';
import { wordsFor } from '../../shared/i18n';
import type { UiBulkWords } from '../../shared/i18n/words';

/** The English words (the unit tests' and a component's outside a WordsProvider). */
const EN = (): UiBulkWords => wordsFor('en').w.uiBulk;

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

export function startPlan(cost: CostPreview, w: UiBulkWords = EN()): StartPlan {
  if (cost.toSend === 0) return { kind: 'free' };
  if (cost.sendable === null || cost.sendable > 0)
    return { kind: 'send', requests: cost.sendable === null ? cost.toSend : Math.min(cost.toSend, cost.sendable) };
  const m = cost.month;
  const why =
    m && m.remainingBefore <= 0 ? w.nothingUsedUp : w.nothingFloor(m?.remainingBefore ?? 0, cost.budgetFloor ?? 0);
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
  w: UiBulkWords = EN(),
): { text: string; waits: boolean } | null {
  if ((reason !== 'budget-floor' && reason !== 'month-exhausted') || !month) return null;
  const done = w.doneOf(counts.done + counts.failed, counts.total);
  const left = w.leftOf(month.remaining, month.limit);
  if (reason === 'month-exhausted') {
    return month.remaining > 0
      ? { text: w.monthReset(left, done), waits: false }
      : { text: w.monthUsedUp(month.resetAt, now, done), waits: true };
  }
  const kept = floorRequests(floor, month.limit);
  if (kept === null) return null;
  const room = month.remaining - kept;
  return room > 0
    ? { text: w.floorRoom(left, kept, room, done), waits: false }
    : { text: w.floorWaits(left, kept, done, month.resetAt, now), waits: true };
}

/**
 * A results row's Flags cell (the same reading as the report's Security flags and threat bands): a threat score from
 * THREAT_FROM up first ("Threat 90"), then the flags the answer sets; "none" when it says and sets none; "unknown"
 * when it says nothing of them; empty until the row is answered. `full` is the same in a sentence (its tooltip).
 */
export function securityWords(
  row: Pick<BulkResultRow, 'status' | 'security'>,
  w: UiBulkWords = EN(),
): { short: string; full: string } {
  if (row.status !== 'done') return { short: '', full: '' };
  const s = row.security;
  if (!s) return { short: w.flagsUnknown, full: w.flagsUnknownFull };
  const threat = s.threatScore !== null && s.threatScore >= THREAT_FROM ? [w.threat(s.threatScore)] : [];
  const parts = [...threat, ...s.flags.map(w.flagName)];
  return {
    short: parts.length > 0 ? parts.join(', ') : w.flagsNone,
    full: w.flagsFull(s.flags, s.threatScore),
  };
}
