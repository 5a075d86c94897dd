import type { LookupOutcome } from '../../../shared/outcome';
import type { BulkNote, BulkRowError } from '../../../shared/bulk';
import { answerFacts, readAnswer } from '../../../shared/answer';
import { assertNever } from '../../../shared/assert-never';
import { OUTCOMES, type Outcome, type StopKind } from '../../../shared/outcome-table';
import type { Clock, Logger } from '../lib/ports';
import { silentLogger } from '../lib/ports';
import type { BulkAnswer, BulkJobRow, BulkTables } from '../storage/state-db-bulk';
import { DEFAULT_BUDGET_FLOOR, floorCount, timeAtMinuteLimit, type BudgetFloor } from './cost';
import type { BulkJobState, BulkLookupPort, BulkProgress, BulkReason, RunEnd } from './job-types';
import {
  CANCELLED,
  NO_SUCH_JOB,
  NOT_SAVED,
  PAUSED,
  RUN_ELSEWHERE,
  WAITING_FOR_RESET,
  WAITING_FOR_WINDOW,
  english,
  finished,
  pausedLongWait,
  pausedNetwork,
  pausedNoProfile,
  pausedStalled,
  rowErrorText,
  stoppedAtFloor,
  stoppedBy,
  stoppedMonthUsedUp,
} from './messages';
import { pace } from './pacer';
import {
  LeaseKeeper,
  MAX_REQUEUES_IN_A_ROW,
  MAX_TRANSIENT_IN_A_ROW,
  MinuteRate,
  BulkTraffic,
  Setbacks,
  Sleeper,
  WorkList,
  type Item,
  type RunPhase,
} from './run-state';

/**
 * One run of a bulk job (BulkJobs starts one per job it runs): paced to the service's minute windows (pacer.ts), its answers written to state.db as they
 * come (one short transaction per address, before the next request), under a lease so only one process runs
 * it. After a crash, the addresses still pending are the ones never answered: at most the one in flight at the
 * crash is sent again (with maxInFlight 1, the default).
 */

export interface JobRunOptions {
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
  /** The requests all jobs of this process have in flight (BulkJobs shares one; a job alone has its own). */
  traffic?: BulkTraffic;
}

export const DEFAULT_LEASE_TTL_MS = 30_000;
/** A wait longer than this pauses the job instead (and says until when). */
export const LONG_WAIT_MS = 60 * 60_000;

type Halt = { state: BulkJobState; reason: BulkReason | null; note: BulkNote | null };

function readFloor(options: unknown): BudgetFloor {
  const f = (options as { floor?: unknown } | null)?.floor as Record<string, unknown> | undefined;
  if (f && typeof f.count === 'number' && Number.isFinite(f.count) && f.count >= 0) return { count: f.count };
  if (f && typeof f.percent === 'number' && f.percent >= 0 && f.percent <= 100) return { percent: f.percent };
  return DEFAULT_BUDGET_FLOOR;
}

const errorName = (err: unknown) => (err instanceof Error ? err.name : 'unknown');

export class JobRun {
  /** Why the run stops (the first reason given wins); null while it goes on. */
  private halt: Halt | null = null;
  /** The job's row as this run knows it (counts kept up to date with every answer). */
  private job: BulkJobRow | null = null;
  private floor: BudgetFloor = DEFAULT_BUDGET_FLOOR;
  private inFlight = 0;
  private readonly traffic: BulkTraffic;
  /** The service of the latest round (its state feeds the progress while no service is live). */
  private port: BulkLookupPort | null = null;
  private readonly work: WorkList;
  private readonly setbacks = new Setbacks();
  private readonly rate = new MinuteRate();
  private readonly sleeper: Sleeper;
  private readonly lease: LeaseKeeper;
  private readonly logger: Logger;

