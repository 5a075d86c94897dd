import { useCallback, useEffect, useRef, useState } from 'react';
import type { ExportFormat } from '../../shared/file-formats';
import type { BulkJobInfo, BulkPrepared, BulkProgress } from '../../shared/ipc';
import { useApi } from './api-context';
import { deliver } from './deliver';
import { useWords } from './words-context';

/** What the Bulk view sends to check a list's cost or to start a job on it. */
export interface BulkRequest {
  text: string;
  includeReserved: boolean;
  expandRanges: boolean;
  /** Percent of the month limit kept for single lookups. */
  floor: number;
  /** The opened file's name, the job's label (a pasted list is named by its count: "N addresses"). */
  label?: string;
}

/** A job's figures: from its live progress when there is one, else as listed. */
export type Figures = Pick<
  BulkProgress,
  'state' | 'note' | 'message' | 'total' | 'done' | 'fromCache' | 'failed' | 'left' | 'sent'
> &
  Partial<Pick<BulkProgress, 'ratePerMinute' | 'minuteLimit' | 'etaMs' | 'rateLimited'>>;

/** What the job controls do: pause, resume or cancel the job shown. */
export type JobControl = 'bulkPause' | 'bulkResume' | 'bulkCancel';

/**
 * Every profile's bulk jobs, followed through `bulk-progress`, and which one is shown. `version` changes (at most
 * once a second while a job runs, and on every change of state) when the shown job's rows may have changed.
 */
function useJobList(initialJob: string | null) {
  const api = useApi();
  const [jobs, setJobs] = useState<BulkJobInfo[]>([]);
  const [progress, setProgress] = useState<Map<string, BulkProgress>>(new Map());
  const [selected, setSelected] = useState<string | null>(initialJob);
  const [version, setVersion] = useState(0);
  const lastRefresh = useRef(0);

  const refreshJobs = useCallback(async () => {
    try {
      setJobs(await api.bulkList());
    } catch {
      // the list stays as it was; the next progress event asks again
    }
  }, [api]);

  useEffect(() => {
    void refreshJobs();
    let trailing: ReturnType<typeof setTimeout> | null = null;
    const bump = () => {
      lastRefresh.current = Date.now();
      setVersion((v) => v + 1);
    };
    const off = api.onBulkProgress((p) => {
      setProgress((m) => new Map(m).set(p.jobId, p));
      // The table follows at most once a second (a fast job answers many times a second), and always catches up
      // with the last answer of a burst.
      const wait = 1000 - (Date.now() - lastRefresh.current);
      if (p.state !== 'running' || wait <= 0) {
        if (trailing !== null) clearTimeout(trailing);
        trailing = null;
        bump();
        if (p.state !== 'running') void refreshJobs();
      } else
        trailing ??= setTimeout(() => {
          trailing = null;
          bump();
        }, wait);
    });
    return () => {
      off();
      if (trailing !== null) clearTimeout(trailing);
    };
  }, [api, refreshJobs]);

  const job = jobs.find((j) => j.id === selected) ?? jobs[0] ?? null;
  const live = job ? progress.get(job.id) : undefined;
  return { jobs, job, live, version, select: setSelected, refreshJobs };
}

/**
 * The Bulk view's state and its calls to the core: the cost of a list before anything is sent, starting a job,
 * the jobs with their live progress, the shown job's controls and its exports.
 */
export function useBulkJob(initialJob: string | null) {
  const w = useWords().w.uiBulk;
  const { refusal, jobName } = useWords().w.bulkNote;
  const saidSaved = useWords().w.uiSaved;
  const api = useApi();
  const list = useJobList(initialJob);
  const { job, refreshJobs, select } = list;
  const [prepared, setPrepared] = useState<BulkPrepared | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = (input: BulkRequest) => ({
    text: input.text,
    includeReserved: input.includeReserved,
    expandRanges: input.expandRanges,
    floor: { percent: input.floor },
  });

  const check = async (input: BulkRequest): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setPrepared(await api.bulkPreview(send(input)));
    } catch {
      setError(w.cannotCheck);
    } finally {
      setBusy(false);
    }
  };

  /** Starts a job on the list; `onStarted` (the list is done with) once the core took it. */
  const start = async (input: BulkRequest, onStarted: () => void): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      // A pasted list's name, in the window's language, by the count its cost showed (the core counts the same text).
      const label = input.label ?? (prepared ? jobName.pasted(prepared.unique) : undefined);
      const r = await api.bulkStart({ ...send(input), ...(label ? { label } : {}) });
      if (r.kind === 'refused') setError(refusal(r.refusal));
      else {
        setPrepared(null);
        onStarted();
        select(r.job.id);
        await refreshJobs();
      }
    } catch {
      setError(w.cannotStart);
    } finally {
      setBusy(false);
    }
  };

  /** The list changed (typed, dropped or opened): its cost is to be checked again. */
  const discardCost = (): void => setPrepared(null);

  const control = async (what: JobControl): Promise<void> => {
    if (!job) return;
    try {
      await api[what]({ id: job.id });
    } finally {
      await refreshJobs();
    }
  };

  /** Exports the shown job; resolves to the sentence to show ("Saved to …"). */
  const exportAs = async (format: ExportFormat, bom = false): Promise<{ message: string; failed: boolean } | null> => {
    if (!job) return null;
    try {
      const r = await api.bulkExport({ id: job.id, format, ...(bom ? { bom } : {}) });
      return { message: deliver(r, saidSaved), failed: !r.saved };
    } catch {
      return { message: w.exportFailed, failed: true };
    }
  };

  return { ...list, prepared, busy, error, check, start, discardCost, showError: setError, control, exportAs };
}
