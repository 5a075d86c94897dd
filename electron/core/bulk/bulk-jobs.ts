import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { Emitter } from '../lib/emitter';
import type { Clock, Logger } from '../lib/ports';
import { silentLogger } from '../lib/ports';
import type { SqlConn } from '../storage/state-db-cache';
import { BulkTables, type BulkItemRow, type BulkItemStatus, type BulkJobRow } from '../storage/state-db-bulk';
import { DEFAULT_BUDGET_FLOOR, previewJob, type BudgetFloor, type CostPreview } from './cost';
import type { BulkAddress } from './extract';
import { writeExport, type ExportOptions } from './export';
import { JobRun, DEFAULT_LEASE_TTL_MS, type JobRunOptions } from './job-run';
import { CANCELLED, NO_SERVICE, NO_SUCH_JOB, english, profileCannotLookUp } from './messages';
import { BulkTraffic } from './run-state';
import type { BulkJobInfo, BulkJobOrigin, BulkNote } from '../../../shared/bulk';
import type { BulkReport, BulkResultsFilter, BulkResultsSort } from '../../../shared/report';
import { computeReport, type ReportOptions } from './report';
import { attentionAddresses } from './report-attention';
import { filters, rowFilter } from './results-view';
import type { BulkLookupPort, BulkProgress, BulkReason, RunEnd } from './job-types';
import { wordsFor } from '../../../shared/i18n';
import type { Lang } from '../../../shared/i18n/locale';

export type { BulkJobInfo } from '../../../shared/bulk';

/**
 * Bulk lookup jobs of one data folder: create (from extracted addresses), preview the cost, run, pause, resume,
 * cancel, list, page through results. The window, the tray and the CLI all drive this one class; jobs live in
 * state.db, so a job started by one process can be resumed by another (one at a time: the lease).
 */

export interface BulkJobsOptions {
  /** state.db (StateDb). */
  db: SqlConn;
  clock: Clock;
  logger?: Logger;
  /** This process's lease owner id (default: host, pid and a random part). */
  owner?: string;
  /** The profile in use: new jobs belong to it. Null when it has no service (no base URL). */
  profile: () => string | null;
  /**
   * A profile's live service in this process (the one in use, or a watched profile's), or null when there is none.
   * A job runs on its own profile's service whichever profile is in use, asking again before every request.
   */
  serviceFor: (profile: string) => BulkLookupPort | null;
  /** Whether the service new jobs run on is simulated (demo mode): a job made then is marked demo. */
  demo?: () => boolean;
  /**
   * The interface's language: a job given no name is named in it ("3 addresses"), once; the name is data from then
   * on (default English).
   */
  lang?: () => Lang;
  /** How its jobs' runs go (tests and benchmarks): lease, requests in flight, slots kept for single lookups. */
  run?: Partial<Pick<JobRunOptions, 'leaseTtlMs' | 'maxInFlight' | 'reserve' | 'releaseMs'>>;
}

export interface CreateJobRequest {
  /** Addresses in input order (normalised, unique: extractAddresses' `addresses`), or plain strings. */
  addresses: readonly (BulkAddress | string)[];
  label?: string;
  floor?: BudgetFloor;
  /** Where it is started (kept with the job, shown by `bulk list`). */
  origin?: BulkJobOrigin;
}

export interface ResultsPage {
  total: number;
  rows: BulkItemRow[];
}

export const MAX_PAGE = 1000;
/** Reports kept of jobs that are not running (each a few kB: the counts and top lists, no rows). */
const KEPT_REPORTS = 4;

/** A job to run to its end: a new one (created first), or one to go on with (its budget floor changed when given). */
export type JobToRun = { create: CreateJobRequest } | { resume: string; floor?: BudgetFloor };

/** What runToEnd tells as the job goes, and where its rows go at the end. */
export interface RunToEndOptions {
  /** The job as it starts, before its first request (created or resumed): its id and counts. */
  onStart?: (job: BulkJobInfo) => void;
  /** The job's progress, after each answer and each change of state. */
  onProgress?: (p: BulkProgress) => void;
  /** The run ended (before the export): how, and the job as it ended (not called when there was no job to run). */
  onEnd?: (end: RunEnd, job: BulkJobInfo | null) => void;
  /** Aborting pauses the job (Ctrl+C): the requests in flight are answered and kept, nothing more is sent. */
  signal?: AbortSignal;
  /** Once the run ended, the job's rows (input order, pending ones included) as `options` to `open()`'s writer. */
  exportTo?: { options: ExportOptions; open: () => (chunk: string) => void };
}

