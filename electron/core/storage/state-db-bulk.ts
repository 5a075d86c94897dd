/**
 * Bulk lookup jobs in `state.db`: the job (its state, why it stopped), one row per address in input order, one
 * row per answer (appended as it comes: the one write per address), and a lease row saying which process runs the job (owner + heartbeat).
 * Statements only; errors propagate (the bulk layer decides what a failure means). Every write is one statement
 * or one short immediate transaction, so the app, the web preview and the CLI can share the jobs.
 */
import type {
  BulkAnswerStatus,
  BulkItemStatus,
  BulkJobState,
  BulkNote,
  BulkRowBase,
  BulkRowError,
} from '../../../shared/bulk';
import { packAnswer, unpackAnswer } from './answer-codec';
import type { SqlConn } from './state-db-cache';
import { parseStored as parse } from './storage-types';

export type { BulkItemStatus, BulkJobState } from '../../../shared/bulk';

/** Migration 2 (appended to state-db-schema.ts's list; never edit it once shipped). */
export const BULK_SCHEMA = `
CREATE TABLE bulk_job (
  id TEXT PRIMARY KEY,
  profile TEXT NOT NULL,
  label TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ready', 'running', 'paused', 'stopped', 'finished', 'cancelled')),
  reason TEXT,
  message TEXT,
  options TEXT NOT NULL,
  total INTEGER NOT NULL,
  rate_limited INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX bulk_job_profile ON bulk_job (profile, created_at);

-- One row per address, seq = input order; written once, when the job is created.
CREATE TABLE bulk_item (
  job_id TEXT NOT NULL REFERENCES bulk_job (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  ip TEXT NOT NULL,
  line INTEGER NOT NULL,
  flag TEXT,
  PRIMARY KEY (job_id, seq)
);

-- One row per address answered (done) or given up on (failed): one append, one statement, per answer, written
-- before the next request is sent. An address without a row here is pending.
CREATE TABLE bulk_answer (
  job_id TEXT NOT NULL REFERENCES bulk_job (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('done', 'failed')),
  source TEXT,
  kind TEXT NOT NULL,
  error TEXT,
  body TEXT,
  answered_at INTEGER NOT NULL,
  PRIMARY KEY (job_id, seq)
);
CREATE INDEX bulk_answer_status ON bulk_answer (job_id, status, source);

-- Which process runs a job: only the owner sends; a lease whose heartbeat is older than its TTL may be taken over.
CREATE TABLE bulk_lease (
  job_id TEXT PRIMARY KEY REFERENCES bulk_job (id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  heartbeat_at INTEGER NOT NULL
);
`;

export interface BulkJobRow {
  id: string;
  profile: string;
  label: string;
  createdAt: number;
  updatedAt: number;
  state: BulkJobState;
  reason: string | null;
  /** What the job says, as a fact; a job kept before migration 6 has its English sentence here ('text'). */
  note: BulkNote | null;
  /** The English sentence a job kept before migration 6 has (null for the others: their `note` says it). */
  message: string | null;
  /** The job's options as stored (JSON; the bulk layer validates them). */
  options: unknown;
  total: number;
  done: number;
  fromCache: number;
  failed: number;
  sent: number;
  rateLimited: number;
}

export interface BulkItemInput {
  ip: string;
  line: number;
  lastLine: number;
  hits: number;
  flag: string | null;
}

/**
 * Migration 4: how many times each address occurs in the input and its last line (a job made before it reads as one
 * hit on its first line).
 */
export const BULK_HITS_SCHEMA = `ALTER TABLE bulk_item ADD COLUMN hits INTEGER NOT NULL DEFAULT 1;
ALTER TABLE bulk_item ADD COLUMN last_line INTEGER;`;

/**
 * Migration 5: the facts of each answer a report reads, stored beside the body when it is recorded (a job answered
 * before it has none: its report reads the bodies), and an index that holds them with each answer's status, so a
 * report reads the index alone, not the pages of the whole bodies (half its reading time for 10 000 answers).
 */
export const BULK_FACTS_SCHEMA = `ALTER TABLE bulk_answer ADD COLUMN facts TEXT;
CREATE INDEX bulk_answer_facts ON bulk_answer (job_id, seq, status, facts);`;

/**
 * Migration 6: what a job says (a stop reason, a pause, its end) and why an address failed are kept as facts — JSON
 * of shared/bulk.ts's BulkNote and BulkRowError — not as English sentences. A job or answer kept before has only its
 * sentence (`message`, `error`): it reads as a 'text' fact and is shown as it is.
 */
