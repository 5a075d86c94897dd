/**
 * Bulk lookups as the window, the tray and the CLI see them: the wire types of the bulk capabilities in
 * shared/ipc.ts, and the tray's one-line summary. The engine is electron/core/bulk/ (docs/bulk.md).
 */
import type { OutcomeFact } from './outcome';
import type { StopKind } from './outcome-table';
import type { IpProblem } from './ip';

/** Requests of the month a job leaves alone for single lookups: a share of the month limit, or a count. */
export type BudgetFloor = { percent: number } | { count: number };

/** A job's states (state.db's bulk_job CHECK repeats this list: test/unit/core/storage/state-db-schema.test.ts). */
export const BULK_JOB_STATES = ['ready', 'running', 'paused', 'stopped', 'finished', 'cancelled'] as const;
export type BulkJobState = (typeof BULK_JOB_STATES)[number];

/**
 * Why a job is not running. Stopped (resumable once the cause is gone): 'budget-floor', 'month-exhausted',
 * 'storage', and the outcome kinds that stop a job ('invalid-key', 'no-key', 'forbidden': shared/outcome-table.ts's
 * StopKind). Paused: 'user', 'network', 'interrupted' (the process ended
 * while it ran; it resumes at the next start), 'profile' (its profile has no service in this process now: removed,
 * no base URL, or demo mode is on; it resumes when it has one), 'stalled' (no address got an answer over many
 * rounds), 'long-wait' (the service asked to wait over an hour). Cancelled: 'user'.
 */
export type BulkReason =
  | StopKind
  | 'user'
  | 'budget-floor'
  | 'month-exhausted'
  | 'network'
  | 'storage'
  | 'interrupted'
  | 'profile'
  | 'stalled'
  | 'long-wait';

/** Where a job stood: answered plus failed of its total. */
export interface BulkDoneCounts {
  done: number;
  failed: number;
  total: number;
}

/** A failed lookup as a job keeps it: the outcome's fact. */
export type BulkOutcomeFact = Exclude<OutcomeFact, { kind: 'ok' }>;

/**
 * What a job says when it stops, pauses, waits or finishes, as a fact (kind and parameters): the faces put it in
 * words (shared/i18n's `bulkNote` area). state.db keeps it as JSON (bulk_job.note); a job kept before that has only
 * its English sentence ('text').
 */
export type BulkNote =
  | { kind: 'paused' }
  | { kind: 'cancelled' }
  | { kind: 'no-such-job' }
  | { kind: 'no-service' }
  | { kind: 'run-elsewhere' }
  | { kind: 'not-saved' }
  | { kind: 'waiting-reset' }
  | { kind: 'waiting-window' }
  /** Before a run starts: the job's profile has no service in this process. */
  | { kind: 'profile-cannot-look-up'; profile: string }
  /** While it runs: the job's profile lost its service (it goes on when it has one again). */
  | { kind: 'paused-no-profile'; profile: string }
  | { kind: 'paused-stalled'; tries: number }
  /** The service failed `times` in a row; `last` is its last failure. */
  | { kind: 'paused-network'; times: number; last: BulkOutcomeFact }
  /** The service asks to wait until `until` (longer than a job waits); `now` decides whether the year is said. */
  | { kind: 'paused-long-wait'; until: number; now: number }
  | { kind: 'finished'; counts: { done: number; fromCache: number; failed: number } | null }
  /** `remaining` left, `floor` (and `floorCount` requests of it, when known) kept for single lookups. */
  | {
      kind: 'stopped-floor';
      counts: BulkDoneCounts | null;
      remaining: number;
      floor: { percent: number; limit: number | null } | { count: number };
      floorCount: number | null;
      resetAt: number | null;
      now: number;
    }
  | { kind: 'stopped-month'; counts: BulkDoneCounts | null; resetAt: number | null; now: number }
  /** An outcome that stops a job (shared/outcome-table.ts's StopKind: a refused key, a plan that forbids it). */
  | { kind: 'stopped-outcome'; outcome: BulkOutcomeFact }
  /** A job kept before notes were facts: its English sentence as it was stored. */
  | { kind: 'text'; text: string };

