import { useEffect, type ReactNode } from 'react';
import type { BulkJobInfo, ProfileInfo } from '../../../shared/ipc';
import type { QuotaState } from '../../../shared/quota';
import { profileLabel } from '../../../shared/settings';
import { stoppedWords, type MonthNow } from '../bulk-words';
import { sameNumbers } from '../format';
import { useWords } from '../words-context';
import type { UiBulkWords } from '../../../shared/i18n/words';
import type { Figures, JobControl } from '../use-bulk-job';
import { REPORT_MAP } from '../report-map-loader';

/** Every profile's jobs are listed; a job is named with its profile when it is not the one in use. */
export function jobOwner(j: BulkJobInfo, profile: string, w: UiBulkWords): string {
  return j.profile !== profile ? `${w.ofProfile}${profileLabel(j.profile)}` : '';
}

/** The month of a job's profile as the window knows it now: the live quota for the one in use. */
function monthOf(
  name: string,
  profile: string,
  quota: QuotaState | undefined,
  profiles: ProfileInfo[],
): MonthNow | null {
  if (quota && (name === profile || name === quota.profile)) return quota.month;
  return profiles.find((p) => p.name === name)?.month ?? null;
}

/** The shown job's heading, progress, pace, message and controls (pause / resume / cancel). */
export function BulkJobStatus({
  job,
  figures: f,
  profile,
  quota,
  profiles,
  onControl,
  onReport,
  following = false,
  followLine,
  followButton,
}: {
  job: BulkJobInfo;
  figures: Figures & Pick<BulkJobInfo, 'reason'>;
  profile: string;
  quota: QuotaState | undefined;
  profiles: ProfileInfo[];
  onControl: (what: JobControl) => void;
  /** Opens the job's report (countries, networks, flags, a map), made from the answers it holds. */
  onReport?: () => void;
  /** Followed now (Bulk → Follow a file…): its state is the follow's, its control Stop (bulk-follow.tsx). */
  following?: boolean;
  /** A followed job's line (state, addresses, last read) and its Stop / Follow again. */
  followLine?: ReactNode;
  followButton?: ReactNode;
}) {
  const { w: words } = useWords();
  const w = words.uiBulk;
  const canReport = !!onReport && f.done > 0;
  // The report's map loads while the user reads this, so the first Report opens as fast as the next ones.
  useEffect(() => (canReport ? REPORT_MAP.prefetch() : undefined), [canReport]);
  const finishedShare = f.total > 0 ? (f.done + f.failed) / f.total : 0;
  const stopped =
    f.state === 'stopped'
      ? stoppedWords(
          f.reason,
          job.floor,
          f,
          monthOf(job.profile, profile, quota, profiles),
          quota?.asOf ?? Date.now(),
          w,
        )
      : null;
  // A followed job finishes each batch: its "Finished: …" is not news while the file is followed.
  // The job's note (a fact) in the window's words; an older build's job only has its English sentence.
  const said = f.note ? words.bulkNote.say(f.note) : (f.message ?? null);
  const message = following && f.state === 'finished' ? null : (stopped?.text ?? said);
  // An older build's sentence (no fact, or a fact of kind 'text') is data kept as it was written, not the catalog's.
  const english = !stopped && (f.note ? f.note.kind === 'text' : !!f.message);
  const messageIsProblem = f.state === 'stopped' && (stopped?.waits ?? true);
  return (
    <>
      <h2>
        <span translate="no">{job.label}</span>
        {!following && ` · ${w.state[f.state]}`}
        {job.profile !== profile && (
          <span className="job-profile">
            {w.ofProfile}
            <span translate="no">{profileLabel(job.profile)}</span>
          </span>
        )}
      </h2>
      <div
        className="bulk-progress"
        role="progressbar"
        aria-label={w.progress}
        aria-valuemin={0}
        aria-valuemax={f.total}
        aria-valuenow={f.done + f.failed}
      >
        <span style={{ width: `${Math.round(finishedShare * 100)}%` }} />
      </div>
      <p className="bulk-counts">{w.counts(f.done, f.left, f.fromCache, f.failed)}</p>
      {followLine}
      {f.state === 'running' && <Pace figures={f} />}
      {message && (
        <p className={messageIsProblem ? 'field-error' : 'hint'} role="status" translate={english ? 'no' : undefined}>
          {english ? sameNumbers(message) : message}
        </p>
      )}
      <div className="buttons">
        {followButton}
        {f.state === 'running' && !following && (
          <button type="button" className="secondary" onClick={() => onControl('bulkPause')}>
            {w.pause}
          </button>
        )}
        {(f.state === 'paused' || f.state === 'stopped' || f.state === 'ready') && !following && (
          <button type="button" className="secondary" onClick={() => onControl('bulkResume')}>
            {w.resume}
          </button>
        )}
        {f.state !== 'finished' && f.state !== 'cancelled' && !following && (
          <button type="button" className="secondary danger" onClick={() => onControl('bulkCancel')}>
            {w.cancelJob}
          </button>
        )}
        {canReport && (
          <button type="button" className="secondary" onClick={onReport}>
            {w.report}
          </button>
        )}
      </div>
    </>
  );
}

/** A running job's pace: requests a minute (of the limit), time left, limits waited out. */
function Pace({ figures: f }: { figures: Figures }) {
  const w = useWords().w.uiBulk;
  return (
    <p className="hint">
      {w.pace(f.ratePerMinute ?? 0, f.minuteLimit ?? null)}
      {f.etaMs !== null && f.etaMs !== undefined && f.left > 0 && (
        <>
          {w.paceEta.before}
          <span className="nowrap">{w.countdown(f.etaMs)}</span>
          {w.paceEta.after}
        </>
      )}
      {(f.rateLimited ?? 0) > 0 && w.rateLimited(f.rateLimited ?? 0)}
    </p>
  );
}
