import { formatCount, formatCountOf, formatUtc } from '../../../shared/format';
import { timerDelay } from '../lib/deadline-timer';
import type { LookupOutcome } from '../../../shared/outcome';
import { profileLabel } from '../../../shared/settings';
import type { Clock, Logger, TimerHandle } from '../lib/ports';
import { silentLogger } from '../lib/ports';
import type { BulkAnswer, BulkJobRow, BulkTables } from '../storage/state-db-bulk';
import { DEFAULT_BUDGET_FLOOR, describeFloor, floorCount, timeAtMinuteLimit, type BudgetFloor } from './cost';
import type { BulkJobState, BulkLookupPort, BulkProgress, BulkReason, RunEnd } from './job-types';
import { pace } from './pacer';

/**
 * Runs one bulk job: paced to the service's minute windows (pacer.ts), its answers written to state.db as they
 * come (one short transaction per address, before the next request), under a lease so only one process runs
 * it. After a crash, the addresses still pending are the ones never answered: at most the one in flight at the
 * crash is sent again (with maxInFlight 1, the default).
 */

export interface RunnerOptions {
  tables: BulkTables;
  /**
   * The job's profile's live service, asked again before every request (a profile switch replaces services); null
   * while this process has none for that profile (the job pauses with reason 'profile'). Never a disposed one.
   */
  service: () => BulkLookupPort | null;
  /** The job's profile's name now (a rename moves the job with it). */
  profile: () => string;
  clock: Clock;
  /** This process's lease owner id. */
  owner: string;
  logger?: Logger;
  /** A lease whose heartbeat is older than this may be taken over (default 30 s; heartbeats every third). */
  leaseTtlMs?: number;
  /** Requests in flight at once (default 1: a crash repeats at most one address). */
  maxInFlight?: number;
  /** Minute-window slots kept for single lookups (default 1), released `releaseMs` before the reset (2 s). */
  reserve?: number;
  releaseMs?: number;
  onProgress?: (p: BulkProgress) => void;
}

export const DEFAULT_LEASE_TTL_MS = 30_000;
/** Transient failures (network, 5xx) in a row that pause the job. */
const MAX_TRANSIENT_IN_A_ROW = 3;
/** Attempts of one address before it is marked failed. */
const MAX_ATTEMPTS = 3;
/** Answers in a row that recorded nothing (aborted, cooldown, 429) before the job pauses as stalled. */
const MAX_REQUEUES_IN_A_ROW = 20;
/** Rounds of the loop in a row that neither recorded an answer nor waited any time, before it pauses as stalled. */
const MAX_ROUNDS_WITHOUT_WAIT = 1000;
/** A wait longer than this pauses the job instead (and says until when). */
export const LONG_WAIT_MS = 60 * 60_000;
/** The first wait after an answer that recorded nothing; doubled each time in a row, up to 30 s. */
const REQUEUE_BACKOFF_MS = 250;
const MAX_REQUEUE_BACKOFF_MS = 30_000;

interface Item {
  seq: number;
  ip: string;
}

type Halt = { state: BulkJobState; reason: BulkReason | null; message: string | null };

function readFloor(options: unknown): BudgetFloor {
  const f = (options as { floor?: unknown } | null)?.floor as Record<string, unknown> | undefined;
  if (f && typeof f.count === 'number' && Number.isFinite(f.count) && f.count >= 0) return { count: f.count };
  if (f && typeof f.percent === 'number' && f.percent >= 0 && f.percent <= 100) return { percent: f.percent };
  return DEFAULT_BUDGET_FLOOR;
}

