/**
 * A followed log's job in `state.db` (`lookup-tray bulk --follow`): addresses appended to a job as new lines
 * arrive (new ones at its end, pending; repeats counted in their hits and last line), and the answers that came
 * since a given address, in input order. Statements only, each write one short transaction (state-db-bulk.ts's
 * tables, its rules).
 */
import type { BulkItemInput, BulkItemRow, RawItem } from './state-db-bulk';
import { ITEM_SELECT, toItem } from './state-db-bulk';
import type { SqlConn } from './state-db-cache';

/** An address seen again: its seq in the job, the hits the new lines add, and the last line it is on now. */
export interface RepeatHits {
  seq: number;
  hits: number;
  lastLine: number;
}

/** Every address of a job with its seq (the follower's seen set). */
export function jobAddresses(c: SqlConn, jobId: string): Map<string, number> {
  const rows = c.stmt('SELECT seq, ip FROM bulk_item WHERE job_id = ? ORDER BY seq').all(jobId) as unknown as {
    seq: number;
    ip: string;
  }[];
  return new Map(rows.map((r) => [r.ip, r.seq]));
}

/**
 * Appends `items` to a job (seq from its total on, pending) and adds `repeats`' hits, in one transaction; a job that
 * had finished is ready again when addresses were added. Returns the seq of the first new address.
 */
export function appendToJob(
  c: SqlConn,
  jobId: string,
  items: readonly BulkItemInput[],
  repeats: readonly RepeatHits[],
  now: number,
): number {
  return c.tx(() => {
    const job = c.stmt('SELECT total FROM bulk_job WHERE id = ?').get(jobId) as { total: number } | undefined;
    if (!job) return 0;
    const first = job.total;
    const ins = c.stmt(
      'INSERT INTO bulk_item (job_id, seq, ip, line, last_line, hits, flag) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    items.forEach((it, i) => ins.run(jobId, first + i, it.ip, it.line, it.lastLine, it.hits, it.flag));
    const hit = c.stmt(
      'UPDATE bulk_item SET hits = hits + ?, last_line = max(coalesce(last_line, line), ?) WHERE job_id = ? AND seq = ?',
    );
    for (const r of repeats) hit.run(r.hits, r.lastLine, jobId, r.seq);
    if (items.length > 0)
      c.stmt(
        `UPDATE bulk_job SET total = total + ?, updated_at = ?,
           state = CASE state WHEN 'finished' THEN 'ready' ELSE state END,
           reason = CASE state WHEN 'finished' THEN NULL ELSE reason END,
           message = CASE state WHEN 'finished' THEN NULL ELSE message END
         WHERE id = ?`,
      ).run(items.length, now, jobId);
    else if (repeats.length > 0) c.stmt('UPDATE bulk_job SET updated_at = ? WHERE id = ?').run(now, jobId);
    return first;
  });
}

/** A finished job that has addresses pending again is ready to run (appendToJob does it as it adds them). */
export function reopen(c: SqlConn, jobId: string, now: number): void {
  c.stmt(
    `UPDATE bulk_job SET state = 'ready', reason = NULL, message = NULL, updated_at = ? WHERE id = ? AND state = 'finished'`,
  ).run(now, jobId);
}

/** A job's rows from seq `from` on, in input order (at most `limit`), answered or not. */
export function rowsFrom(c: SqlConn, jobId: string, from: number, limit: number): BulkItemRow[] {
  const rows = c
    .stmt(`${ITEM_SELECT} WHERE i.job_id = ? AND i.seq >= ? ORDER BY i.seq LIMIT ?`)
    .all(jobId, from, limit) as unknown as RawItem[];
  return rows.map(toItem);
}

/** The seq of a job's first address not answered yet (its total when every address is). */
export function firstPending(c: SqlConn, jobId: string): number {
  const r = c
    .stmt(
      `SELECT min(i.seq) AS seq FROM bulk_item i WHERE i.job_id = ?
         AND NOT EXISTS (SELECT 1 FROM bulk_answer a WHERE a.job_id = i.job_id AND a.seq = i.seq)`,
    )
    .get(jobId) as { seq: number | null } | undefined;
  if (r?.seq !== null && r?.seq !== undefined) return r.seq;
  const job = c.stmt('SELECT total FROM bulk_job WHERE id = ?').get(jobId) as { total: number } | undefined;
  return job?.total ?? 0;
}