  constructor(
    private readonly options: JobRunOptions,
    readonly jobId: string,
  ) {
    this.traffic = options.traffic ?? new BulkTraffic();
    this.logger = options.logger ?? silentLogger;
    this.work = new WorkList(options.tables, jobId);
    this.sleeper = new Sleeper(
      options.clock,
      () => this.setbacks.waited(),
      () => this.emit(),
    );
    this.lease = new LeaseKeeper({
      tables: options.tables,
      jobId,
      owner: options.owner,
      clock: options.clock,
      logger: this.logger,
      running: () => this.sleeper.phase !== 'ended',
      onLost: () => this.sleeper.wake(),
    });
  }

  /** Local instant the run sleeps until (tests and benchmarks move an injected clock there). */
  get waitingUntil(): number | null {
    return this.sleeper.waitingUntil;
  }

  /** 'ended' once run() has resolved. */
  get phase(): RunPhase {
    return this.sleeper.phase;
  }

  /** Stop sending: requests in flight are answered and kept; the job is paused (resume runs it again). */
  pause(): void {
    this.stop({ state: 'paused', reason: 'user', note: PAUSED });
  }

  cancel(): void {
    this.stop({ state: 'cancelled', reason: 'user', note: CANCELLED });
  }

  /** The process is ending: the job stays marked as running so that it resumes at the next start. */
  interrupt(): void {
    this.stop({ state: 'running', reason: 'interrupted', note: null });
  }

  private stop(h: Halt): void {
    if (!this.halt) this.halt = h;
    this.sleeper.wake();
  }

  async run(): Promise<RunEnd> {
    const { tables, clock, owner } = this.options;
    this.sleeper.phase = 'running';
    try {
      const job = tables.getJob(this.jobId);
      if (!job) return this.end({ state: 'cancelled', reason: 'missing', note: NO_SUCH_JOB });
      if (job.state === 'finished' || job.state === 'cancelled')
        return this.end({ state: job.state, reason: job.reason as BulkReason | null, note: job.note });
      const ttl = this.options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
      const holder = tables.acquireLease(this.jobId, owner, clock.now(), ttl);
      if (holder.owner !== owner) return this.end({ state: job.state, reason: 'busy', note: RUN_ELSEWHERE });
      this.job = job;
      this.floor = readFloor(job.options);
      tables.setState(this.jobId, 'running', null, null, clock.now());
      this.job = { ...job, state: 'running', reason: null, note: null, message: null };
      this.lease.arm(ttl);
      this.emit();
      const halt = await this.loop();
      return this.finish(halt);
    } catch (err) {
      this.logger.warn('bulk job failed', { error: errorName(err) });
      return this.finish({ state: 'stopped', reason: 'storage', note: NOT_SAVED });
    }
  }

  private async loop(): Promise<Halt> {
    const maxInFlight = Math.max(1, Math.floor(this.options.maxInFlight ?? 1));
    const running: Promise<void>[] = [];
    // Another job's answer to the same service may leave a slot this one waits for (a wait for answers in flight, not
    // one until an instant: that needs no waking, and each timed sleep restarted would say so in a progress event).
    const unsubscribe = this.traffic.onAnswer((service) => {
      if (service === this.port && this.sleeper.waitingUntil === null) this.sleeper.wake();
    });
    try {
      return await this.sendAll(maxInFlight, running);
    } finally {
      unsubscribe();
    }
  }