export class BulkJobRun {
  private halt: Halt | null = null;
  private wakeFn: (() => void) | null = null;
  private heartbeat: TimerHandle | null = null;
  private leaseLost = false;
  private inFlight = 0;
  private job: BulkJobRow | null = null;
  private readonly retry: Item[] = [];
  private queue: Item[] = [];
  private lastSeq = -1;
  private readonly attempts = new Map<number, number>();
  private transientInARow = 0;
  private backoffUntil = 0;
  private seen: { resetAt: number; remaining: number } | null = null;
  private readonly answeredAt: number[] = [];
  private floor: BudgetFloor = DEFAULT_BUDGET_FLOOR;
  /** The service of the latest round (its state feeds the progress while no service is live). */
  private port: BulkLookupPort | null = null;
  private requeuesInARow = 0;
  private roundsWithoutWait = 0;
  /** Local instant the run sleeps until (tests and benchmarks move an injected clock there). */
  waitingUntil: number | null = null;
  /** 'ended' once run() has resolved. */
  phase: 'idle' | 'running' | 'waiting' | 'ended' = 'idle';

  constructor(
    private readonly o: RunnerOptions,
    readonly jobId: string,
  ) {}

  /** Stop sending: requests in flight are answered and kept; the job is paused (resume runs it again). */
  pause(): void {
    this.stop({ state: 'paused', reason: 'user', message: 'Paused.' });
  }

  cancel(): void {
    this.stop({ state: 'cancelled', reason: 'user', message: 'Cancelled; the answers so far are kept.' });
  }

  /** The process is ending: the job stays marked as running so that it resumes at the next start. */
  interrupt(): void {
    this.stop({ state: 'running', reason: 'interrupted', message: null });
  }

  private stop(h: Halt): void {
    if (!this.halt) this.halt = h;
    this.wake();
  }

  private wake(): void {
    this.wakeFn?.();
  }

  async run(): Promise<RunEnd> {
    const { tables, clock, owner } = this.o;
    this.phase = 'running';
    try {
      const job = tables.getJob(this.jobId);
      if (!job) return this.end({ state: 'cancelled', reason: 'missing', message: 'No such bulk job.' });
      if (job.state === 'finished' || job.state === 'cancelled')
        return this.end({ state: job.state, reason: job.reason as BulkReason | null, message: job.message });
      const ttl = this.o.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
      const holder = tables.acquireLease(this.jobId, owner, clock.now(), ttl);
      if (holder.owner !== owner)
        return this.end({
          state: job.state,
          reason: 'busy',
          message: 'Another Lookup Tray process is running this job (the app, the web preview or the command line).',
        });
      this.job = job;
      this.floor = readFloor(job.options);
      tables.setState(this.jobId, 'running', null, null, clock.now());
      this.job = { ...job, state: 'running', reason: null, message: null };
      this.armHeartbeat(ttl);
      this.emit();
      const halt = await this.loop();
      return this.finish(halt);
    } catch (err) {
      this.o.logger?.warn('bulk job failed', { error: err instanceof Error ? err.name : 'unknown' });
      return this.finish({
        state: 'stopped',
        reason: 'storage',
        message: 'The job could not be saved in state.db; it stopped. Resume it once the data folder is writable.',
      });
    }
  }

  private async loop(): Promise<Halt> {
    const maxInFlight = Math.max(1, Math.floor(this.o.maxInFlight ?? 1));
    const running: Promise<void>[] = [];
    for (;;) {
      if (this.halt) break;
      if (this.leaseLost) return { state: 'running', reason: 'interrupted', message: null };
      // A guard, whatever the cause: a loop that neither gets answers nor waits would starve the process.
      if (++this.roundsWithoutWait > MAX_ROUNDS_WITHOUT_WAIT || this.requeuesInARow >= MAX_REQUEUES_IN_A_ROW) {
        this.stop(this.stalledHalt());
        continue;
      }
      const service = this.o.service();
      if (service) this.port = service;
      else {
        if (this.inFlight > 0) {
          await this.sleep(null);
          continue;
        }
        this.stop(this.profileHalt());
        continue;
      }
      const item = this.peek();
      if (!item) {
        if (this.inFlight === 0) return this.finishedHalt();
        await this.sleep(null);
        continue;
      }
      if (service.isCached(item.ip)) {
        this.take();
        this.answer(item, await service.lookup(item.ip));
        continue;
      }
      const now = this.o.clock.now();
      if (this.backoffUntil > now) {
        await this.sleep(this.backoffUntil);
        continue;
      }
      const quota = service.state();
      const cooldown = quota.cooldown;
      const d = pace({
        quota,
        inFlight: this.inFlight,
        maxInFlight,
        floor: floorCount(this.floor, quota.month?.limit ?? null),
        reserve: this.o.reserve ?? 1,
        releaseMs: this.o.releaseMs ?? 2000,
        seen: this.seen,
      });
      if (d.kind === 'stop') {
        if (this.inFlight > 0) {
          await this.sleep(null);
          continue;
        }
        return this.stopHalt(d.reason, quota.month?.resetAt ?? null, quota.month?.remaining ?? 0, quota.month?.limit);
      }
      if (d.kind === 'wait') {
        if (d.until !== null && d.until - now > LONG_WAIT_MS) {
          this.stop(this.longWaitHalt(d.until, cooldown?.until));
          continue;
        }
        await this.sleep(d.until);
        continue;
      }
      this.take();
      this.inFlight++;
      const p = service
        .lookup(item.ip)
        .then((outcome) => this.answer(item, outcome))
        .finally(() => {
          this.inFlight--;
          running.splice(running.indexOf(p), 1);
          this.wake();
        });
      running.push(p);
      if (maxInFlight === 1) await p;
    }
    while (running.length > 0) await Promise.allSettled([...running]);
    return this.halt as Halt;
  }