export const BULK_NOTES_SCHEMA = `CREATE TABLE IF NOT EXISTS bulk_note (
  job_id TEXT PRIMARY KEY REFERENCES bulk_job (id) ON DELETE CASCADE,
  note TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS bulk_error (
  job_id TEXT NOT NULL REFERENCES bulk_job (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  fact TEXT NOT NULL,
  PRIMARY KEY (job_id, seq)
) WITHOUT ROWID;`;

/** A job's row with its note (migration 6). */
const JOB_SELECT = 'SELECT j.*, n.note FROM bulk_job j LEFT JOIN bulk_note n ON n.job_id = j.id';

/** A stored fact (JSON text) with the English sentence of a row kept before migration 6 as its 'text' fact. */
function factOr<T>(json: string | null | undefined, text: string | null): T | { kind: 'text'; text: string } | null {
  const fact = json ? (parse(json) as T | null) : null;
  if (fact && typeof fact === 'object') return fact;
  return text ? { kind: 'text', text } : null;
}

/** An address of a job with its answer, as state.db keeps it (shared/bulk.ts's row, plus the answer). */
export interface BulkItemRow extends BulkRowBase {
  kind: string | null;
  /** The answer (parsed JSON), or null. */
  body: unknown;
  answeredAt: number | null;
}

/**
 * What a job's report reads of each address (BulkTables.reportItems): the answer's facts as stored, else (an answer
 * recorded before migration 5) its parsed body; both null unless the address is done.
 */
export type ReportItem = Pick<BulkItemRow, 'ip' | 'line' | 'lastLine' | 'hits' | 'flag' | 'status' | 'body'> & {
  facts?: string | null;
};

export interface BulkAnswer {
  status: BulkAnswerStatus;
  source: 'network' | 'cache' | null;
  kind: string;
  /** Why it failed in English (the exports' `error` column). */
  error: string | null;
  /** The same as a fact (kept as JSON), or null. */
  errorFact?: BulkRowError | null;
  /** JSON text of the answer, or null. */
  bodyJson: string | null;
  /** The facts a report reads of the answer (shared/answer.ts `answerFacts`), or null (then it reads the body). */
  factsJson?: string | null;
  at: number;
}

interface RawJob {
  id: string;
  profile: string;
  label: string;
  created_at: number;
  updated_at: number;
  state: BulkJobState;
  reason: string | null;
  message: string | null;
  note: string | null;
  options: string;
  total: number;
  rate_limited: number;
}

interface Counts {
  done: number;
  from_cache: number;
  failed: number;
  sent: number;
}

/** A row as the query gives it (ITEM_SELECT): the answer still JSON text. */
export type RawItem = Omit<BulkItemRow, 'body' | 'answeredAt' | 'errorFact'> & {
  body: unknown;
  answered_at: number | null;
  error_fact?: string | null;
};

function toJob(r: RawJob, c: Counts): BulkJobRow {
  return {
    id: r.id,
    profile: r.profile,
    label: r.label,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    state: r.state,
    reason: r.reason,
    note: factOr<BulkNote>(r.note, r.message),
    message: r.message,
    options: parse(r.options),
    total: r.total,
    done: c.done ?? 0,
    fromCache: c.from_cache ?? 0,
    failed: c.failed ?? 0,
    sent: c.sent ?? 0,
    rateLimited: r.rate_limited,
  };
}

export function toItem(r: RawItem): BulkItemRow {
  const { body, answered_at, error_fact, ...row } = r;
  const errorFact = factOr<BulkRowError>(error_fact, row.error);
  return { ...row, errorFact, body: parse(unpackAnswer(body)), answeredAt: answered_at };
}

export const ITEM_SELECT = `SELECT i.seq, i.ip, i.line, coalesce(i.last_line, i.line) AS lastLine, i.hits, i.flag, coalesce(a.status, 'pending') AS status, a.source, a.kind,
  a.error, e.fact AS error_fact, a.body, a.answered_at FROM bulk_item i LEFT JOIN bulk_answer a ON a.job_id = i.job_id AND a.seq = i.seq
  LEFT JOIN bulk_error e ON e.job_id = i.job_id AND e.seq = i.seq`;

export class BulkTables {
  constructor(private readonly c: SqlConn) {}

  /** A new job and all its addresses (input order), in one transaction. */
  createJob(
    job: { id: string; profile: string; label: string; createdAt: number; options: unknown },
    items: readonly BulkItemInput[],
  ): void {
    this.c.tx(() => {
      this.c
        .stmt(
          `INSERT INTO bulk_job (id, profile, label, created_at, updated_at, state, options, total)
           VALUES (?, ?, ?, ?, ?, 'ready', ?, ?)`,
        )
        .run(job.id, job.profile, job.label, job.createdAt, job.createdAt, JSON.stringify(job.options), items.length);
      const ins = this.c.stmt(
        'INSERT INTO bulk_item (job_id, seq, ip, line, last_line, hits, flag) VALUES (?, ?, ?, ?, ?, ?, ?)',
      );
      items.forEach((it, i) => ins.run(job.id, i, it.ip, it.line, it.lastLine, it.hits, it.flag));
    });
  }