  private async sendAll(maxInFlight: number, running: Promise<void>[]): Promise<Halt> {
    for (;;) {
      if (this.halt) break;
      if (this.lease.lost) return { state: 'running', reason: 'interrupted', note: null };
      // A guard, whatever the cause: a loop that neither gets answers nor waits would starve the process.
      if (this.setbacks.stalledAtRound()) {
        this.stop(this.stalledHalt());
        continue;
      }
      const service = this.options.service();
      if (service) this.port = service;
      else {
        if (this.inFlight > 0) {
          await this.sleeper.sleep(null);
          continue;
        }
        this.stop(this.profileHalt());
        continue;
      }
      const item = this.work.peek();
      if (!item) {
        if (this.inFlight === 0) return this.finishedHalt();
        await this.sleeper.sleep(null);
        continue;
      }
      if (service.isCached(item.ip)) {
        this.work.take();
        this.answer(item, await service.lookup(item.ip, { bulk: true }));
        continue;
      }
      const now = this.options.clock.now();
      if (this.setbacks.backoffUntil > now) {
        await this.sleeper.sleep(this.setbacks.backoffUntil);
        continue;
      }
      const step = this.paceStep(service, maxInFlight, now);
      if (step.kind === 'halt') return step.halt;
      if (step.kind === 'sleep') {
        await this.sleeper.sleep(step.until);
        continue;
      }
      if (step.kind === 'stop') {
        this.stop(step.halt);
        continue;
      }
      this.work.take();
      this.inFlight++;
      this.traffic.sent(service);
      const p = service
        .lookup(item.ip, { bulk: true })
        .then((outcome) => this.answer(item, outcome))
        .finally(() => {
          this.inFlight--;
          this.traffic.done(service);
          running.splice(running.indexOf(p), 1);
          this.sleeper.wake();
        });
      running.push(p);
      if (maxInFlight === 1) await p;
    }
    while (running.length > 0) await Promise.allSettled([...running]);
    return this.halt as Halt;
  }

  /**
   * What the pacer says about sending now: send, sleep (until an instant, or null: until an answer in flight comes),
   * stop (a wait too long: pause, saying until when) or halt (the month's budget is spent, nothing in flight).
   */
  private paceStep(
    service: BulkLookupPort,
    maxInFlight: number,
    now: number,
  ):
    | { kind: 'send' }
    | { kind: 'sleep'; until: number | null }
    | { kind: 'stop'; halt: Halt }
    | { kind: 'halt'; halt: Halt } {
    const quota = service.state();
    const d = pace({
      quota,
      inFlight: this.inFlight,
      othersInFlight: Math.max(0, this.traffic.inFlight(service) - this.inFlight),
      maxInFlight,
      floor: floorCount(this.floor, quota.month?.limit ?? null),
      reserve: this.options.reserve ?? 1,
      releaseMs: this.options.releaseMs ?? 2000,
      seen: this.rate.seen,
    });
    if (d.kind === 'stop') {
      if (this.inFlight > 0) return { kind: 'sleep', until: null };
      const month = quota.month;
      return {
        kind: 'halt',
        halt: this.stopHalt(d.reason, month?.resetAt ?? null, month?.remaining ?? 0, month?.limit),
      };
    }
    if (d.kind === 'wait') {
      if (d.until !== null && d.until - now > LONG_WAIT_MS)
        return { kind: 'stop', halt: this.longWaitHalt(d.until, quota.cooldown?.until) };
      return { kind: 'sleep', until: d.until };
    }
    return { kind: 'send' };
  }

  /** An answer that recorded nothing and may have come at once: the address goes back, after a wait. */
  private requeueAfterWait(item: Item, now: number): void {
    this.work.putBack(item);
    this.setbacks.requeued(now);
  }

  /** Writes an address's answer to state.db and counts it in the job. */
  private record(item: Item, answer: Omit<BulkAnswer, 'at'>, now: number): void {
    this.setbacks.recorded();
    if (!this.options.tables.record(this.jobId, item.seq, { ...answer, at: now }) || !this.job) return;
    this.job.done += answer.status === 'done' ? 1 : 0;
    this.job.failed += answer.status === 'failed' ? 1 : 0;
    this.job.fromCache += answer.source === 'cache' ? 1 : 0;
    this.job.sent += answer.status === 'done' && answer.source === 'network' ? 1 : 0;
  }

  private answer(item: Item, outcome: LookupOutcome): void {
    const now = this.options.clock.now();
    if (outcome.kind === 'ok') this.answered(item, outcome, now);
    else this.notAnswered(item, outcome, now);
    this.emit();
  }

