import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkExportFormat, BulkJobInfo, BulkPrepared, BulkProgress, ProfileInfo } from '../../../shared/ipc';
import type { QuotaState } from '../../../shared/quota';
import { profileLabel } from '../../../shared/settings';
import { startPlan, stoppedWords, type MonthNow } from '../bulk-words';
import { deliver } from '../deliver';
import { formatCount, formatCountdown, formatCountOf, sameNumbers } from '../format';
import { BulkTable } from './bulk-table';
import { useApi } from '../api-context';
import { ViewHead } from './view-head';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** A job's figures: from its live progress when there is one, else as listed. */
type Figures = Pick<BulkProgress, 'state' | 'message' | 'total' | 'done' | 'fromCache' | 'failed' | 'left' | 'sent'> &
  Partial<Pick<BulkProgress, 'ratePerMinute' | 'minuteLimit' | 'etaMs' | 'rateLimited'>>;

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
}) {
  const api = useApi();
  const [text, setText] = useState('');
  const [includeReserved, setIncludeReserved] = useState(false);
  const [expandRanges, setExpandRanges] = useState(false);
  const [floor, setFloor] = useState(5);
  const [prepared, setPrepared] = useState<BulkPrepared | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [jobs, setJobs] = useState<BulkJobInfo[]>([]);
  const [progress, setProgress] = useState<Map<string, BulkProgress>>(new Map());
  const [selected, setSelected] = useState<string | null>(initialJob ?? null);
  const [version, setVersion] = useState(0);
  const [exported, setExported] = useState<{ message: string; failed: boolean } | null>(null);
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

  const input = () => ({ text, includeReserved, expandRanges, floor: { percent: floor } });

  const check = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      setPrepared(await api.bulkPreview(input()));
    } catch {
      setError('The list could not be read. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const start = async (): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.bulkStart(input());
      if (r.kind === 'refused') setError(r.message);
      else {
        setPrepared(null);
        setText('');
        setSelected(r.job.id);
        await refreshJobs();
      }
    } catch {
      setError('The job could not be started. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const readFile = async (file: File | undefined): Promise<void> => {
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setError(`${file.name} is larger than 20 MB: split it, or paste a part of it.`);
      return;
    }
    setText(await file.text());
    setPrepared(null);
    setError(null);
  };

  const job = jobs.find((j) => j.id === selected) ?? jobs[0] ?? null;
  const live = job ? progress.get(job.id) : undefined;
  const f: Figures | null = job ? (live ?? job) : null;
  const finishedShare = f && f.total > 0 ? (f.done + f.failed) / f.total : 0;
  const act = (call: (req: { id: string }) => Promise<BulkJobInfo | null>) => async () => {
    if (!job) return;
    try {
      await call({ id: job.id });
    } finally {
      await refreshJobs();
    }
  };
  const exportAs = async (format: BulkExportFormat): Promise<void> => {
    if (!job) return;
    try {
      const r = await api.bulkExport({ id: job.id, format });
      setExported({ message: deliver(r), failed: !r.saved });
    } catch {
      setExported({ message: 'The export failed. Try again.', failed: true });
    }
  };
  const cost = prepared?.preview;
  const plan = cost ? startPlan(cost) : null;
  /** The month of a job's profile as the window knows it now. */
  const monthOf = (name: string): MonthNow | null => {
    if (quota && (name === profile || name === quota.profile)) return quota.month;
    return profiles.find((p) => p.name === name)?.month ?? null;
  };
  const reason = job ? (live ?? job).reason : null;
  const stopped =
    job && f?.state === 'stopped'
      ? stoppedWords(reason, job.floor, f, monthOf(job.profile), quota?.asOf ?? Date.now())
      : null;
  const message = stopped?.text ?? f?.message ?? null;
  const messageIsProblem = f?.state === 'stopped' && (stopped?.waits ?? true);
  // "Only 0 can be sent before the budget floor" says less than the reason Start is off: not both.
  const costLines =
    cost?.lines.filter((l) => !(plan?.kind === 'blocked' || plan?.kind === 'cache-only') || !/^Only 0 /.test(l)) ?? [];
  // Every profile's jobs are listed; a job is named with its profile when it is not the one in use.
  const owner = (j: BulkJobInfo) => (j.profile !== profile ? ` · profile ${profileLabel(j.profile)}` : '');

  return (
    <main className="bulk">
      <ViewHead title="Bulk lookups" onBack={onBack} />

      <section className="group" aria-label="New bulk job">
        <label htmlFor="bulk-text">Addresses — paste a list, CSV or log, or open a file</label>
        <textarea
          id="bulk-text"
          rows={5}
          spellCheck={false}
          value={text}
          placeholder={'8.8.8.8\n2001:4860:4860::8888, 1.1.1.1\n… any text: addresses are picked out'}
          onChange={(e) => {
            setText(e.target.value);
            setPrepared(null);
          }}
          onDragOver={(e) => e.preventDefault()}
          onDrop={(e) => {
            e.preventDefault();
            void readFile(e.dataTransfer.files[0]);
          }}
        />
        <div className="bulk-options">
          <label className="file-button secondary">
            Open file…
            <input
              type="file"
              accept=".txt,.csv,.log,.tsv,text/plain,text/csv"
              onChange={(e) => void readFile(e.target.files?.[0])}
            />
          </label>
          <label>
            <input type="checkbox" checked={includeReserved} onChange={(e) => setIncludeReserved(e.target.checked)} />{' '}
            Include private and reserved addresses
          </label>
          <label>
            <input type="checkbox" checked={expandRanges} onChange={(e) => setExpandRanges(e.target.checked)} /> Expand
            ranges (CIDR, a-b)
          </label>
          <label>
            Keep{' '}
            <input
              type="number"
              className="narrow"
              min={0}
              max={90}
              value={floor}
              aria-label="Budget floor, percent of the month limit"
              onChange={(e) => setFloor(Math.max(0, Math.min(90, Math.round(Number(e.target.value) || 0))))}
            />{' '}
            % of the month for single lookups
          </label>
        </div>
        <div className="buttons">
          <button type="button" disabled={busy || text.trim() === ''} onClick={() => void check()}>
            {busy && !prepared ? 'Reading…' : 'Check cost'}
          </button>
        </div>
        {error && (
          <p className="field-error" role="alert">
            {sameNumbers(error)}
          </p>
        )}
        {prepared && (
          <div className="bulk-preview" role="region" aria-label="Cost before sending">
            <p>
              <strong>{formatCountOf(prepared.unique, 'unique address', 'unique addresses')}</strong>
              {prepared.duplicates > 0 && ` (${formatCountOf(prepared.duplicates, 'duplicate')} merged)`}.
            </p>
            {prepared.invalidCount > 0 && (
              <details>
                <summary>
                  {prepared.invalidCount === 1
                    ? '1 entry is not an address (left out)'
                    : `${formatCountOf(prepared.invalidCount, 'entry', 'entries')} are not addresses (left out)`}
                </summary>
                <ul>
                  {prepared.invalid.slice(0, 20).map((i) => (
                    <li key={`${i.line}:${i.text}`}>
                      line {i.line}: {i.message}
                    </li>
                  ))}
                </ul>
              </details>
            )}
            {prepared.excludedCount > 0 && (
              <p className="hint">
                {formatCountOf(
                  prepared.excludedCount,
                  'private, loopback or reserved address',
                  'private, loopback or reserved addresses',
                )}{' '}
                left out (the service knows little about them).
              </p>
            )}
            {prepared.rangeMessage && <p className="hint">{sameNumbers(prepared.rangeMessage)}</p>}
            {cost ? (
              costLines.map((l) => <p key={l}>{sameNumbers(l)}</p>)
            ) : (
              <p className="hint">Add an API key to see the cost and start.</p>
            )}
            {cost && plan && prepared.unique > 0 && (
              <>
                {(plan.kind === 'blocked' || plan.kind === 'cache-only') && (
                  <p className="field-error" id="bulk-start-why">
                    {plan.why}
                  </p>
                )}
                <div className="buttons">
                  <button
                    type="button"
                    disabled={busy || plan.kind === 'blocked'}
                    aria-describedby={
                      plan.kind === 'blocked' || plan.kind === 'cache-only' ? 'bulk-start-why' : undefined
                    }
                    onClick={() => void start()}
                  >
                    {plan.kind === 'free'
                      ? 'Start (all from the cache: free)'
                      : plan.kind === 'send'
                        ? `Start (uses up to ${formatCountOf(plan.requests, 'request')})`
                        : plan.kind === 'cache-only'
                          ? `Start (${formatCountOf(plan.answers, 'answer')} from the cache, free; sends nothing)`
                          : 'Start'}
                  </button>
                </div>
              </>
            )}
          </div>
        )}
      </section>

      {job && f && (
        <section className="group bulk-job" aria-label="Bulk job">
          <h2>
            {job.label} · {stateWords(f)}
            {job.profile !== profile && <span className="job-profile">{owner(job)}</span>}
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
          {f.state === 'running' && (
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
          )}
          {message && (
            <p className={messageIsProblem ? 'field-error' : 'hint'} role="status">
              {sameNumbers(message)}
            </p>
          )}
          <div className="buttons">
            {f.state === 'running' && (
              <button type="button" className="secondary" onClick={() => void act(api.bulkPause)()}>
                Pause
              </button>
            )}
            {(f.state === 'paused' || f.state === 'stopped' || f.state === 'ready') && (
              <button type="button" className="secondary" onClick={() => void act(api.bulkResume)()}>
                Resume
              </button>
            )}
            {f.state !== 'finished' && f.state !== 'cancelled' && (
              <button type="button" className="secondary danger" onClick={() => void act(api.bulkCancel)()}>
                Cancel job
              </button>
            )}
          </div>
          <div className="buttons bulk-export">
            <span className="hint">Export:</span>
            {(['csv', 'json', 'ndjson'] as const).map((fmt) => (
              <button key={fmt} type="button" className="secondary small" onClick={() => void exportAs(fmt)}>
                {fmt.toUpperCase()}
              </button>
            ))}
          </div>
          {exported && (
            <p className={exported.failed ? 'field-error' : 'hint'} role="status">
              {exported.message}
            </p>
          )}
          <BulkTable api={api} jobId={job.id} total={f.total} version={version} />
          {jobs.length > 1 && (
            <label className="bulk-pick">
              Job{' '}
              <select value={job.id} onChange={(e) => setSelected(e.target.value)}>
                {jobs.map((j) => (
                  <option key={j.id} value={j.id}>
                    {j.label} ({j.state}){owner(j)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </section>
      )}
    </main>
  );
}
