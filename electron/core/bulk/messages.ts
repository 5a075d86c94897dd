import { formatCount, formatCountOf, formatUtc } from '../../../shared/format';
import { profileLabel } from '../../../shared/settings';

/**
 * What a bulk job says when it stops, pauses, waits or finishes (its row's `message`, the window's line under the
 * progress bar, the command's last line on stderr), in one place. English; pure. The job's run (job-run.ts) and
 * BulkJobs decide *when*; these say *what*.
 */

export const PAUSED = 'Paused.';
export const CANCELLED = 'Cancelled; the answers so far are kept.';
export const NO_SUCH_JOB = 'No such bulk job.';
export const NO_SERVICE = 'No service configured yet.';
export const RUN_ELSEWHERE =
  'Another Lookup Tray process is running this job (the app, the web preview or the command line).';
export const NOT_SAVED =
  'The job could not be saved in state.db; it stopped. Resume it once the data folder is writable.';
export const WAITING_FOR_RESET = 'Waiting for the limit to reset.';
export const WAITING_FOR_WINDOW = 'Waiting for the next minute window.';

/** Before a run starts: the job's profile has no service in this process. */
export function profileCannotLookUp(profile: string): string {
  return `The profile “${profileLabel(profile)}” cannot look up here now (removed, no base URL, or demo mode is on).`;
}

/** While it runs: the job's profile lost its service (it goes on when it has one again). */
export function pausedNoProfile(profile: string): string {
  return `Paused: the profile “${profileLabel(profile)}” has no service here now (removed, no base URL, or demo mode is on). It goes on when that profile can look up again.`;
}

export function pausedStalled(tries: number): string {
  return `Paused: no address got an answer over ${tries} tries in a row. Resume to try again.`;
}

/** The service failed `times` in a row; `last` is its last failure's sentence. */
export function pausedNetwork(times: number, last: string): string {
  return `Paused: the service failed ${times} times in a row (${last}) Resume when it is reachable again.`;
}

/** The service asks to wait longer than a job waits (until `until`, on the local clock). */
export function pausedLongWait(until: number, now: number): string {
  return `Paused: the service asks to wait until ${formatUtc(until, 'en-US', now)}. Resume then.`;
}

export function finished(counts: { done: number; fromCache: number; failed: number } | null): string {
  if (!counts) return 'Finished.';
  const n = (x: number) => formatCount(x, 'en-US');
  return `Finished: ${n(counts.done)} answered (${n(counts.fromCache)} from the cache), ${n(counts.failed)} failed.`;
}

/** Where a job stood when it stopped: "120 of 300 done" ('' when unknown). */
function doneOf(counts: { done: number; failed: number; total: number } | null): string {
  return counts
    ? `${formatCount(counts.done + counts.failed, 'en-US')} of ${formatCount(counts.total, 'en-US')} done`
    : '';
}

/** ` (resets Dec 1, 00:00 UTC)`; `now` decides whether the year is said. */
const resets = (resetAt: number | null, now: number) =>
  resetAt !== null ? ` (resets ${formatUtc(resetAt, 'en-US', now)})` : '';

/**
 * Stopped before the month's remaining fell below the floor: `remaining` left, `floorText` (describeFloor) and
 * `floorCount` kept for single lookups.
 */
export function stoppedAtFloor(
  counts: { done: number; failed: number; total: number } | null,
  remaining: number,
  floorText: string,
  floorCount: number | null,
  resetAt: number | null,
  now: number,
): string {
  return `Stopped at the budget floor: ${formatCountOf(remaining, 'request', 'requests', 'en-US')} ${remaining === 1 ? 'is' : 'are'} left this month and ${floorText} ${floorCount === 1 ? 'is' : 'are'} kept for single lookups. ${doneOf(counts)}; the rest wait — resume with a lower floor, or after the month resets${resets(resetAt, now)}.`;
}

export function stoppedMonthUsedUp(
  counts: { done: number; failed: number; total: number } | null,
  resetAt: number | null,
  now: number,
): string {
  return `Stopped: the month's quota is used up${resets(resetAt, now)}. ${doneOf(counts)}; the rest wait — resume after the reset.`;
}