  getJob(id: string): BulkJobRow | null {
    const r = this.c.stmt(`${JOB_SELECT} WHERE j.id = ?`).get(id) as RawJob | undefined;
    return r ? toJob(r, this.counts(id)) : null;
  }

  /** Answers so far, by kind (one pass over the job's answers through their index). */
  private counts(id: string): Counts {
    return this.c
      .stmt(
        `SELECT count(*) FILTER (WHERE status = 'done') AS done, count(*) FILTER (WHERE source = 'cache') AS from_cache,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           count(*) FILTER (WHERE status = 'done' AND source = 'network') AS sent
         FROM bulk_answer WHERE job_id = ?`,
      )
      .get(id) as unknown as Counts;
  }

  /** Most recent first. */
  listJobs(profile: string | null, limit: number): BulkJobRow[] {
    const rows = (profile === null
      ? this.c.stmt(`${JOB_SELECT} ORDER BY j.created_at DESC, j.id LIMIT ?`).all(limit)
      : this.c
          .stmt(`${JOB_SELECT} WHERE j.profile = ? ORDER BY j.created_at DESC, j.id LIMIT ?`)
          .all(profile, limit)) as unknown as RawJob[];
    return rows.map((r) => toJob(r, this.counts(r.id)));
  }

  /** The job's state and what it says (a fact, kept as JSON; the English sentence of an older build is cleared). */
  setState(id: string, state: BulkJobState, reason: string | null, note: BulkNote | null, at: number): void {
    this.c.tx(() => {
      this.c
        .stmt('UPDATE bulk_job SET state = ?, reason = ?, message = NULL, updated_at = ? WHERE id = ?')
        .run(state, reason, at, id);
      if (note === null) this.c.stmt('DELETE FROM bulk_note WHERE job_id = ?').run(id);
      else
        this.c
          .stmt(
            'INSERT INTO bulk_note (job_id, note) VALUES (?, ?) ON CONFLICT (job_id) DO UPDATE SET note = excluded.note',
          )
          .run(id, JSON.stringify(note));
    });
  }

  /** The next pending addresses after `afterSeq`, in input order. */
  pending(jobId: string, afterSeq: number, limit: number): { seq: number; ip: string }[] {
    return this.c
      .stmt(
        `SELECT i.seq, i.ip FROM bulk_item i WHERE i.job_id = ? AND i.seq > ?
           AND NOT EXISTS (SELECT 1 FROM bulk_answer a WHERE a.job_id = i.job_id AND a.seq = i.seq)
         ORDER BY i.seq LIMIT ?`,
      )
      .all(jobId, afterSeq, limit) as unknown as { seq: number; ip: string }[];
  }

