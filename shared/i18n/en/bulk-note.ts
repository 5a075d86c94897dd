/**
 * English: what a bulk job says when it stops, pauses, waits or finishes (shared/bulk.ts's BulkNote), and why an
 * address of it failed (BulkRowError) — for the window's line under the progress bar, its results table, and the
 * command's last line on stderr. The job's run (electron/core/bulk/job-run.ts) decides *when*; these say *what*.
 */
import type { Fmt } from '../fmt';
import type { BulkDoneCounts, BulkFollowEnd, BulkNote, BulkRefusal, BulkRowError } from '../../bulk';
import { bulkPreview } from './bulk-preview';
import { profileLabel } from '../../settings';
import { outcome, type Face } from './outcome';

/** How the command line goes on after a job stopped at the floor (the window names no command). */
const CLI_FLOOR_HINT = 'lookup-tray bulk --resume --budget-floor N (requests, or a share such as 1%)';

export const bulkNote = (f: Fmt) => {
  const o = outcome(f);
  const requests = (n: number) => f.count(n, { one: 'request', other: 'requests' });
  const doneOf = (c: BulkDoneCounts | null) => (c ? `${f.num(c.done + c.failed)} of ${f.num(c.total)} done` : '');
  const resets = (resetAt: number | null, now: number) => (resetAt !== null ? ` (resets ${f.utc(resetAt, now)})` : '');
  const floorText = (n: Extract<BulkNote, { kind: 'stopped-floor' }>) => {
    if ('count' in n.floor) return requests(n.floorCount ?? 0);
    return n.floorCount === null
      ? `${n.floor.percent} % of the month limit`
      : `${requests(n.floorCount)} (${n.floor.percent} % of ${f.num(n.floor.limit ?? 0)})`;
  };
  const say = (n: BulkNote, face: Face = 'window'): string => {
    switch (n.kind) {
      case 'paused':
        return 'Paused.';
      case 'cancelled':
        return 'Cancelled; the answers so far are kept.';
      case 'no-such-job':
        return 'No such bulk job.';
      case 'no-service':
        return 'No service configured yet.';
      case 'run-elsewhere':
        return 'Another Lookup Tray process is running this job (the app, the web preview or the command line).';
      case 'not-saved':
        return 'The job could not be saved in state.db; it stopped. Resume it once the data folder is writable.';
      case 'waiting-reset':
        return 'Waiting for the limit to reset.';
      case 'waiting-window':
        return 'Waiting for the next minute window.';
      case 'profile-cannot-look-up':
        return `The profile “${profileLabel(n.profile)}” cannot look up here now (removed, no base URL, or demo mode is on).`;
      case 'paused-no-profile':
        return `Paused: the profile “${profileLabel(n.profile)}” has no service here now (removed, no base URL, or demo mode is on). It goes on when that profile can look up again.`;
      case 'paused-stalled':
        return `Paused: no address got an answer over ${n.tries} tries in a row. Resume to try again.`;
      case 'paused-network':
        return `Paused: the service failed ${n.times} times in a row (${o.message(n.last, face)}) Resume when it is reachable again.`;
      case 'paused-long-wait':
        return `Paused: the service asks to wait until ${f.utc(n.until, n.now)}. Resume then.`;
      case 'finished':
        return n.counts
          ? `Finished: ${f.num(n.counts.done)} answered (${f.num(n.counts.fromCache)} from the cache), ${f.num(n.counts.failed)} failed.`
          : 'Finished.';
      case 'stopped-floor':
        return `Stopped at the budget floor: ${requests(n.remaining)} ${n.remaining === 1 ? 'is' : 'are'} left this month and ${floorText(n)} ${
          n.floorCount === 1 ? 'is' : 'are'
        } kept for single lookups. ${doneOf(n.counts)}; the rest wait — resume with a lower floor${
          face === 'cli' ? `: ${CLI_FLOOR_HINT}` : ''
        }, or after the month resets${resets(n.resetAt, n.now)}.`;
      case 'stopped-month':
        return `Stopped: the month's quota is used up${resets(n.resetAt, n.now)}. ${doneOf(n.counts)}; the rest wait — resume after the reset.`;
      case 'stopped-outcome':
        return `Stopped: ${o.message(n.outcome, face)}`;
      case 'text':
        return n.text;
    }
  };
  const rowError = (e: BulkRowError, face: Face = 'window'): string => {
    switch (e.kind) {
      case 'outcome':
        return o.message(e.outcome, face);
      case 'body-not-kept':
        return 'The service answered but the body could not be kept as JSON.';
      case 'answer-too-large':
        return 'The answer was too large to keep (over 1 MiB).';
      case 'text':
        return e.text;
    }
  };
  /** Why the core would not read, start or follow a job. */
  const refusal = (r: BulkRefusal): string => {
    switch (r.kind) {
      case 'range-limit':
        return bulkPreview(f).rangeLimit(r.total, r.max);
      case 'no-addresses':
        return 'No IP addresses were found in that text.';
      case 'only-reserved':
        return 'Only private, loopback or reserved addresses were found: include them to look them up.';
      case 'no-key':
        return 'No API key yet. Add your key in Settings, or try the demo.';
      case 'no-such-job':
        return say({ kind: 'no-such-job' });
      case 'no-dialog':
        return 'Following a file needs the app’s file dialog.';
      case 'followed-already':
        return `${r.name} is followed already.`;
      case 'read-cancelled':
        return 'The file was not read: Cancel stopped it.';
      case 'not-opened':
        return 'That file was not opened here: open it again.';
      case 'cannot-read':
        return `Cannot read ${r.name} (${r.code}).`;
    }
  };
  /** Why a followed file stopped being followed by itself. */
  const followEnd = (e: BulkFollowEnd): string => {
    switch (e.kind) {
      case 'read':
        return `Cannot read ${e.name} (${e.code}): stopped following.`;
      case 'storage':
        return `The data folder's state.db could not be written (${e.code}): stopped following.`;
      case 'job':
        return e.note ? say(e.note) : 'The job stopped: stopped following.';
      case 'text':
        return e.text;
    }
  };
  /**
   * The names of the jobs nobody named, made once when the job is made (the face that makes it, in its language):
   * from then on the name is the job's, shown as it is (data), like a file's name.
   */
  const jobName = {
    /** A pasted list: "3 addresses". */
    pasted: (n: number) => f.count(n, { one: 'address', other: 'addresses' }),
    /** A followed log: "Following access.log". */
    following: (file: string) => `Following ${file}`,
  };
  return { say, rowError, refusal, followEnd, jobName };
};