  /** An address the lookup did not answer: what the outcome table says a job does with it. */
  private notAnswered(item: Item, outcome: Exclude<LookupOutcome, { kind: 'ok' }>, now: number): void {
    const action = OUTCOMES[outcome.kind].bulk;
    switch (action) {
      case 'wait':
        if (outcome.kind === 'rate-limited') {
          this.options.tables.countRateLimited(this.jobId, now);
          if (this.job) this.job.rateLimited++;
        }
        this.requeueAfterWait(item, now); // the pacer waits for the reset the cooldown or the 429 named
        break;
      case 'stop':
        this.work.putBack(item);
        this.stop({ state: 'stopped', reason: outcome.kind as StopKind, note: stoppedBy(outcome) });
        break;
      case 'retry':
        if (outcome.kind === 'network-error' && outcome.reason === 'aborted') {
          // Its service stopped under it (a profile switch, a settings change): the next round asks for the live one.
          this.requeueAfterWait(item, now);
          break;
        }
        this.transient(item, outcome, now);
        break;
      case 'fail':
        // Not an address (invalid-ip, 422), a bad response: this address fails, the job goes on.
        this.setbacks.answered();
        this.record(
          item,
          {
            status: 'failed',
            source: null,
            kind: outcome.kind,
            error: rowErrorText({ kind: 'outcome', outcome }),
            errorFact: { kind: 'outcome', outcome },
            bodyJson: null,
          },
          now,
        );
        break;
      default:
        assertNever(action); // never let an address drop out of the job unrecorded
    }
  }

  /** An answer: recorded as done (or as a bad response when its body cannot be written down). */
  private answered(item: Item, outcome: Outcome<'ok'>, now: number): void {
    this.setbacks.answered();
    const bodyJson = outcome.tooLarge ? null : jsonOrNull(outcome.body);
    if (bodyJson === undefined) {
      // An answer that cannot be written down is a bad response for this address, never a lost row.
      const errorFact: BulkRowError = { kind: 'body-not-kept' };
      const error = rowErrorText(errorFact);
      this.record(
        item,
        { status: 'failed', source: null, kind: 'bad-response', error, errorFact, bodyJson: null },
        now,
      );
    } else
      this.record(
        item,
        {
          status: 'done',
          source: outcome.source,
          kind: 'ok',
          error: outcome.tooLarge ? rowErrorText({ kind: 'answer-too-large' }) : null,
          errorFact: outcome.tooLarge ? { kind: 'answer-too-large' } : null,
          bodyJson,
          factsJson: factsOf(bodyJson === null ? null : outcome.body),
        },
        now,
      );
    if (outcome.source === 'network') this.rate.answered(now, this.port?.state().minute);
  }

  /** A network error or 5xx: tried again later, failed after its last attempt; too many in a row pause the job. */
  private transient(item: Item, fact: Exclude<LookupOutcome, { kind: 'ok' }>, now: number): void {
    const { lastAttempt, pause } = this.setbacks.transient(item.seq, now);
    if (lastAttempt) {
      const saved = this.options.tables.record(this.jobId, item.seq, {
        status: 'failed',
        source: null,
        kind: fact.kind,
        error: rowErrorText({ kind: 'outcome', outcome: fact }),
        errorFact: { kind: 'outcome', outcome: fact },
        bodyJson: null,
        at: now,
      });
      if (saved && this.job) this.job.failed++;
    } else this.work.putBack(item);
    if (pause)
      this.stop({
        state: 'paused',
        reason: 'network',
        note: pausedNetwork(MAX_TRANSIENT_IN_A_ROW, fact),
      });
  }

  private profileHalt(): Halt {
    return {
      state: 'paused',
      reason: 'profile',
      note: pausedNoProfile(this.options.profile()),
    };
  }