  private peek(): Item | undefined {
    if (this.retry.length > 0) return this.retry[0];
    if (this.queue.length === 0) {
      this.queue = this.o.tables.pending(this.jobId, this.lastSeq, 256);
      const last = this.queue[this.queue.length - 1];
      if (last) this.lastSeq = last.seq;
    }
    return this.queue[0];
  }

  private take(): void {
    if (this.retry.length > 0) this.retry.shift();
    else this.queue.shift();
  }

  private requeue(item: Item): void {
    this.retry.unshift(item);
  }

  /**
   * An answer that recorded nothing and may have come at once: the address goes back, and the job waits before the
   * next round (250 ms, doubling in a row up to 30 s) — never straight round the loop again.
   */
  private requeueAfterWait(item: Item, now: number): void {
    this.requeue(item);
    this.requeuesInARow++;
    const wait = Math.min(MAX_REQUEUE_BACKOFF_MS, REQUEUE_BACKOFF_MS * 2 ** Math.min(16, this.requeuesInARow - 1));
    this.backoffUntil = Math.max(this.backoffUntil, now + wait);
  }

  /** Sleeps until the local instant `until` (null: until woken by an answer, pause or cancel). */
  private sleep(until: number | null): Promise<void> {
    const { clock } = this.o;
    const waits = until === null || until > clock.now();
    return new Promise<void>((resolve) => {
      let timer: TimerHandle | null = null;
      const done = () => {
        if (waits) this.roundsWithoutWait = 0;
        if (timer !== null) clock.clearTimeout(timer);
        timer = null;
        if (this.wakeFn === done) this.wakeFn = null;
        this.waitingUntil = null;
        this.phase = 'running';
        resolve();
      };
      this.wakeFn = done;
      this.phase = 'waiting';
      if (until !== null) {
        this.waitingUntil = until;
        timer = clock.setTimeout(done, timerDelay(until - clock.now()));
        this.emit();
      }
    });
  }

