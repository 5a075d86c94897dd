import { systemClock, type Clock } from '../lib/ports';
import type { BulkItemRow } from '../storage/state-db-bulk';
import { appendToJob, firstPending, jobAddresses, reopen, rowsFrom, type RepeatHits } from '../storage/state-db-follow';
import type { BulkJobs } from './bulk-jobs';
import { extractAddresses } from './extract';
import { LogTail, type TailFs, type TailPosition } from './follow-tail';
import type { RunEnd } from './job-types';

/**
 * A followed log's one job (`lookup-tray bulk --follow FILE`): the log's new lines (LogTail) go through the bulk
 * extraction; addresses the job has not seen are appended to it, pending, and repeats add to their hits. The job
 * runs on the bulk runner (BulkJobs.start: its pacing to the minute limit, its budget floor, its cache) whenever it
 * has addresses pending, and each address answered is given once, in input order, as the job's own row.
 *
 * At the budget floor (or a month used up) the job stops looking up but the log is still followed: new addresses are
 * added, pending, and each batch of them tries again (which sends nothing while the floor holds; a new month's
 * quota, or `bulk --resume --budget-floor N`, looks them up). Any other stop (the key refused, the network down
 * too long) ends the follow with it.
 */

export interface FollowOptions {
  jobs: BulkJobs;
  /** The tail's poll timer and the appended rows' time (default the system clock). */
  clock?: Clock;
  jobId: string;
  path: string;
  fs: TailFs;
  /** Where an earlier follow of this job stopped reading (resume), or null: from the file's start. */
  from: TailPosition | null;
  /** Lines read before (resume): new lines are numbered after them. */
  linesBefore?: number;
  includeReserved?: boolean;
  pollMs?: number;
  /** Rows answered (done or failed), in input order, each once. */
  onAnswers: (rows: BulkItemRow[]) => void;
  /** Where the reading is, after each batch's addresses were added to the job (to store: resume goes on there). */
  onPosition?: (at: TailPosition, lines: number) => void;
  /** The job stopped at the budget floor or the month's end; said once until it looks up again. */
  onFloor?: (end: RunEnd) => void;
  onNotice?: (message: string) => void;
}

/**
 * A follow stopped by stop(), ended by the job, or by an error (the file could not be read, or state.db written):
 * how the job's last run ended (null when it never ran), and for an error its code (ENOENT, EIO…) or name.
 */
export type FollowEnd =
  { by: 'stop' | 'job'; end: RunEnd | null } | { by: 'read' | 'storage'; end: RunEnd | null; code: string };

const FLOOR_REASONS = new Set(['budget-floor', 'month-exhausted']);

export class LogFollow {
  private readonly seen: Map<string, number>;
  private readonly tail: LogTail;
  private cursor: number;
  private lines: number;
  private running: Promise<void> | null = null;
  private lastEnd: RunEnd | null = null;
  /** Stopped at the floor, with nothing new since: no run until new addresses come. */
  private atFloor = false;
  private floorSaid = false;
  /** The last run answered nothing: no run until new addresses come. */
  private idle = false;
  private stopping = false;
  private ended: (e: FollowEnd) => void = () => undefined;
  /** Resolves when the follow ends: stop() was called, or the job stopped for a reason that ends it. */
  readonly done: Promise<FollowEnd>;
  private readonly offProgress: () => void;

  constructor(private readonly o: FollowOptions) {
    this.seen = jobAddresses(o.jobs.db, o.jobId);
    this.cursor = firstPending(o.jobs.db, o.jobId);
    this.lines = o.linesBefore ?? 0;
    this.done = new Promise((r) => (this.ended = r));
    this.offProgress = o.jobs.onProgress((p) => p.jobId === o.jobId && this.flush());
    this.tail = new LogTail({
      fs: o.fs,
      clock: o.clock ?? systemClock,
      path: o.path,
      from: o.from,
      pollMs: o.pollMs,
      onLines: (text, at) => this.add(text, at),
      onNotice: o.onNotice,
      onError: (err) => void this.finish(err instanceof StorageFailure ? 'storage' : 'read', codeOf(err)),
    });
  }

  /** Reads what the file holds (its addresses added, their run started), then follows it. */
  async start(): Promise<void> {
    this.kick(); // addresses left pending by an earlier follow
    await this.tail.start();
  }