  /**
   * One address's answer: one append (one statement; a failed one's error fact a second, read as its English `error`
   * should it be missing). False when it was already answered (nothing changed).
   */
  record(jobId: string, seq: number, a: BulkAnswer): boolean {
    const changes = this.c
      .stmt(
        `INSERT OR IGNORE INTO bulk_answer (job_id, seq, status, source, kind, error, body, facts, answered_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        jobId,
        seq,
        a.status,
        a.source,
        a.kind,
        a.error,
        a.bodyJson === null ? null : packAnswer(a.bodyJson),
        a.factsJson ?? null,
        a.at,
      ).changes;
    if (Number(changes) > 0 && a.errorFact)
      this.c
        .stmt('INSERT OR IGNORE INTO bulk_error (job_id, seq, fact) VALUES (?, ?, ?)')
        .run(jobId, seq, JSON.stringify(a.errorFact));
    return Number(changes) > 0;
  }

  countRateLimited(jobId: string, at: number): void {
    this.c.stmt('UPDATE bulk_job SET rate_limited = rate_limited + 1, updated_at = ? WHERE id = ?').run(at, jobId);
  }

  /** A page of rows in input order (`byHits`: most hits first, then input order); `status` filters (e.g. failed only). */
  items(jobId: string, offset: number, limit: number, status?: BulkItemStatus, byHits = false): BulkItemRow[] {
    const order = byHits ? 'ORDER BY i.hits DESC, i.seq' : 'ORDER BY i.seq';
    const rows = (status === 'pending'
      ? this.c
          .stmt(`${ITEM_SELECT} WHERE i.job_id = ? AND a.seq IS NULL ${order} LIMIT ? OFFSET ?`)
          .all(jobId, limit, offset)
      : status
        ? this.c
            .stmt(`${ITEM_SELECT} WHERE i.job_id = ? AND a.status = ? ${order} LIMIT ? OFFSET ?`)
            .all(jobId, status, limit, offset)
        : this.c
            .stmt(`${ITEM_SELECT} WHERE i.job_id = ? ${order} LIMIT ? OFFSET ?`)
            .all(jobId, limit, offset)) as unknown as RawItem[];
    return rows.map(toItem);
  }

  /** Rows with `status` (pending: not answered yet). */
  countStatus(jobId: string, status: BulkItemStatus): number {
    const c = this.counts(jobId);
    if (status === 'done') return c.done;
    if (status === 'failed') return c.failed;
    const job = this.c.stmt('SELECT total FROM bulk_job WHERE id = ?').get(jobId) as { total: number } | undefined;
    return (job?.total ?? 0) - c.done - c.failed;
  }

  /** Every row in input order (`byHits`: most hits first), one at a time (exports and the report stream through it). */
  *iterateItems(jobId: string, byHits = false): Generator<BulkItemRow> {
    const order = byHits ? 'ORDER BY i.hits DESC, i.seq' : 'ORDER BY i.seq';
    const it = this.c.stmt(`${ITEM_SELECT} WHERE i.job_id = ? ${order}`).iterate(jobId) as Iterable<RawItem>;
    for (const r of it) yield toItem(r);
  }

  /**
   * Every row in input order with only what a report reads (no source, kind, error or time; the answer only when
   * done, as its stored facts, or its body when it has none): one statement, streamed row by row (no whole-job array:
   * a 100 000-address report reads as fast so, 729 against 734 ms, bench section 13), each row as SQLite gives it.
   * The answers are read from the facts index; SQLite reads an answer's own row only for a body it must give.
   */
  *reportItems(jobId: string): Generator<ReportItem> {
    const it = this.c
      .stmt(
        `SELECT i.ip, i.line, coalesce(i.last_line, i.line) AS lastLine, i.hits, i.flag,
           coalesce(a.status, 'pending') AS status, CASE a.status WHEN 'done' THEN a.facts END AS facts,
           CASE WHEN a.status = 'done' AND a.facts IS NULL THEN a.body END AS body
         FROM bulk_item i LEFT JOIN bulk_answer a INDEXED BY bulk_answer_facts ON a.job_id = i.job_id AND a.seq = i.seq
         WHERE i.job_id = ? ORDER BY i.seq`,
      )
      .iterate(jobId) as Iterable<Omit<ReportItem, 'body'> & { body: unknown }>;
    for (const r of it) {
      const row = r as unknown as ReportItem;
      if (r.body !== null) row.body = parse(unpackAnswer(r.body));
      yield row;
    }
  }

  setOptions(id: string, options: unknown): void {
    this.c.stmt('UPDATE bulk_job SET options = ? WHERE id = ?').run(JSON.stringify(options), id);
  }

  /**
   * Takes the job's lease for `owner` when it is free, already the owner's, or its heartbeat is older than
   * `ttlMs`. Returns the holder after the attempt (the owner itself when taken).
   */
  acquireLease(jobId: string, owner: string, now: number, ttlMs: number): { owner: string; heartbeatAt: number } {
    return this.c.tx(() => {
      const cur = this.c.stmt('SELECT owner, heartbeat_at FROM bulk_lease WHERE job_id = ?').get(jobId) as
        { owner: string; heartbeat_at: number } | undefined;
      if (!cur || cur.owner === owner || now - cur.heartbeat_at > ttlMs) {
        this.c
          .stmt(
            `INSERT INTO bulk_lease (job_id, owner, heartbeat_at) VALUES (?, ?, ?)
             ON CONFLICT (job_id) DO UPDATE SET owner = excluded.owner, heartbeat_at = excluded.heartbeat_at`,
          )
          .run(jobId, owner, now);
        return { owner, heartbeatAt: now };
      }
      return { owner: cur.owner, heartbeatAt: cur.heartbeat_at };
    });
  }

  /** Renews the owner's lease; false when it is no longer the owner's (taken over, or released). */
  heartbeat(jobId: string, owner: string, now: number): boolean {
    return (
      Number(
        this.c.stmt('UPDATE bulk_lease SET heartbeat_at = ? WHERE job_id = ? AND owner = ?').run(now, jobId, owner)
          .changes,
      ) > 0
    );
  }

  releaseLease(jobId: string, owner: string): void {
    this.c.stmt('DELETE FROM bulk_lease WHERE job_id = ? AND owner = ?').run(jobId, owner);
  }

  lease(jobId: string): { owner: string; heartbeatAt: number } | null {
    const r = this.c.stmt('SELECT owner, heartbeat_at FROM bulk_lease WHERE job_id = ?').get(jobId) as
      { owner: string; heartbeat_at: number } | undefined;
    return r ? { owner: r.owner, heartbeatAt: r.heartbeat_at } : null;
  }
}