  private stalledHalt(): Halt {
    return {
      state: 'paused',
      reason: 'stalled',
      note: pausedStalled(MAX_REQUEUES_IN_A_ROW),
    };
  }

  private longWaitHalt(until: number, serviceUntil: number | undefined): Halt {
    return {
      state: 'paused',
      reason: 'long-wait',
      note: pausedLongWait(serviceUntil ?? until, this.options.clock.now()),
    };
  }

  private finishedHalt(): Halt {
    return { state: 'finished', reason: null, note: finished(this.job) };
  }

  private stopHalt(
    reason: 'budget-floor' | 'month-exhausted',
    resetAt: number | null,
    remaining: number,
    limit?: number,
  ): Halt {
    const note =
      reason === 'budget-floor'
        ? stoppedAtFloor(this.job, remaining, this.floor, limit ?? null, resetAt, this.options.clock.now())
        : stoppedMonthUsedUp(this.job, resetAt, this.options.clock.now());
    return { state: 'stopped', reason, note };
  }

  private finish(h: Halt): RunEnd {
    const { tables, clock, owner } = this.options;
    this.lease.stop();
    if (!this.lease.lost) {
      try {
        if (h.reason !== 'interrupted') tables.setState(this.jobId, h.state, h.reason, h.note, clock.now());
        tables.releaseLease(this.jobId, owner);
      } catch (err) {
        this.logger.warn('bulk job state could not be saved', { error: errorName(err) });
      }
    }
    if (this.job) this.job = { ...this.job, state: h.state, reason: h.reason, note: h.note, message: english(h.note) };
    this.emit();
    return this.end({ state: h.state, reason: h.reason, note: h.note });
  }

  private end(r: Omit<RunEnd, 'message'> & { note: BulkNote | null }): RunEnd {
    this.sleeper.end();
    return { state: r.state, reason: r.reason, message: english(r.note), note: r.note };
  }

  /** The job's progress now. */
  progress(): BulkProgress | null {
    const j = this.job;
    if (!j) return null;
    const now = this.options.clock.now();
    const ratePerMinute = this.rate.perMinute(now);
    const port = this.port ?? this.options.service();
    if (port) this.port = port;
    const quota = port?.state() ?? null;
    const minute = quota?.minutePlan === 'limited' ? quota.minute : null;
    const left = j.total - j.done - j.failed;
    const waiting = this.waitingUntil;
    const note =
      j.note ??
      (waiting !== null && j.state === 'running' ? (quota?.cooldown ? WAITING_FOR_RESET : WAITING_FOR_WINDOW) : null);
    return {
      jobId: j.id,
      label: j.label,
      profile: this.options.profile(),
      state: j.state,
      reason: j.reason as BulkReason | null,
      note,
      message: english(note),
      total: j.total,
      done: j.done,
      fromCache: j.fromCache,
      failed: j.failed,
      left,
      sent: j.sent,
      rateLimited: j.rateLimited,
      minuteLimit: minute?.limit ?? null,
      ratePerMinute,
      etaMs: minute && quota ? timeAtMinuteLimit(left, minute, quota.asOf) : null,
      waitingUntil: waiting,
    };
  }

  private emit(): void {
    const cb = this.options.onProgress;
    if (!cb) return;
    const p = this.progress();
    if (p)
      try {
        cb(p);
      } catch (err) {
        this.logger.warn('bulk progress listener failed', { error: errorName(err) });
      }
  }
}

/** The JSON text of an answer; undefined when it has none that can be written (too deep for JSON.stringify). */
function jsonOrNull(body: unknown): string | null | undefined {
  try {
    return JSON.stringify(body) ?? null;
  } catch {
    return undefined;
  }
}

/** The facts a report reads of an answer (stored beside it), or null when it has no body to read. */
function factsOf(body: unknown): string | null {
  const a = body === null ? null : readAnswer(body);
  return a ? answerFacts(a) : null;
}
