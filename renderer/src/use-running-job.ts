import { useEffect, useState } from 'react';
import type { BulkJobInfo, BulkProgress } from '../../shared/ipc';
import { useApi } from './api-context';

/** A bulk job running now (any profile's), as the Lookup view offers it: its id, label and counts. */
export type RunningJob = Pick<BulkProgress, 'jobId' | 'label' | 'profile' | 'done' | 'failed' | 'total'>;

function fromInfo(j: BulkJobInfo): RunningJob {
  return { jobId: j.id, label: j.label, profile: j.profile, done: j.done, failed: j.failed, total: j.total };
}

/**
 * The bulk job running now, if any: read once when the window (re)loads — a job outlives a reload — and then
 * followed through `bulk-progress`.
 */
export function useRunningJob(): RunningJob | null {
  const api = useApi();
  const [job, setJob] = useState<RunningJob | null>(null);
  useEffect(() => {
    let gone = false;
    api
      .bulkList()
      .then((jobs) => {
        const running = jobs.find((j) => j.state === 'running');
        if (!gone && running) setJob((cur) => cur ?? fromInfo(running));
      })
      .catch(() => {}); // nothing to offer; the next progress event tells
    const off = api.onBulkProgress((p) => {
      if (p.state === 'running') setJob(p);
      else setJob((cur) => (cur && cur.jobId === p.jobId ? null : cur));
    });
    return () => {
      gone = true;
      off();
    };
  }, [api]);
  return job;
}
