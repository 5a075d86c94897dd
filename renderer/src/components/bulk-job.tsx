import { useEffect, type ReactNode } from 'react';
import type { BulkJobInfo, ProfileInfo } from '../../../shared/ipc';
import type { QuotaState } from '../../../shared/quota';
import { profileLabel } from '../../../shared/settings';
import { stoppedWords, type MonthNow } from '../bulk-words';
import { formatCount, formatCountdown, formatCountOf, sameNumbers } from '../format';
import type { Figures, JobControl } from '../use-bulk-job';
import { REPORT_MAP } from '../report-map-loader';

function stateWords(f: Figures): string {
  switch (f.state) {
    case 'running':
      return 'Running';
    case 'ready':
      return 'Ready';
    case 'paused':
      return 'Paused';
    case 'stopped':
      return 'Stopped';
    case 'finished':
      return 'Finished';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** Every profile's jobs are listed; a job is named with its profile when it is not the one in use. */
export function jobOwner(j: BulkJobInfo, profile: string): string {
  return j.profile !== profile ? ` · profile ${profileLabel(j.profile)}` : '';
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
  const canReport = !!onReport && f.done > 0;
  // The report's map loads while the user reads this, so the first Report opens as fast as the next ones.
  useEffect(() => (canReport ? REPORT_MAP.prefetch() : undefined), [canReport]);
  const finishedShare = f.total > 0 ? (f.done + f.failed) / f.total : 0;
  const stopped =
    f.state === 'stopped'
      ? stoppedWords(f.reason, job.floor, f, monthOf(job.profile, profile, quota, profiles), quota?.asOf ?? Date.now())
      : null;
  // A followed job finishes each batch: its "Finished: …" is not news while the file is followed.
  const message = following && f.state === 'finished' ? null : (stopped?.text ?? f.message ?? null);
  const messageIsProblem = f.state === 'stopped' && (stopped?.waits ?? true);
  return (
    <>
      <h2>
        {following ? job.label : `${job.label} · ${stateWords(f)}`}
        {job.profile !== profile && <span className="job-profile">{jobOwner(job, profile)}</span>}
      </h2>
      <div
        className="bulk-progress"
        role="progressbar"
        aria-label="Bulk progress"
        aria-valuemin={0}
        aria-valuemax={f.total}
        aria-valuenow={f.done + f.failed}
      >
        <span style={{ width: `${Math.round(finishedShare * 100)}%` }} />
      </div>
      <p className="bulk-counts">
        {formatCount(f.done)} done · {formatCount(f.left)} left · {formatCount(f.fromCache)} from cache ·{' '}
        {formatCount(f.failed)} failed
      </p>
      {followLine}
      {f.state === 'running' && <Pace figures={f} />}
      {message && (
        <p className={messageIsProblem ? 'field-error' : 'hint'} role="status">
          {sameNumbers(message)}
        </p>
      )}
      <div className="buttons">
        {followButton}
        {f.state === 'running' && !following && (
          <button type="button" className="secondary" onClick={() => onControl('bulkPause')}>
            Pause
          </button>
        )}
        {(f.state === 'paused' || f.state === 'stopped' || f.state === 'ready') && !following && (
          <button type="button" className="secondary" onClick={() => onControl('bulkResume')}>
            Resume
          </button>
        )}
        {f.state !== 'finished' && f.state !== 'cancelled' && !following && (
          <button type="button" className="secondary danger" onClick={() => onControl('bulkCancel')}>
            Cancel job
          </button>
        )}
        {canReport && (
          <button type="button" className="secondary" onClick={onReport}>
            Report
          </button>
        )}
      </div>
    </>
  );
}

/** A running job's pace: requests a minute (of the limit), time left, limits waited out. */
function Pace({ figures: f }: { figures: Figures }) {
  return (
    <p className="hint">
      {f.minuteLimit
        ? `${formatCount(f.ratePerMinute ?? 0)} of ${formatCount(f.minuteLimit)} a minute`
        : `${formatCount(f.ratePerMinute ?? 0)} a minute`}
      {f.etaMs !== null && f.etaMs !== undefined && f.left > 0 && (
        <>
          {' · about '}
          <span className="nowrap">{formatCountdown(f.etaMs)}</span> left
        </>
      )}
      {(f.rateLimited ?? 0) > 0 && ` · ${formatCountOf(f.rateLimited ?? 0, 'unexpected limit')} waited out`}
    </p>
  );
}
