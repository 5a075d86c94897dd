import type { BudgetFloor, BulkDoneCounts, BulkNote, BulkOutcomeFact, BulkRowError } from '../../../shared/bulk';
import { wordsFor } from '../../../shared/i18n';
import { floorCount } from './cost';

/**
 * What a bulk job says when it stops, pauses, waits or finishes, as facts (shared/bulk.ts's BulkNote): state.db keeps
 * the fact, the faces word it (shared/i18n's `bulkNote` area). The job's run (job-run.ts) and BulkJobs decide
 * *when*; these say *what*. `english` gives the sentence the core still hands on as `message` (JSON output, older
 * readers).
 */

export const PAUSED: BulkNote = { kind: 'paused' };
export const CANCELLED: BulkNote = { kind: 'cancelled' };
export const NO_SUCH_JOB: BulkNote = { kind: 'no-such-job' };
export const NO_SERVICE: BulkNote = { kind: 'no-service' };
export const RUN_ELSEWHERE: BulkNote = { kind: 'run-elsewhere' };
export const NOT_SAVED: BulkNote = { kind: 'not-saved' };
export const WAITING_FOR_RESET: BulkNote = { kind: 'waiting-reset' };
export const WAITING_FOR_WINDOW: BulkNote = { kind: 'waiting-window' };

/** A note in English (the window's words), or null. */
export function english(note: BulkNote | null): string | null {
  return note ? wordsFor('en').w.bulkNote.say(note) : null;
}

/** A row's error in English (the exports' `error` column and older readers). */
export function rowErrorText(e: BulkRowError): string {
  return wordsFor('en').w.bulkNote.rowError(e);
}

export function profileCannotLookUp(profile: string): BulkNote {
  return { kind: 'profile-cannot-look-up', profile };
}

export function pausedNoProfile(profile: string): BulkNote {
  return { kind: 'paused-no-profile', profile };
}

export function pausedStalled(tries: number): BulkNote {
  return { kind: 'paused-stalled', tries };
}

/** The service failed `times` in a row; `last` is its last failure. */
export function pausedNetwork(times: number, last: BulkOutcomeFact): BulkNote {
  return { kind: 'paused-network', times, last };
}

/** The service asks to wait longer than a job waits (until `until`, on the local clock). */
export function pausedLongWait(until: number, now: number): BulkNote {
  return { kind: 'paused-long-wait', until, now };
}

export function finished(counts: { done: number; fromCache: number; failed: number } | null): BulkNote {
  return {
    kind: 'finished',
    counts: counts && { done: counts.done, fromCache: counts.fromCache, failed: counts.failed },
  };
}

const doneCounts = (c: BulkDoneCounts | null): BulkDoneCounts | null =>
  c && { done: c.done, failed: c.failed, total: c.total };

/** Stopped before the month's remaining fell below `floor` (of a month of `limit`): `remaining` left. */
export function stoppedAtFloor(
  counts: BulkDoneCounts | null,
  remaining: number,
  floor: BudgetFloor,
  limit: number | null,
  resetAt: number | null,
  now: number,
): BulkNote {
  return {
    kind: 'stopped-floor',
    counts: doneCounts(counts),
    remaining,
    floor: 'count' in floor ? { count: floor.count } : { percent: floor.percent, limit },
    floorCount: floorCount(floor, limit),
    resetAt,
    now,
  };
}

export function stoppedMonthUsedUp(counts: BulkDoneCounts | null, resetAt: number | null, now: number): BulkNote {
  return { kind: 'stopped-month', counts: doneCounts(counts), resetAt, now };
}

/** An outcome that stops the job (a refused key, a plan that forbids it). */
export function stoppedBy(outcome: BulkOutcomeFact): BulkNote {
  return { kind: 'stopped-outcome', outcome };
}
