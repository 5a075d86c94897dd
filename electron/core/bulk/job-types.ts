import type { LookupOutcome } from '../../../shared/outcome';
import type { BulkJobState } from '../storage/state-db-bulk';
import type { BudgetFloor, CostSource } from './cost';

export type { BulkJobState } from '../storage/state-db-bulk';

/** What a bulk job uses of the profile's service (QuotaService satisfies it): lookups, the quota, the cache. */
export interface BulkLookupPort extends CostSource {
  /** A lookup as the window's: from the fresh cache when it can, else sent; answers enter the cache. */
  lookup(ip: string): Promise<LookupOutcome>;
}

/** What a job keeps of its options (in its row's JSON). */
export interface BulkJobOptions {
  floor: BudgetFloor;
}

/**
 * Why a job is not running. Stopped (resumable once the cause is gone): 'budget-floor', 'month-exhausted',
 * 'invalid-key', 'no-key', 'forbidden', 'storage'. Paused: 'user', 'network', 'interrupted' (the process ended
 * while it ran; it resumes at the next start). Cancelled: 'user'.
 */
export type BulkReason =
  | 'user'
  | 'budget-floor'
  | 'month-exhausted'
  | 'invalid-key'
  | 'no-key'
  | 'forbidden'
  | 'network'
  | 'storage'
  | 'interrupted';

/** One job's progress, pushed after every answer and every change of state. */
export interface BulkProgress {
  jobId: string;
  label: string;
  state: BulkJobState;
  reason: BulkReason | null;
  /** Why it stopped or what it waits for, in a sentence; null while it simply runs. */
  message: string | null;
  total: number;
  /** Answered (from the network or the cache). */
  done: number;
  fromCache: number;
  failed: number;
  /** Neither answered nor failed yet. */
  left: number;
  /** Requests the job sent that the service answered (they count against the quota). */
  sent: number;
  /** Unexpected 429 answers (each paused the job until the reset it named). */
  rateLimited: number;
  /** The minute limit the job paces to; null when there is none or it is not known yet. */
  minuteLimit: number | null;
  /** Requests answered over the last minute (local clock). */
  ratePerMinute: number;
  /** Time left at the current minute limit; null when unknown (no minute limit, or not known yet). */
  etaMs: number | null;
  /** Local-clock instant the job waits until (a minute window, a cooldown), or null. */
  waitingUntil: number | null;
}

export interface RunEnd {
  state: BulkJobState;
  reason: BulkReason | 'busy' | 'missing' | null;
  message: string | null;
}
