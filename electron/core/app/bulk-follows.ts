import { basename } from 'node:path';
import type { BudgetFloor, BulkFollowEnd, BulkFollowInfo, BulkFollowOutcome } from '../../../shared/bulk';
import type { BulkJobs } from '../bulk/bulk-jobs';
import { LogFollow, type FollowEnd } from '../bulk/follow';
import type { TailFs, TailPosition } from '../bulk/follow-tail';
import type { Clock, Logger } from '../lib/ports';
import { wordsFor } from '../../../shared/i18n';
import type { Lang } from '../../../shared/i18n/locale';
import type { StateDb } from '../storage/state-db';

/**
 * The window's Bulk → Follow a file… (the CLI's `lookup-tray bulk --follow FILE`, on the same LogFollow): the file is
 * picked by the main process's open dialog (the `pickFollowFile` port), never named by the window; it is followed as
 * one job labelled "Following <name>" that grows as lines arrive, its answers reaching the window as the job's
 * `bulk-progress`, the follow's own state as `bulk-follow`. Stop keeps the job (paused while addresses are left);
 * "Follow again" reads on from the saved position, as `bulk --follow FILE --resume` does. One follow at a time per
 * file; quitting stops every follow cleanly (dispose).
 */

/** Where a follow of the window stands (state.db kv, by job id): the file, the reading, what to tell. */
interface FollowRecord {
  path: string;
  at: TailPosition | null;
  lines: number;
  lastReadAt: number | null;
  includeReserved: boolean;
  /** Why the follow ended by itself, or null. */
  end?: BulkFollowEnd | null;
  /** The same as a sentence, as an older build kept it (shown as it is, bounded). */
  message?: string | null;
}

/** What a record says of its end: its fact, or an older build's sentence as data. */
function endOf(r: FollowRecord): BulkFollowEnd | null {
  if (r.end && typeof r.end === 'object' && typeof r.end.kind === 'string') return r.end;
  return typeof r.message === 'string' && r.message ? { kind: 'text', text: r.message.slice(0, 500) } : null;
}

const KV = 'window.bulkFollows';
/** A file name shown in the window (text from outside): one line, bounded. */
const MAX_NAME = 120;

export interface BulkFollowsDeps {
  jobs: BulkJobs;
  db: StateDb;
  fs: TailFs;
  clock: Clock;
  logger: Logger;
  /** The main process's open dialog: the file chosen, or null (cancelled). Absent: the window cannot follow. */
  pickFollowFile: (() => Promise<string | null>) | undefined;
  hasKey: () => Promise<boolean>;
  emit: (info: BulkFollowInfo) => void;
  /** The interface's language: a followed log's job is named in it ("Following access.log"), once (default English). */
  lang?: () => Lang;
  /** The tail's stat poll (default 1 s). */
  pollMs?: number;
}

export function followName(path: string): string {
  const name = basename(path).replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ');
  return name.length > MAX_NAME ? `${name.slice(0, MAX_NAME - 1)}…` : name;
}

export class BulkFollows {
  private readonly live = new Map<string, LogFollow>();

  constructor(private readonly d: BulkFollowsDeps) {}

  /** Every follow of the window whose job is still there, most recent job first. */
  list(): BulkFollowInfo[] {
    const records = this.records();
    return this.d.jobs
      .list()
      .filter((j) => records[j.id])
      .map((j) => this.info(j.id, records[j.id]!));
  }

  /** Asks for a file (the dialog), then follows it with a new job. */
  async follow(req: { includeReserved?: boolean; floor?: BudgetFloor }): Promise<BulkFollowOutcome> {
    if (!this.d.pickFollowFile) return { kind: 'refused', refusal: { kind: 'no-dialog' } };
    if (!(await this.d.hasKey())) return { kind: 'refused', refusal: { kind: 'no-key' } };
    const path = await this.d.pickFollowFile();
    if (path === null) return { kind: 'cancelled' };
    const busy = this.followedAt(path);
    if (busy) return { kind: 'refused', refusal: { kind: 'followed-already', name: followName(path) } };
    const job = this.d.jobs.create({
      addresses: [],
      label: wordsFor(this.d.lang?.() ?? 'en').w.bulkNote.jobName.following(followName(path)),
      floor: req.floor,
      origin: 'window',
    });
    if (!job) return { kind: 'refused', refusal: { kind: 'no-key' } };
    const record: FollowRecord = {
      path,
      at: null,
      lines: 0,
      lastReadAt: null,
      includeReserved: req.includeReserved === true,
      end: null,
    };
    this.save(job.id, record);
    return this.run(job.id, record);
  }