/** Why an address of a job failed (or what its answer lacks), as a fact; 'text' for one kept before. */
export type BulkRowError =
  | { kind: 'outcome'; outcome: BulkOutcomeFact }
  | { kind: 'body-not-kept' }
  | { kind: 'answer-too-large' }
  | { kind: 'text'; text: string };

/** How an address of a job ended (state.db's bulk_answer CHECK repeats this list); without an answer it is pending. */
export const BULK_ANSWER_STATUSES = ['done', 'failed'] as const;
export type BulkAnswerStatus = (typeof BULK_ANSWER_STATUSES)[number];
export type BulkItemStatus = 'pending' | BulkAnswerStatus;

/** What a job will cost, before anything is sent. */
export interface CostPreview {
  unique: number;
  /** Answered free from the fresh lookup cache. */
  fromCache: number;
  /** Requests the job would send if nothing stopped it. */
  toSend: number;
  month: {
    limit: number;
    remainingBefore: number;
    /** After the job (or after it stops at the floor). */
    remainingAfter: number;
    /** The figures are assumed (the window reset since the last answer), not confirmed. */
    estimated: boolean;
  } | null;
  /** The floor as asked (a share of the month or a count). */
  floor: BudgetFloor;
  /** Requests kept for single lookups; null while unknown (a share of an unknown month limit). */
  budgetFloor: number | null;
  /** How many requests fit above the floor (null: month unknown); less than toSend means the job stops early. */
  sendable: number | null;
  stopsEarly: boolean;
  minutePlan: 'unknown' | 'limited' | 'none';
  minuteLimit: number | null;
  /** Time the requests take at the current minute limit, ms; null when there is no or no known minute limit. */
  estimatedMs: number | null;
}

/** A job's counts, as its progress and its list entry give them. */
export interface BulkCounts {
  total: number;
  /** Answered (from the network or the cache). */
  done: number;
  fromCache: number;
  failed: number;
  /** Neither answered nor failed yet. */
  left: number;
  /** Answers the job got from the service (each counted against the quota). */
  sent: number;
  /** Unexpected 429 answers (each paused the job until the reset it named). */
  rateLimited: number;
}

/** One job's progress, pushed (event `bulk-progress`) after every answer and every change of state. */
export interface BulkProgress extends BulkCounts {
  jobId: string;
  label: string;
  /** The profile the job belongs to (it runs on that profile's service, whichever profile is in use). */
  profile: string;
  state: BulkJobState;
  reason: BulkReason | null;
  /** Why it stopped or what it waits for, as a fact; null while it simply runs (absent: none). */
  note?: BulkNote | null;
  /** The same in English (the note worded by the English catalog; JSON output and older readers). */
  message: string | null;
  /** The minute limit the job paces to; null when there is none or it is not known yet. */
  minuteLimit: number | null;
  /** Requests answered over the last minute. */
  ratePerMinute: number;
  /** Time left at the current minute limit; null when unknown (no minute limit, or not known yet). */
  etaMs: number | null;
  /** Local-clock instant the job waits until (a minute window, a cooldown), or null. */
  waitingUntil: number | null;
}

/** Where a job was started: the window (or the web preview), or the command line. */
export type BulkJobOrigin = 'window' | 'command line';

/** A job as listed. */
export interface BulkJobInfo extends BulkCounts {
  id: string;
  /** The input's file name ("auth.log", never its folder), "stdin", or "N addresses" for a pasted list. */
  label: string;
  profile: string;
  /** Where it was started; absent for a job made before this was kept. */
  origin?: BulkJobOrigin;
  /** Started in demo mode: its answers are simulated (its report says so). Absent otherwise. */
  demo?: true;
  createdAt: number;
  updatedAt: number;
  state: BulkJobState;
  reason: BulkReason | null;
  /** Why it stopped or what it waits for, as a fact (BulkNote); null while it simply runs (absent: none). */
  note?: BulkNote | null;
  /** The same in English (JSON output and older readers). */
  message: string | null;
  floor: BudgetFloor;
  /** Running in this process now. */
  active: boolean;
}

