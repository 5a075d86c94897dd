/**
 * Bulk lookup jobs in `state.db`: the job (its state, why it stopped, counters kept as it runs), one row per
 * address in input order with its answer, and a lease row saying which process runs the job (owner + heartbeat).
 * Statements only; errors propagate (the bulk layer decides what a failure means). Every write is one statement
 * or one short immediate transaction, so the app, the web preview and the CLI can share the jobs.
 */
import type { SqlConn } from './state-db-cache';

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
  done INTEGER NOT NULL DEFAULT 0,
  from_cache INTEGER NOT NULL DEFAULT 0,
  failed INTEGER NOT NULL DEFAULT 0,
  sent INTEGER NOT NULL DEFAULT 0,
  rate_limited INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX bulk_job_profile ON bulk_job (profile, created_at);

-- One row per address, seq = input order. status: pending (never answered), done, failed.
CREATE TABLE bulk_item (
  job_id TEXT NOT NULL REFERENCES bulk_job (id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  ip TEXT NOT NULL,
  line INTEGER NOT NULL,
  flag TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed')),
  source TEXT,
  kind TEXT,
  error TEXT,
  body TEXT,
  answered_at INTEGER,
  PRIMARY KEY (job_id, seq)
) WITHOUT ROWID;
CREATE INDEX bulk_item_pending ON bulk_item (job_id, status, seq);

-- Which process runs a job: only the owner sends; a lease whose heartbeat is older than its TTL may be taken over.
CREATE TABLE bulk_lease (
  job_id TEXT PRIMARY KEY REFERENCES bulk_job (id) ON DELETE CASCADE,
  owner TEXT NOT NULL,
  heartbeat_at INTEGER NOT NULL
);
`;

export type BulkJobState = 'ready' | 'running' | 'paused' | 'stopped' | 'finished' | 'cancelled';
export type BulkItemStatus = 'pending' | 'done' | 'failed';

export interface BulkJobRow {
  id: string;
  profile: string;
  label: string;
  createdAt: number;
  updatedAt: number;
  state: BulkJobState;
  reason: string | null;
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
  flag: string | null;
}

export interface BulkItemRow extends BulkItemInput {
  seq: number;
  status: BulkItemStatus;
  source: 'network' | 'cache' | null;
  kind: string | null;
  error: string | null;
  /** The answer (parsed JSON), or null. */
  body: unknown;
  answeredAt: number | null;
}

export interface BulkAnswer {
  status: 'done' | 'failed';
  source: 'network' | 'cache' | null;
  kind: string;
  error: string | null;
  /** JSON text of the answer, or null. */
  bodyJson: string | null;
  at: number;
  /** The request counted against the quota (a network answer). */
  sent: boolean;
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
  options: string;
  total: number;
  done: number;
  from_cache: number;
  failed: number;
  sent: number;
  rate_limited: number;
}

interface RawItem {
  seq: number;
  ip: string;
  line: number;
  flag: string | null;
  status: BulkItemStatus;
  source: 'network' | 'cache' | null;
  kind: string | null;
  error: string | null;
  body: string | null;
  answered_at: number | null;
}

function parse(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function toJob(r: RawJob): BulkJobRow {
  return {
    id: r.id,
    profile: r.profile,
    label: r.label,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    state: r.state,
    reason: r.reason,
    message: r.message,
    options: parse(r.options),
    total: r.total,
    done: r.done,
    fromCache: r.from_cache,
    failed: r.failed,
    sent: r.sent,
    rateLimited: r.rate_limited,
  };
}

function toItem(r: RawItem): BulkItemRow {
  return {
    seq: r.seq,
    ip: r.ip,
    line: r.line,
    flag: r.flag,
    status: r.status,
    source: r.source,
    kind: r.kind,
    error: r.error,
    body: parse(r.body),
    answeredAt: r.answered_at,
  };
}

const ITEM_COLS = 'seq, ip, line, flag, status, source, kind, error, body, answered_at';

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
        "INSERT INTO bulk_item (job_id, seq, ip, line, flag, status) VALUES (?, ?, ?, ?, ?, 'pending')",
      );
      items.forEach((it, i) => ins.run(job.id, i, it.ip, it.line, it.flag));
    });
  }

  getJob(id: string): BulkJobRow | null {
    const r = this.c.stmt('SELECT * FROM bulk_job WHERE id = ?').get(id) as RawJob | undefined;
    return r ? toJob(r) : null;
  }

  /** Most recent first. */
  listJobs(profile: string | null, limit: number): BulkJobRow[] {
    const rows = (profile === null
      ? this.c.stmt('SELECT * FROM bulk_job ORDER BY created_at DESC, id LIMIT ?').all(limit)
      : this.c
          .stmt('SELECT * FROM bulk_job WHERE profile = ? ORDER BY created_at DESC, id LIMIT ?')
          .all(profile, limit)) as unknown as RawJob[];
    return rows.map(toJob);
  }

  setState(id: string, state: BulkJobState, reason: string | null, message: string | null, at: number): void {
    this.c
      .stmt('UPDATE bulk_job SET state = ?, reason = ?, message = ?, updated_at = ? WHERE id = ?')
      .run(state, reason, message, at, id);
  }

  /** The next pending addresses after `afterSeq`, in input order. */
  pending(jobId: string, afterSeq: number, limit: number): { seq: number; ip: string }[] {
    return this.c
      .stmt("SELECT seq, ip FROM bulk_item WHERE job_id = ? AND status = 'pending' AND seq > ? ORDER BY seq LIMIT ?")
      .all(jobId, afterSeq, limit) as unknown as { seq: number; ip: string }[];
  }

  /** One address's answer and the job's counters, in one transaction. */
  record(jobId: string, seq: number, a: BulkAnswer): void {
    this.c.tx(() => {
      const changed = this.c
        .stmt(
          `UPDATE bulk_item SET status = ?, source = ?, kind = ?, error = ?, body = ?, answered_at = ?
           WHERE job_id = ? AND seq = ? AND status = 'pending'`,
        )
        .run(a.status, a.source, a.kind, a.error, a.bodyJson, a.at, jobId, seq).changes;
      if (Number(changed) === 0) return;
      this.c
        .stmt(
          `UPDATE bulk_job SET done = done + ?, from_cache = from_cache + ?, failed = failed + ?, sent = sent + ?,
             updated_at = ? WHERE id = ?`,
        )
        .run(
          a.status === 'done' ? 1 : 0,
          a.source === 'cache' ? 1 : 0,
          a.status === 'failed' ? 1 : 0,
          a.sent ? 1 : 0,
          a.at,
          jobId,
        );
    });
  }

  countRateLimited(jobId: string, at: number): void {
    this.c.stmt('UPDATE bulk_job SET rate_limited = rate_limited + 1, updated_at = ? WHERE id = ?').run(at, jobId);
  }

  /** A page of rows in input order; `status` filters (e.g. failed only). */
  items(jobId: string, offset: number, limit: number, status?: BulkItemStatus): BulkItemRow[] {
    const rows = (status
      ? this.c
          .stmt(`SELECT ${ITEM_COLS} FROM bulk_item WHERE job_id = ? AND status = ? ORDER BY seq LIMIT ? OFFSET ?`)
          .all(jobId, status, limit, offset)
      : this.c
          .stmt(`SELECT ${ITEM_COLS} FROM bulk_item WHERE job_id = ? ORDER BY seq LIMIT ? OFFSET ?`)
          .all(jobId, limit, offset)) as unknown as RawItem[];
    return rows.map(toItem);
  }

  /** Every row in input order, one at a time (exports stream through it). */
  *iterateItems(jobId: string): Generator<BulkItemRow> {
    const it = this.c
      .stmt(`SELECT ${ITEM_COLS} FROM bulk_item WHERE job_id = ? ORDER BY seq`)
      .iterate(jobId) as Iterable<RawItem>;
    for (const r of it) yield toItem(r);
  }

  deleteJob(id: string): boolean {
    return Number(this.c.stmt('DELETE FROM bulk_job WHERE id = ?').run(id).changes) > 0;
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