  /** Follows a stopped follow's file again, from where its reading stopped. */
  async again(id: string): Promise<BulkFollowOutcome> {
    const record = this.records()[id];
    if (!record || !this.d.jobs.get(id)) return { kind: 'refused', refusal: { kind: 'no-such-job' } };
    if (this.live.has(id) || this.followedAt(record.path))
      return { kind: 'refused', refusal: { kind: 'followed-already', name: followName(record.path) } };
    if (!(await this.d.hasKey())) return { kind: 'refused', refusal: { kind: 'no-key' } };
    const fresh = { ...record, end: null, message: null };
    this.save(id, fresh);
    return this.run(id, fresh);
  }

  /** Stops following (the answer in flight kept); the follow as it is then, or null when there is none. */
  async stop(id: string): Promise<BulkFollowInfo | null> {
    const run = this.live.get(id);
    if (run) await run.stop();
    const record = this.records()[id];
    return record ? this.info(id, record) : null;
  }

  /** Quitting: every follow stops cleanly (its job kept, its position saved). */
  async dispose(): Promise<void> {
    await Promise.allSettled([...this.live.values()].map((r) => r.stop()));
  }

  private run(id: string, record: FollowRecord): BulkFollowOutcome {
    const run = new LogFollow({
      jobs: this.d.jobs,
      clock: this.d.clock,
      jobId: id,
      path: record.path,
      fs: this.d.fs,
      from: record.at,
      linesBefore: record.lines,
      includeReserved: record.includeReserved,
      pollMs: this.d.pollMs,
      onAnswers: () => undefined, // the window reads the rows from the job (bulk-progress says when)
      onPosition: (at, lines) => this.update(id, { at, lines, lastReadAt: this.d.clock.now() }),
      onNotice: (m) => this.d.logger.info('bulk follow', { notice: m.slice(0, 200) }),
    });
    this.live.set(id, run);
    void run.done.then((end) => this.ended(id, end));
    run.start().catch((err: unknown) => {
      this.d.logger.warn('bulk follow failed to start', { error: err instanceof Error ? err.name : 'error' });
      void run.stop();
    });
    const info = this.info(id, record);
    this.d.emit(info);
    const job = this.d.jobs.get(id);
    return job ? { kind: 'following', follow: info, job } : { kind: 'refused', refusal: { kind: 'no-such-job' } };
  }

  private ended(id: string, end: FollowEnd): void {
    this.live.delete(id);
    const record = this.records()[id];
    if (!record) return;
    const name = followName(record.path);
    const said: BulkFollowEnd | null =
      end.by === 'read'
        ? { kind: 'read', name, code: end.code }
        : end.by === 'storage'
          ? { kind: 'storage', code: end.code }
          : end.by === 'job'
            ? { kind: 'job', note: end.end?.note ?? null }
            : null;
    this.update(id, { end: said, message: null });
  }

  private update(id: string, patch: Partial<FollowRecord>): void {
    const record = this.records()[id];
    if (!record) return;
    const next = { ...record, ...patch };
    this.save(id, next);
    this.d.emit(this.info(id, next));
  }

  private info(id: string, r: FollowRecord): BulkFollowInfo {
    return {
      jobId: id,
      name: followName(r.path),
      following: this.live.has(id),
      addresses: this.d.jobs.get(id)?.total ?? 0,
      lastReadAt: r.lastReadAt,
      end: endOf(r),
    };
  }

  private followedAt(path: string): string | null {
    const records = this.records();
    return [...this.live.keys()].find((id) => records[id]?.path === path) ?? null;
  }

  private records(): Record<string, FollowRecord> {
    const v = this.d.db.readKv(KV);
    const all: Record<string, FollowRecord> = {};
    if (v && typeof v === 'object')
      for (const [id, r] of Object.entries(v as Record<string, Partial<FollowRecord> | null>))
        if (r && typeof r.path === 'string' && typeof r.lines === 'number') all[id] = r as FollowRecord;
    return all;
  }

  private save(id: string, record: FollowRecord): void {
    const all = this.records();
    // Follows whose job is gone are forgotten as another is saved.
    for (const k of Object.keys(all)) if (!this.d.jobs.get(k)) delete all[k];
    all[id] = record;
    this.d.db.writeKv(KV, all);
  }
}