  /** Stops reading and looking up: the answer in flight is kept, the job paused (resumable) when addresses are left. */
  async stop(): Promise<FollowEnd> {
    return this.finish('stop');
  }

  private async finish(by: FollowEnd['by'], code = ''): Promise<FollowEnd> {
    if (!this.stopping) {
      this.stopping = true;
      await this.tail.stop();
      if (this.running) this.o.jobs.pause(this.o.jobId);
      await this.running;
      this.flush();
      this.offProgress();
      this.ended(by === 'read' || by === 'storage' ? { by, end: this.lastEnd, code } : { by, end: this.lastEnd });
    }
    return this.done;
  }

  /** New lines: their addresses the job has not seen are appended, the others' hits counted; the run goes on. */
  private add(text: string, at: TailPosition): void {
    const found = extractAddresses(text, { includeReserved: this.o.includeReserved === true });
    const base = this.lines;
    this.lines += found.lines;
    const fresh = [];
    const repeats: RepeatHits[] = [];
    for (const a of found.addresses) {
      const line = base + a.line;
      const lastLine = base + a.lastLine;
      const seq = this.seen.get(a.ip);
      if (seq === undefined) fresh.push({ ip: a.ip, line, lastLine, hits: a.hits, flag: a.flag });
      else repeats.push({ seq, hits: a.hits, lastLine });
    }
    if (fresh.length || repeats.length) {
      let first: number;
      try {
        first = appendToJob(this.o.jobs.db, this.o.jobId, fresh, repeats, (this.o.clock ?? systemClock).now());
      } catch (err) {
        throw new StorageFailure(err);
      }
      fresh.forEach((a, i) => this.seen.set(a.ip, first + i));
    }
    this.o.onPosition?.(at, this.lines);
    if (fresh.length) {
      this.atFloor = false;
      this.idle = false;
      this.kick();
    }
  }

  /**
   * Runs the job when it has addresses pending and no run is going (a run picks up addresses added meanwhile). A run
   * that ended with addresses still pending and none answered is not started again until new lines come: a job that
   * cannot run must not spin.
   */
  private kick(): void {
    if (this.running || this.stopping || this.atFloor || this.idle) return;
    const db = this.o.jobs.db;
    const job = this.o.jobs.get(this.o.jobId);
    if (!job || firstPending(db, this.o.jobId) >= job.total) return;
    reopen(db, this.o.jobId, (this.o.clock ?? systemClock).now()); // finished as addresses were added
    const answered = job.done + job.failed;
    this.running = this.o.jobs.start(this.o.jobId).then((end) => this.runEnded(end, answered));
  }

  private runEnded(end: RunEnd, answeredBefore: number): void {
    this.running = null;
    this.lastEnd = end;
    this.flush();
    if (this.stopping) return;
    if (end.state === 'finished') {
      this.floorSaid = false;
      const job = this.o.jobs.get(this.o.jobId);
      this.idle = !job || job.done + job.failed === answeredBefore;
      this.kick(); // addresses added as it ended
    } else if (end.reason !== null && FLOOR_REASONS.has(end.reason)) {
      this.atFloor = true;
      if (!this.floorSaid) this.o.onFloor?.(end);
      this.floorSaid = true;
    } else void this.finish('job');
  }

  /** The rows answered since the last ones given, in input order (up to the first one still pending). */
  private flush(): void {
    for (;;) {
      const rows = rowsFrom(this.o.jobs.db, this.o.jobId, this.cursor, 200);
      const answered: BulkItemRow[] = [];
      for (const r of rows) {
        if (r.status === 'pending') break;
        answered.push(r);
      }
      if (answered.length) {
        this.cursor += answered.length;
        this.o.onAnswers(answered);
      }
      if (answered.length < 200) return;
    }
  }
}

/** state.db could not take a batch's addresses (the disk full, the folder gone): the follow ends. */
class StorageFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('state.db could not be written');
  }
}

/** An error's code (ENOENT, EIO, SQLITE_FULL…) or name: never its message, which may hold a path or data. */
function codeOf(err: unknown): string {
  const e = err instanceof StorageFailure ? err.cause : err;
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{1,40}$/.test(code) ? code : e instanceof Error ? e.name : 'error';
}
