/**
 * The state one bulk run keeps besides its job row, in small pieces the job's run (job-run.ts) drives: the addresses
 * still to send, the setbacks that slow or stop it, the answers of the last minute, its sleep, and its lease.
 */
import { timerDelay } from '../lib/deadline-timer';
import { Emitter } from '../lib/emitter';
import type { Clock, Logger, TimerHandle } from '../lib/ports';
import type { BulkTables } from '../storage/state-db-bulk';

export interface Item {
  seq: number;
  ip: string;
}

/** Transient failures (network, 5xx) in a row that pause the job. */
export const MAX_TRANSIENT_IN_A_ROW = 3;
/** Attempts of one address before it is marked failed. */
export const MAX_ATTEMPTS = 3;
/** Answers in a row that recorded nothing (aborted, cooldown, 429) before the job pauses as stalled. */
export const MAX_REQUEUES_IN_A_ROW = 20;
/** Rounds of the loop in a row that neither recorded an answer nor waited any time, before it pauses as stalled. */
const MAX_ROUNDS_WITHOUT_WAIT = 1000;
/** The first wait after an answer that recorded nothing; doubled each time in a row, up to 30 s. */
const REQUEUE_BACKOFF_MS = 250;
const MAX_REQUEUE_BACKOFF_MS = 30_000;
/** Addresses read from state.db at a time. */
const PAGE = 256;

/** The addresses still to send: those put back first, then the job's pending ones from state.db, a page at a time. */
export class WorkList {
  private readonly retry: Item[] = [];
  private queue: Item[] = [];
  private lastSeq = -1;

  constructor(
    private readonly tables: BulkTables,
    private readonly jobId: string,
  ) {}

  /** The next address, left in place (undefined: none left). */
  peek(): Item | undefined {
    if (this.retry.length > 0) return this.retry[0];
    if (this.queue.length === 0) {
      this.queue = this.tables.pending(this.jobId, this.lastSeq, PAGE);
      const last = this.queue[this.queue.length - 1];
      if (last) this.lastSeq = last.seq;
    }
    return this.queue[0];
  }

  /** Removes the address peek() returned. */
  take(): void {
    if (this.retry.length > 0) this.retry.shift();
    else this.queue.shift();
  }

  /** Puts an address back in front: it is the next one sent. */
  putBack(item: Item): void {
    this.retry.unshift(item);
  }
}

/**
 * What slows a run down or stops it: failures of an address (attempts), transient failures in a row (backoff, then a
 * pause), answers in a row that recorded nothing (growing backoff, then stalled), and rounds that neither recorded
 * nor waited (stalled: a loop that spins would starve the process).
 */
export class Setbacks {
  private readonly attempts = new Map<number, number>();
  private transientInARow = 0;
  private requeuesInARow = 0;
  private roundsWithoutWait = 0;
  /** No request before this local instant. */
  backoffUntil = 0;

  /** A new round of the loop: true when the run is stalled and should pause. */
  stalledAtRound(): boolean {
    return ++this.roundsWithoutWait > MAX_ROUNDS_WITHOUT_WAIT || this.requeuesInARow >= MAX_REQUEUES_IN_A_ROW;
  }

  /** The run waited some time. */
  waited(): void {
    this.roundsWithoutWait = 0;
  }

  /** An answer was recorded. */
  recorded(): void {
    this.requeuesInARow = 0;
    this.roundsWithoutWait = 0;
  }

  /** An answer that is not a transient failure (the service answered). */
  answered(): void {
    this.transientInARow = 0;
  }

  /**
   * An answer that recorded nothing and may have come at once: the job waits before the next round (250 ms,
   * doubling in a row up to 30 s) — never straight round the loop again.
   */
  requeued(now: number): void {
    this.requeuesInARow++;
    const wait = Math.min(MAX_REQUEUE_BACKOFF_MS, REQUEUE_BACKOFF_MS * 2 ** Math.min(16, this.requeuesInARow - 1));
    this.backoffUntil = Math.max(this.backoffUntil, now + wait);
  }

  /**
   * A transient failure of `seq`: whether the address has had its last attempt, and whether the failures in a row
   * pause the job (else the next request waits 2 s per failure in a row).
   */
  transient(seq: number, now: number): { lastAttempt: boolean; pause: boolean } {
    const n = (this.attempts.get(seq) ?? 0) + 1;
    this.attempts.set(seq, n);
    this.transientInARow++;
    const pause = this.transientInARow >= MAX_TRANSIENT_IN_A_ROW;
    if (!pause) this.backoffUntil = now + 2000 * this.transientInARow;
    return { lastAttempt: n >= MAX_ATTEMPTS, pause };
  }
}