  private answer(item: Item, o: LookupOutcome): void {
    const { tables, clock } = this.o;
    const now = clock.now();
    const record = (a: Omit<BulkAnswer, 'at'>) => {
      this.requeuesInARow = 0;
      this.roundsWithoutWait = 0;
      if (!tables.record(this.jobId, item.seq, { ...a, at: now }) || !this.job) return;
      this.job.done += a.status === 'done' ? 1 : 0;
      this.job.failed += a.status === 'failed' ? 1 : 0;
      this.job.fromCache += a.source === 'cache' ? 1 : 0;
      this.job.sent += a.status === 'done' && a.source === 'network' ? 1 : 0;
    };
    switch (o.kind) {
      case 'ok': {
        const network = o.source === 'network';
        this.transientInARow = 0;
        const body = o.tooLarge ? null : JSON.stringify(o.body);
        record({
          status: 'done',
          source: o.source,
          kind: 'ok',
          error: o.tooLarge ? 'The answer was too large to keep (over 1 MiB).' : null,
          bodyJson: body,
        });
        if (network) {
          this.answeredAt.push(now);
          const w = this.port?.state().minute;
          if (w)
            this.seen =
              this.seen && this.seen.resetAt === w.resetAt
                ? { resetAt: w.resetAt, remaining: Math.min(this.seen.remaining, w.remaining) }
                : { resetAt: w.resetAt, remaining: w.remaining };
        }
        break;
      }
      case 'rate-limited':
        tables.countRateLimited(this.jobId, now);
        if (this.job) this.job.rateLimited++;
        this.requeueAfterWait(item, now); // the service's cooldown makes the pacer wait for the reset it named
        break;
      case 'cooldown':
        this.requeueAfterWait(item, now);
        break;
      case 'no-key':
      case 'invalid-key':
      case 'forbidden':
        this.requeue(item);
        this.stop({ state: 'stopped', reason: o.kind, message: `Stopped: ${o.message}` });
        break;
      case 'network-error':
      case 'server-error':
        if (o.kind === 'network-error' && o.reason === 'aborted') {
          // Its service stopped under it (a profile switch, a settings change): the next round asks for the live one.
          this.requeueAfterWait(item, now);
          break;
        }
        this.transient(item, o.message, o.kind, now);
        break;
      default:
        // invalid-ip, invalid-input (422), bad-response: this address fails, the job goes on.
        this.transientInARow = 0;
        record({ status: 'failed', source: null, kind: o.kind, error: o.message, bodyJson: null });
    }
    this.emit();
  }

  private transient(item: Item, message: string, kind: string, now: number): void {
    const n = (this.attempts.get(item.seq) ?? 0) + 1;
    this.attempts.set(item.seq, n);
    this.transientInARow++;
    if (n >= MAX_ATTEMPTS) {
      const saved = this.o.tables.record(this.jobId, item.seq, {
        status: 'failed',
        source: null,
        kind,
        error: message,
        bodyJson: null,
        at: now,
      });
      if (saved && this.job) this.job.failed++;
    } else this.requeue(item);
    if (this.transientInARow >= MAX_TRANSIENT_IN_A_ROW)
      this.stop({
        state: 'paused',
        reason: 'network',
        message: `Paused: the service failed ${MAX_TRANSIENT_IN_A_ROW} times in a row (${message}) Resume when it is reachable again.`,
      });
    else this.backoffUntil = now + 2000 * this.transientInARow;
  }

  private profileHalt(): Halt {
    return {
      state: 'paused',
      reason: 'profile',
      message: `Paused: the profile “${profileLabel(this.o.profile())}” has no service here now (removed, no base URL, or demo mode is on). It goes on when that profile can look up again.`,
    };
  }

  private stalledHalt(): Halt {
    return {
      state: 'paused',
      reason: 'stalled',
      message: `Paused: no address got an answer over ${MAX_REQUEUES_IN_A_ROW} tries in a row. Resume to try again.`,
    };
  }

  private longWaitHalt(until: number, serviceUntil: number | undefined): Halt {
    const at = formatUtc(serviceUntil ?? until, 'en-US', this.o.clock.now());
    return {
      state: 'paused',
      reason: 'long-wait',
      message: `Paused: the service asks to wait until ${at}. Resume then.`,
    };
  }

  private finishedHalt(): Halt {
    const j = this.job;
    const msg = j
      ? `Finished: ${formatCount(j.done, 'en-US')} answered (${formatCount(j.fromCache, 'en-US')} from the cache), ${formatCount(j.failed, 'en-US')} failed.`
      : 'Finished.';
    return { state: 'finished', reason: null, message: msg };
  }