/** Text to look up (pasted, or a file's content), and how to read it. */
export interface BulkInputRequest {
  text: string;
  /** Keep private, loopback and reserved addresses (default: left out). */
  includeReserved?: boolean;
  /** Expand CIDR blocks and a-b ranges (at most 65 536 addresses). */
  expandRanges?: boolean;
  /** Default: 5 % of the month limit. */
  floor?: BudgetFloor;
}

export interface BulkStartRequest extends BulkInputRequest {
  /** A name for the job (default: "N addresses"). */
  label?: string;
}

/** What the text holds and what looking it up would cost (nothing sent). */
export interface BulkPrepared {
  /** Unique addresses a job would look up. */
  unique: number;
  /** The first of them (up to 100), for a glance. */
  sample: string[];
  /** Private, loopback and reserved addresses left out (up to 100 listed; `excludedCount` in all). */
  excluded: { ip: string; line: number; flag: string | null }[];
  excludedCount: number;
  /** Entries that are not addresses: their line, their text as found (data, cut to 60 characters), why not. */
  invalid: { line: number; text: string; problem: EntryProblem }[];
  invalidCount: number;
  /** In a log: how many address-like tokens were skipped (0 in a list), and the first as found (data), or null. */
  noiseCount: number;
  noiseExample: string | null;
  duplicates: number;
  ranges: { line: number; text: string; size: number }[];
  rangeAddresses: number;
  expanded: boolean;
  /** Ranges asked to be expanded but over the cap: their addresses and the cap, or null. */
  rangeLimit: { total: number; max: number } | null;
  lines: number;
  /** null without a key (nothing can be sent). */
  preview: CostPreview | null;
  /**
   * The ranges the job leaves out unless they are expanded, or null (none, or expanded). Every face words it after the
   * cost (bulkPreview.rangesNote and notCounted), or alone when the list holds nothing else (onlyRanges).
   */
  rangesLeft: RangesLeft | null;
}

/** Ranges left out of a job unless expanded: how many, the first few as written (data), what they hold, the cap. */
export interface RangesLeft {
  count: number;
  shown: string[];
  total: number;
  /** The most addresses the ranges may hold to be expanded (over it, the note says to narrow them instead). */
  max: number;
}

/** Why the core would not read, start or follow a bulk job: a fact every face words (bulkNote.refusal). */
export type BulkRefusal =
  | { kind: 'range-limit'; total: number; max: number }
  | { kind: 'no-addresses' }
  | { kind: 'only-reserved' }
  | { kind: 'no-key' }
  | { kind: 'no-such-job' }
  | { kind: 'no-dialog' }
  /** `name`: the file's name (data, bounded). */
  | { kind: 'followed-already'; name: string }
  | { kind: 'read-cancelled' }
  | { kind: 'not-opened' }
  /** `code`: the system's error code (data, bounded), e.g. EACCES. */
  | { kind: 'cannot-read'; name: string; code: string };

/**
 * Why a followed file stopped being followed by itself: unreadable, state.db not writable, or its job ended (with the
 * job's note); `text`: a sentence an older build kept (data, shown as it is).
 */
export type BulkFollowEnd =
  | { kind: 'read'; name: string; code: string }
  | { kind: 'storage'; code: string }
  | { kind: 'job'; note: BulkNote | null }
  | { kind: 'text'; text: string };

/**
 * Why an entry of a list is not an address: parseIp's problem (shared/ip.ts), or a range's (`prefix`: no prefix length
 * of that IP version; `mixed`: its ends of two versions; `reversed`: it ends before it starts).
 */
export type EntryProblem =
  | IpProblem
  | { kind: 'prefix'; prefix: number; version: 4 | 6 }
  | { kind: 'mixed' }
  | { kind: 'reversed' }
  /** A line parseIp reads as an address that is not one as written there. */
  | { kind: 'not-address' };