/** The network answers of the last minute, and the lowest "remaining" seen in the current minute window. */
export class MinuteRate {
  private readonly answeredAt: number[] = [];
  /** What the pacer is told of the minute window (the service's figure may lag answers in flight). */
  seen: { resetAt: number; remaining: number } | null = null;

  answered(now: number, window: { resetAt: number; remaining: number } | null | undefined): void {
    this.answeredAt.push(now);
    if (!window) return;
    this.seen =
      this.seen && this.seen.resetAt === window.resetAt
        ? { resetAt: window.resetAt, remaining: Math.min(this.seen.remaining, window.remaining) }
        : { resetAt: window.resetAt, remaining: window.remaining };
  }

  /** Network answers in the minute before `now`. */
  perMinute(now: number): number {
    while (this.answeredAt.length > 0 && (this.answeredAt[0] as number) <= now - 60_000) this.answeredAt.shift();
    return this.answeredAt.length;
  }
}

export type RunPhase = 'idle' | 'running' | 'waiting' | 'ended';

/** The run's phase and its sleep: until an instant on the clock, or until woken (an answer, pause, cancel). */
export class Sleeper {
  private wakeFn: (() => void) | null = null;
  /** Local instant the run sleeps until (tests and benchmarks move an injected clock there). */
  waitingUntil: number | null = null;
  phase: RunPhase = 'idle';

  constructor(
    private readonly clock: Clock,
    /** Called when a sleep that waited (not one already due) ends. */
    private readonly onWaited: () => void,
    /** Called when a sleep until an instant starts (the progress shows it). */
    private readonly onTimedSleep: () => void,
  ) {}

  wake(): void {
    this.wakeFn?.();
  }

  /** Sleeps until the local instant `until` (null: until woken). */
  sleep(until: number | null): Promise<void> {
    const { clock } = this;
    const waits = until === null || until > clock.now();
    return new Promise<void>((resolve) => {
      let timer: TimerHandle | null = null;
      const done = () => {
        if (waits) this.onWaited();
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
        this.onTimedSleep();
      }
    });
  }

  end(): void {
    this.phase = 'ended';
    this.waitingUntil = null;
  }
}

/** The job's lease in state.db, kept by a heartbeat every third of its time to live; lost if another took it. */
export class LeaseKeeper {
  private heartbeat: TimerHandle | null = null;
  lost = false;

  constructor(
    private readonly args: {
      tables: BulkTables;
      jobId: string;
      owner: string;
      clock: Clock;
      logger: Logger;
      /** Whether the run still goes on (no beat after it ended). */
      running: () => boolean;
      /** Called once the lease is found lost. */
      onLost: () => void;
    },
  ) {}

  arm(ttl: number): void {
    const { tables, jobId, owner, clock } = this.args;
    const every = Math.max(1, Math.floor(ttl / 3));
    const beat = () => {
      this.heartbeat = null;
      let ok: boolean;
      try {
        ok = tables.heartbeat(jobId, owner, clock.now());
      } catch {
        ok = true; // a busy database is not a lost lease; the next beat tries again
      }
      if (!ok) {
        this.lost = true;
        this.args.logger.warn('bulk job lease taken over by another process', {});
        this.args.onLost();
        return;
      }
      if (this.args.running()) this.heartbeat = clock.setTimeout(beat, every);
    };
    this.heartbeat = clock.setTimeout(beat, every);
  }

  stop(): void {
    if (this.heartbeat !== null) this.args.clock.clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }
}

/**
 * The requests every job of this process has in flight, per service: jobs of one profile share its minute window,
 * so each paces on all of them, not on its own alone (three jobs that each saw one slot left would send three).
 * An answer to any job wakes the others, which may then send what it left.
 */
export class BulkTraffic {
  private readonly counts = new WeakMap<object, number>();
  private readonly answered = new Emitter<object>();

  inFlight(service: object): number {
    return this.counts.get(service) ?? 0;
  }

  sent(service: object): void {
    this.counts.set(service, this.inFlight(service) + 1);
  }

  done(service: object): void {
    this.counts.set(service, Math.max(0, this.inFlight(service) - 1));
    this.answered.emit(service);
  }

  /** Calls `cb` with the service after every answer (or abort) of any job; returns the unsubscribe function. */
  onAnswer(cb: (service: object) => void): () => void {
    return this.answered.on(cb);
  }
}