  private stopHalt(
    reason: 'budget-floor' | 'month-exhausted',
    resetAt: number | null,
    remaining: number,
    limit?: number,
  ): Halt {
    const j = this.job;
    const done = j ? `${formatCount(j.done + j.failed, 'en-US')} of ${formatCount(j.total, 'en-US')} done` : '';
    const when = resetAt !== null ? ` (resets ${formatUtc(resetAt, 'en-US')})` : '';
    const message =
      reason === 'budget-floor'
        ? `Stopped at the budget floor: ${formatCountOf(remaining, 'request', 'requests', 'en-US')} ${remaining === 1 ? 'is' : 'are'} left this month and ${describeFloor(this.floor, limit ?? null)} ${floorCount(this.floor, limit ?? null) === 1 ? 'is' : 'are'} kept for single lookups. ${done}; the rest wait — resume with a lower floor, or after the month resets${when}.`
        : `Stopped: the month's quota is used up${when}. ${done}; the rest wait — resume after the reset.`;
    return { state: 'stopped', reason, message };
  }

  private finish(h: Halt): RunEnd {
    const { tables, clock, owner } = this.o;
    if (this.heartbeat !== null) clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
    if (!this.leaseLost) {
      try {
        if (h.reason !== 'interrupted') tables.setState(this.jobId, h.state, h.reason, h.message, clock.now());
        tables.releaseLease(this.jobId, owner);
      } catch (err) {
        this.o.logger?.warn('bulk job state could not be saved', {
          error: err instanceof Error ? err.name : 'unknown',
        });
      }
    }
    if (this.job) this.job = { ...this.job, state: h.state, reason: h.reason, message: h.message };
    this.emit();
    return this.end({ state: h.state, reason: h.reason, message: h.message });
  }

  private end(r: RunEnd): RunEnd {
    this.phase = 'ended';
    this.waitingUntil = null;
    return r;
  }

  private armHeartbeat(ttl: number): void {
    const { clock, tables, owner } = this.o;
    const beat = () => {
      this.heartbeat = null;
      let ok: boolean;
      try {
        ok = tables.heartbeat(this.jobId, owner, clock.now());
      } catch {
        ok = true; // a busy database is not a lost lease; the next beat tries again
      }
      if (!ok) {
        this.leaseLost = true;
        (this.o.logger ?? silentLogger).warn('bulk job lease taken over by another process', {});
        this.wake();
        return;
      }
      if (this.phase !== 'ended') this.heartbeat = clock.setTimeout(beat, Math.max(1, Math.floor(ttl / 3)));
    };
    this.heartbeat = clock.setTimeout(beat, Math.max(1, Math.floor(ttl / 3)));
  }

  /** The job's progress now. */
  progress(): BulkProgress | null {
    const j = this.job;
    if (!j) return null;
    const now = this.o.clock.now();
    while (this.answeredAt.length > 0 && (this.answeredAt[0] as number) <= now - 60_000) this.answeredAt.shift();
    const port = this.port ?? this.o.service();
    if (port) this.port = port;
    const quota = port?.state() ?? null;
    const minute = quota?.minutePlan === 'limited' ? quota.minute : null;
    const left = j.total - j.done - j.failed;
    const waiting = this.waitingUntil;
    return {
      jobId: j.id,
      label: j.label,
      profile: this.o.profile(),
      state: j.state,
      reason: j.reason as BulkReason | null,
      message:
        j.message ??
        (waiting !== null && j.state === 'running'
          ? quota?.cooldown
            ? 'Waiting for the limit to reset.'
            : 'Waiting for the next minute window.'
          : null),
      total: j.total,
      done: j.done,
      fromCache: j.fromCache,
      failed: j.failed,
      left,
      sent: j.sent,
      rateLimited: j.rateLimited,
      minuteLimit: minute?.limit ?? null,
      ratePerMinute: this.answeredAt.length,
      etaMs: minute && quota ? timeAtMinuteLimit(left, minute, quota.asOf) : null,
      waitingUntil: waiting,
    };
  }

  private emit(): void {
    const cb = this.o.onProgress;
    if (!cb) return;
    const p = this.progress();
    if (p)
      try {
        cb(p);
      } catch (err) {
        this.o.logger?.warn('bulk progress listener failed', { error: err instanceof Error ? err.name : 'unknown' });
      }
  }
}
