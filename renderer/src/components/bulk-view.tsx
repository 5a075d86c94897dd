import { useCallback } from 'react';
import type { BulkJobInfo, ProfileInfo } from '../../../shared/ipc';
import type { QuotaState } from '../../../shared/quota';
import { useBulkFollow } from '../use-bulk-follow';
import { useBulkJob } from '../use-bulk-job';
import { BulkAnnouncer } from './bulk-announcer';
import { BulkFollowButton, BulkFollowLine, BulkFollowStart } from './bulk-follow';
import { BulkInput } from './bulk-input';
import { BulkJobStatus } from './bulk-job';
import { BulkResults } from './bulk-results';
import { ViewHead } from './view-head';
import { useWords } from '../words-context';

/**
 * Bulk lookups: paste or open a list, see what it costs before anything is sent, then a paced run with its
 * progress, pause / resume / cancel, a virtualised results table and the exports. The engine is the core's
 * (electron/core/bulk), shared with the tray and the CLI.
 */
export function BulkView({
  onBack,
  profile,
  quota,
  profiles = [],
  initialJob,
  onReport,
}: {
  onBack: () => void;
  /** The profile in use: jobs of other profiles are marked with theirs (each runs on its own profile's service). */
  profile: string;
  /** The live quota of the profile in use: a stopped job's sentence follows its month (e.g. after the reset). */
  quota?: QuotaState;
  /** Every profile's month line as last known, for jobs of the profiles not in use. */
  profiles?: ProfileInfo[];
  /** The job to show first (the Lookup view's "Show" on a running job). */
  initialJob?: string | null;
  /** Opens the Report view of a job. */
  onReport?: (jobId: string) => void;
}) {
  const { w } = useWords();
  const bulk = useBulkJob(initialJob ?? null);
  const { job } = bulk;
  const figures = job ? (bulk.live ?? job) : null;
  const { select, refreshJobs } = bulk;
  const follow = useBulkFollow(
    useCallback(
      (j: BulkJobInfo) => {
        select(j.id);
        void refreshJobs();
      },
      [select, refreshJobs],
    ),
  );
  const followed = job ? follow.follows.get(job.id) : undefined;

  return (
    <main className="bulk">
      <ViewHead title={w.uiNav.bulkTitle} onBack={onBack} />
      <BulkInput
        busy={bulk.busy}
        prepared={bulk.prepared}
        error={bulk.error}
        onCheck={bulk.check}
        onStart={bulk.start}
        onDiscardCost={bulk.discardCost}
        onError={bulk.showError}
        onFileJobStarted={(id) => {
          bulk.select(id);
          void bulk.refreshJobs();
        }}
      />
      <BulkFollowStart busy={follow.busy} error={follow.error} onFollow={() => void follow.follow()} />
      {job && figures && (
        <section className="group bulk-job" aria-label={w.uiBulk.jobRegion}>
          <BulkJobStatus
            job={job}
            figures={figures}
            profile={profile}
            quota={quota}
            profiles={profiles}
            onControl={(what) => void bulk.control(what)}
            onReport={onReport ? () => onReport(job.id) : undefined}
            following={followed?.following}
            followLine={followed && <BulkFollowLine follow={followed} />}
            followButton={
              followed && (
                <BulkFollowButton
                  follow={followed}
                  busy={follow.busy}
                  onStop={() => void follow.stop(job.id)}
                  onAgain={() => void follow.again(job.id)}
                />
              )
            }
          />
          <BulkResults
            job={job}
            total={figures.total}
            version={bulk.version}
            jobs={bulk.jobs}
            profile={profile}
            onExport={bulk.exportAs}
            onSelect={bulk.select}
          />
          <BulkAnnouncer
            id={job.id}
            state={figures.state}
            finished={figures.done + figures.failed}
            total={figures.total}
          />
        </section>
      )}
    </main>
  );
}