/** A run that ended before it began: its state, why, and what it says (with its English sentence). */
function endedEarly(state: RunEnd['state'], reason: RunEnd['reason'], note: BulkNote): RunEnd {
  return { state, reason, message: english(note), note };
}

export interface JobRunEnd {
  end: RunEnd;
  /** The job as it ended; null when there was none (no service to create it on, or no such job). */
  job: BulkJobInfo | null;
  /** The rows written (exportTo), or null. */
  exported: number | null;
}

/** How a page of results is ordered and narrowed (the IPC's `sort` and `filter`). */
export interface ResultsView {
  sort?: BulkResultsSort;
  filter?: BulkResultsFilter;
}

/** Options for a process with one profile's service only (the CLI, tests, benchmarks). */
export function oneProfile(profile: string, port: BulkLookupPort): Pick<BulkJobsOptions, 'profile' | 'serviceFor'> {
  return { profile: () => profile, serviceFor: (p) => (p === profile ? port : null) };
}

export function defaultOwner(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

export class BulkJobs {
  private readonly tables: BulkTables;
  private readonly runs = new Map<string, { run: JobRun; done: Promise<RunEnd> }>();
  /** The last reports of jobs not running, by what they were made from (see report()). */
  private readonly reports = new Map<string, BulkReport>();
  private readonly progress = new Emitter<BulkProgress>();
  /** Every job's requests in flight, per service: jobs of one profile pace on all of them. */
  private readonly traffic = new BulkTraffic();
  private readonly owner: string;
  private readonly logger: Logger;

  constructor(private readonly o: BulkJobsOptions) {
    this.tables = new BulkTables(o.db);
    this.owner = o.owner ?? defaultOwner();
    this.logger = o.logger ?? silentLogger;
  }

  /** state.db, for what builds on the jobs' tables (a followed log appends to its job: follow.ts). */
  get db(): SqlConn {
    return this.o.db;
  }

  /** Every job's progress (after each answer and each change of state). */
  onProgress(cb: (p: BulkProgress) => void): () => void {
    return this.progress.on(cb);
  }

  /** The cost of looking up `ips` now; null without a service. Sends nothing. */
  preview(ips: readonly string[], floor: BudgetFloor = DEFAULT_BUDGET_FLOOR): CostPreview | null {
    const s = this.current();
    return s ? previewJob(s.port, ips, floor) : null;
  }

  private current(): { profile: string; port: BulkLookupPort } | null {
    const profile = this.o.profile();
    const port = profile === null ? null : this.o.serviceFor(profile);
    return profile !== null && port ? { profile, port } : null;
  }

  /** A new job for the current profile (state 'ready'); null without a service. */
  create(req: CreateJobRequest): BulkJobInfo | null {
    const id = this.insertJob(req);
    return id === null ? null : this.get(id);
  }

  /** Writes a new job and its addresses (one transaction); its id, or null without a service. */
  private insertJob(req: CreateJobRequest): string | null {
    const s = this.current();
    if (!s) return null;
    const id = randomUUID();
    const now = this.o.clock.now();
    const items = req.addresses.map((a) =>
      typeof a === 'string' ? { ip: a, line: 0, lastLine: 0, hits: 1, flag: null } : a,
    );
    const label =
      (req.label ?? '').trim().slice(0, 80) ||
      wordsFor(this.o.lang?.() ?? 'en').w.bulkNote.jobName.pasted(items.length);
    this.tables.createJob(
      {
        id,
        profile: s.profile,
        label,
        createdAt: now,
        options: {
          floor: req.floor ?? DEFAULT_BUDGET_FLOOR,
          ...(req.origin ? { origin: req.origin } : {}),
          ...(this.o.demo?.() ? { demo: true } : {}),
        },
      },
      items.map((a) => ({ ip: a.ip, line: a.line, lastLine: a.lastLine, hits: a.hits, flag: a.flag })),
    );
    return id;
  }

  /**
   * Runs (or resumes) a job in this process until it finishes, stops, is paused or cancelled. Resolves with how it
   * ended; never rejects. A job already running here returns the same promise.
   */
  start(id: string): Promise<RunEnd> {
    const live = this.runs.get(id);
    if (live) return live.done;
    const job = this.tables.getJob(id);
    if (!job) return Promise.resolve(endedEarly('cancelled', 'missing', NO_SUCH_JOB));
    if (!this.o.serviceFor(job.profile))
      return Promise.resolve(endedEarly(job.state, 'profile', profileCannotLookUp(job.profile)));
    // The job's profile, followed through a rename (which moves its rows): asked only when its service is missing.
    let profile = job.profile;
    const service = (): BulkLookupPort | null => {
      const port = this.o.serviceFor(profile);
      if (port) return port;
      const now = this.tables.getJob(id)?.profile;
      if (now === undefined || now === profile) return null;
      profile = now;
      return this.o.serviceFor(profile);
    };
    const run = new JobRun(
      {
        tables: this.tables,
        service,
        profile: () => profile,
        clock: this.o.clock,
        owner: this.owner,
        logger: this.logger,
        leaseTtlMs: this.o.run?.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS,
        maxInFlight: this.o.run?.maxInFlight,
        reserve: this.o.run?.reserve,
        releaseMs: this.o.run?.releaseMs,
        onProgress: (p) => this.progress.emit(p),
        traffic: this.traffic,
      },
      id,
    );
    const done = run.run().finally(() => this.runs.delete(id));
    this.runs.set(id, { run, done });
    return done;
  }

  resume(id: string): Promise<RunEnd> {
    return this.start(id);
  }

  /**
   * Creates or resumes a job, runs it in this process until it finishes, stops or is paused (`signal`), then
   * exports its rows: the command line's whole bulk run in one call, what it prints told through the callbacks.
   * Never rejects on the job's account (a listener's or the writer's error is the caller's).
   */
  async runToEnd(what: JobToRun, o: RunToEndOptions = {}): Promise<JobRunEnd> {
    // 1. The job: written now (a new one), or the one kept, its floor changed when asked.
    const id = 'create' in what ? this.insertJob(what.create) : what.resume;
    let row = id === null ? null : this.tables.getJob(id);
    if (row && 'resume' in what && what.floor) {
      this.tables.setOptions(row.id, { ...(row.options as object), floor: what.floor });
      row = this.tables.getJob(row.id);
    }
    if (!row) {
      const end: RunEnd =
        'create' in what
          ? endedEarly('cancelled', 'profile', NO_SERVICE)
          : endedEarly('cancelled', 'missing', NO_SUCH_JOB);
      return { end, job: null, exported: null };
    }
    const jobId = row.id;
    o.onStart?.(this.info(row));

    // 2. The run, to its end here: its progress told, paused when the signal aborts.
    const onProgress = o.onProgress;
    const off = onProgress ? this.onProgress((p) => p.jobId === jobId && onProgress(p)) : () => undefined;
    const pause = () => void this.pause(jobId);
    let end: RunEnd;
    try {
      const done = this.start(jobId);
      if (o.signal?.aborted) pause();
      else o.signal?.addEventListener('abort', pause, { once: true });
      end = await done;
    } finally {
      o.signal?.removeEventListener('abort', pause);
      off();
    }

    // 3. Where it stands now, and its rows written out (input order) when asked.
    const after = this.tables.getJob(jobId);
    const ended = after ? this.info(after) : null;
    o.onEnd?.(end, ended);
    const write = o.exportTo?.open();
    const exported = o.exportTo && write && after ? writeExport(this.rows(jobId), o.exportTo.options, write) : null;
    return { end, job: ended, exported };
  }

  /** Pauses a job running in this process (true), or marks a stopped or ready one paused. */
  pause(id: string): boolean {
    const live = this.runs.get(id);
    if (live) {
      live.run.pause();
      return true;
    }
    return false;
  }

  /** Cancels a job: a running one stops after the request in flight; the answers so far are kept. */
  async cancel(id: string): Promise<boolean> {
    const live = this.runs.get(id);
    if (live) {
      live.run.cancel();
      await live.done;
      return true;
    }
    const job = this.tables.getJob(id);
    if (!job || job.state === 'finished' || job.state === 'cancelled') return false;
    const lease = this.tables.lease(id);
    const ttl = this.o.run?.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
    if (lease && this.o.clock.now() - lease.heartbeatAt <= ttl) return false; // another process runs it
    this.tables.setState(id, 'cancelled', 'user', CANCELLED, this.o.clock.now());
    this.emitRow(id);
    return true;
  }

  /** Changes a job's budget floor (takes effect at its next request). */
  setFloor(id: string, floor: BudgetFloor): BulkJobInfo | null {
    const job = this.tables.getJob(id);
    if (!job) return null;
    this.tables.setOptions(id, { ...(job.options as object), floor });
    return this.get(id);
  }

  get(id: string): BulkJobInfo | null {
    const row = this.tables.getJob(id);
    return row ? this.info(row) : null;
  }

  /** Every profile's jobs (one profile's with a name), most recent first. */
  list(profile: string | null = null, limit = 50): BulkJobInfo[] {
    return this.tables.listJobs(profile, limit).map((r) => this.info(r));
  }

  /**
   * A page of a job's rows in input order, or most hits first (`view.sort`); `status` keeps only pending, done or
   * failed rows, `view.filter` only the answers that set a flag, reach a threat score or name a country (read
   * through shared/answer.ts: a filtered page walks the job's rows once).
   */
  results(id: string, offset = 0, limit = 100, status?: BulkItemStatus, view: ResultsView = {}): ResultsPage {
    const job = this.tables.getJob(id);
    if (!job) return { total: 0, rows: [] };
    const n = Math.min(MAX_PAGE, Math.max(0, Math.floor(limit)));
    const from = Math.max(0, Math.floor(offset));
    const byHits = view.sort === 'hits';
    if (!filters(view.filter)) {
      const total = status === undefined ? job.total : this.tables.countStatus(id, status);
      return { total, rows: this.tables.items(id, from, n, status, byHits) };
    }
    const keep = rowFilter(view.filter);
    const rows: BulkItemRow[] = [];
    let total = 0;
    for (const r of this.tables.iterateItems(id, byHits)) {
      if ((status !== undefined && r.status !== status) || !keep(r)) continue;
      if (total >= from && rows.length < n) rows.push(r);
      total++;
    }
    return { total, rows };
  }

  /**
   * The report of a job from the answers it holds (0 requests; any state); null when there is no such job. A job
   * that is not running keeps its last reports (a 100,000-address job's takes about a second to make): opened again
   * with the same rows, state and threshold, it is the same report, made now.
   */
  report(id: string, opts: ReportOptions = {}): BulkReport | null {
    const job = this.get(id);
    if (!job) return null;
    const now = this.o.clock.now();
    if (job.state === 'running') return computeReport(job, this.tables.reportItems(id), now, opts);
    const key = JSON.stringify([id, job.label, job.state, job.updatedAt, job.done, job.failed, opts.threatThreshold]);
    const kept = this.reports.get(key);
    if (kept) return { ...kept, madeAt: now };
    const made = computeReport(job, this.tables.reportItems(id), now, opts);
    this.reports.set(key, made);
    if (this.reports.size > KEPT_REPORTS) this.reports.delete(this.reports.keys().next().value!);
    return made;
  }

  /**
   * The addresses of a block list (shared/block-list.ts): every one of the job's that needs attention at `threshold`
   * (its report's first section, all of it), or with a `filter` the rows the results table shows under it (most hits
   * first). Null when there is no such job.
   */
  blockListAddresses(id: string, source: { threshold: number } | { filter: BulkResultsFilter }): string[] | null {
    if (!this.tables.getJob(id)) return null;
    if ('threshold' in source) return attentionAddresses(this.tables.reportItems(id), source.threshold);
    const keep = rowFilter(source.filter);
    const out: string[] = [];
    for (const r of this.tables.iterateItems(id, true)) if (keep(r)) out.push(r.ip);
    return out;
  }

  /** Every row of a job in input order, streamed (exports). */
  rows(id: string): Iterable<BulkItemRow> {
    return this.tables.iterateItems(id);
  }

  /**
   * Writes a job's rows (input order, pending ones included) as CSV, JSON or NDJSON to `write`, in chunks.
   * Returns the number of rows, or null when there is no such job.
   */
  export(id: string, opts: ExportOptions, write: (chunk: string) => void): number | null {
    if (!this.tables.getJob(id)) return null;
    return writeExport(this.rows(id), opts, write);
  }

  /** Jobs marked running that no live process holds (every profile's, or one's): interrupted by a quit or a crash. */
  interrupted(profile: string | null = null): string[] {
    const ttl = this.o.run?.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
    const now = this.o.clock.now();
    return this.tables
      .listJobs(profile, 200)
      .filter((j) => j.state === 'running' && !this.runs.has(j.id))
      .filter((j) => {
        const l = this.tables.lease(j.id);
        return !l || now - l.heartbeatAt > ttl;
      })
      .map((j) => j.id);
  }

  /** Resumes the interrupted jobs of every profile that has a service here (at start). */
  resumeInterrupted(): string[] {
    const ids = this.interrupted().filter((id) => this.canRun(id));
    for (const id of ids) void this.start(id);
    return ids;
  }

  /**
   * Services came or went (a profile switch, a settings change, demo mode): jobs paused because their profile had no
   * service here go on once it has one again.
   */
  resumeWhereProfilesReturned(): string[] {
    const ids = this.tables
      .listJobs(null, 200)
      .filter((j) => j.state === 'paused' && j.reason === 'profile' && !this.runs.has(j.id))
      .map((j) => j.id)
      .filter((id) => this.canRun(id));
    for (const id of ids) void this.start(id);
    return ids;
  }

  private canRun(id: string): boolean {
    const job = this.tables.getJob(id);
    return job !== null && this.o.serviceFor(job.profile) !== null;
  }

  /** Jobs running in this process: their live progress. */
  active(): BulkProgress[] {
    return [...this.runs.values()].map((r) => r.run.progress()).filter((p): p is BulkProgress => p !== null);
  }

  /** The run of a job in this process (tests and benchmarks read its phase and waitingUntil). */
  runOf(id: string): JobRun | null {
    return this.runs.get(id)?.run ?? null;
  }

  /** The process ends: running jobs stop after their request in flight and stay marked running (resumed later). */
  async dispose(): Promise<void> {
    const all = [...this.runs.values()];
    for (const r of all) r.run.interrupt();
    await Promise.allSettled(all.map((r) => r.done));
    this.progress.clear();
  }

  private emitRow(id: string): void {
    const i = this.get(id);
    if (!i) return;
    this.progress.emit({
      jobId: i.id,
      label: i.label,
      profile: i.profile,
      state: i.state,
      reason: i.reason,
      note: i.note ?? null,
      message: i.message,
      total: i.total,
      done: i.done,
      fromCache: i.fromCache,
      failed: i.failed,
      left: i.left,
      sent: i.sent,
      rateLimited: i.rateLimited,
      minuteLimit: null,
      ratePerMinute: 0,
      etaMs: null,
      waitingUntil: null,
    });
  }

  private info(r: BulkJobRow): BulkJobInfo {
    const o = r.options as { floor?: BudgetFloor; origin?: unknown; demo?: unknown } | null;
    const f = o?.floor ?? DEFAULT_BUDGET_FLOOR;
    const origin = o?.origin === 'window' || o?.origin === 'command line' ? o.origin : null;
    return {
      id: r.id,
      label: r.label,
      profile: r.profile,
      ...(origin ? { origin } : {}),
      ...(o?.demo === true ? { demo: true as const } : {}),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      state: r.state,
      reason: r.reason as BulkReason | null,
      note: r.note,
      message: english(r.note),
      total: r.total,
      done: r.done,
      fromCache: r.fromCache,
      failed: r.failed,
      left: r.total - r.done - r.failed,
      sent: r.sent,
      rateLimited: r.rateLimited,
      floor: f,
      active: this.runs.has(r.id),
    };
  }
}