export type BulkStartOutcome = { kind: 'started'; job: BulkJobInfo } | { kind: 'refused'; refusal: BulkRefusal };

/**
 * A log the window follows (Bulk → Follow a file…, electron/core/app/bulk-follows.ts): its one job, which grows as
 * new addresses are read. The file's folder is never given to the window, only its name.
 */
export interface BulkFollowInfo {
  jobId: string;
  /** The followed file's name (no folder). */
  name: string;
  /** Being followed now; false once stopped (Stop, quitting, an error): "Follow again" reads on from where it stopped. */
  following: boolean;
  /** Unique addresses found in it so far (the job's total). */
  addresses: number;
  /** When new lines were last read (epoch ms), or null before any. */
  lastReadAt: number | null;
  /** Why the follow ended by itself (the file unreadable, the key refused…), or null. */
  end: BulkFollowEnd | null;
}

/** How to follow a file picked in the main process's dialog (the window never names a path). */
export interface BulkFollowRequest {
  includeReserved?: boolean;
  /** Default: 5 % of the month limit. */
  floor?: BudgetFloor;
}

export type BulkFollowOutcome =
  | { kind: 'following'; follow: BulkFollowInfo; job: BulkJobInfo }
  | { kind: 'cancelled' }
  | { kind: 'refused'; refusal: BulkRefusal };

/**
 * One address of a job as every layer has it: where it came from (input order, line, flag) and how it ended. state.db's
 * row (electron/core/storage/state-db-bulk.ts, with the answer) and the results table's row below extend it.
 */
export interface BulkRowBase {
  seq: number;
  ip: string;
  /** First line of the input it occurs on. */
  line: number;
  /** Last line of the input it occurs on (`line` when once). */
  lastLine: number;
  /** How many times it occurs in the input. */
  hits: number;
  /** Why the service may know little about it (private, reserved…), or null. */
  flag: string | null;
  status: BulkItemStatus;
  source: 'network' | 'cache' | null;
  /** Why it failed (or what its answer lacks) in English: the exports' `error` column. */
  error: string | null;
  /** The same as a fact, which the faces word (shared/i18n's bulkNote.rowError); absent where not read. */
  errorFact?: BulkRowError | null;
}

/** One row of a job's results table (the summary fields; the whole answer is in the JSON export). */
export interface BulkResultRow extends BulkRowBase {
  fields: Record<string, string | number | boolean | null>;
  /**
   * What the answer says of the address's security, read through shared/answer.ts (so "None" is unknown, not a
   * flag): the flags it sets by label ("VPN", "Tor"…) and its threat score; null when it says nothing of them (or
   * there is no answer yet).
   */
  security: { flags: string[]; threatScore: number | null } | null;
}

export interface BulkResultsPage {
  total: number;
  rows: BulkResultRow[];
}

/**
 * A file the window opened (Open file… or a drop) that the core reads (electron/core/bulk/file-read.ts): an opaque
 * id, never its path — the page cannot name a path to read.
 */
export interface BulkOpenedFile {
  id: string;
  /** The file's name (no folder), at most 200 characters. */
  name: string;
  size: number;
}

/** Read an opened file (bulkReadFile), or start a job with what it holds (bulkStartFile). */
export interface BulkFileRequest {
  id: string;
  includeReserved?: boolean;
  expandRanges?: boolean;
  floor?: BudgetFloor;
}

export interface BulkStartFileRequest extends BulkFileRequest {
  /** Default: the file's name. */
  label?: string;
}

/** The read's end: what the file holds and its cost, or Cancel, or why it could not be read. */
export type BulkReadOutcome =
  { kind: 'read'; prepared: BulkPrepared } | { kind: 'cancelled' } | { kind: 'refused'; refusal: BulkRefusal };

/** While an opened file is read: bytes read of the total, unique addresses found so far, time since the start. */
export interface BulkReadProgress {
  id: string;
  bytes: number;
  total: number;
  found: number;
  elapsedMs: number;
}
