/**
 * The lookup cache table. Every operation is one statement or one short immediate transaction, and the
 * cost of a put or a hit does not grow with the number of cached rows: the row count and the last use
 * number live in `cache_stats` (kept by triggers), eviction deletes only the overflow through an index.
 */
import type { StatementSync } from 'node:sqlite';
import { SCOPE_SEPARATOR } from './state-scope';
import type { CachePutEntry, CacheRow } from './storage-types';

export interface SqlConn {
  stmt(sql: string): StatementSync;
  /** Run fn inside one `BEGIN IMMEDIATE` transaction (joins the current one if already inside). */
  tx<T>(fn: () => T): T;
}

interface RawCacheRow {
  profile: string;
  ip: string;
  language: string;
  body: string;
  fetched_at: number;
  stored_at: number;
  note: string | null;
  bulk: number;
}

const COLS = 'profile, ip, language, body, fetched_at, stored_at, note, bulk';

function toRow(r: RawCacheRow): CacheRow {
  let body: unknown;
  try {
    body = JSON.parse(r.body) as unknown;
  } catch {
    body = null; // never echo the text: it is data
  }
  return {
    profile: r.profile,
    ip: r.ip,
    language: r.language,
    body,
    fetchedAt: r.fetched_at,
    storedAt: r.stored_at,
    note: r.note,
    ...(r.bulk ? { bulk: true as const } : {}),
  };
}

/** Fresh means `now - ttl < storedAt <= now + ttl` (the same rule as the in-memory LookupCache). */
function freshBounds(now: number, ttlMs: number | undefined): [number, number] {
  if (ttlMs === undefined || !(ttlMs > 0)) return [-Infinity, Infinity];
  return [now - ttlMs, now + ttlMs];
}

export class CacheTable {
  constructor(
    private readonly c: SqlConn,
    private readonly now: () => number,
  ) {}

  /** A fresh entry, marked most recently used in the same statement; null when absent or expired. */
  get(profile: string, ip: string, language: string, ttlMs?: number): CacheRow | null {
    const [lo, hi] = freshBounds(this.now(), ttlMs);
    const r = this.c
      .stmt(
        `UPDATE cache SET used_seq = (SELECT seq + 1 FROM cache_stats WHERE id = 1)
         WHERE profile = ? AND ip = ? AND language = ? AND stored_at > ? AND stored_at <= ?
         RETURNING ${COLS}`,
      )
      .get(profile, ip, language, lo, hi) as RawCacheRow | undefined;
    return r ? toRow(r) : null;
  }

  /**
   * Store entries (later ones count as more recently used) in one transaction. With `maxEntries`, the least
   * recently used rows beyond it are evicted in the same transaction. Returns how many were evicted.
   */
  put(entries: readonly CachePutEntry[], maxEntries?: number): number {
    if (entries.length === 0 && maxEntries === undefined) return 0;
    return this.c.tx(() => {
      const upsert = this.c.stmt(
        `INSERT INTO cache (profile, ip, language, body, fetched_at, stored_at, used_seq, note, bulk)
         VALUES (?, ?, ?, ?, ?, ?, (SELECT seq + 1 FROM cache_stats WHERE id = 1), ?, ?)
         ON CONFLICT (profile, ip, language) DO UPDATE SET body = excluded.body, fetched_at = excluded.fetched_at,
           stored_at = excluded.stored_at, used_seq = excluded.used_seq, note = excluded.note, bulk = excluded.bulk`,
      );
      const now = this.now();
      for (const e of entries) {
        const body = JSON.stringify(e.body) ?? 'null';
        upsert.run(e.profile, e.ip, e.language, body, e.fetchedAt, e.storedAt ?? now, e.note ?? null, e.bulk ? 1 : 0);
      }
      if (maxEntries === undefined) return 0;
      const over = this.count() - Math.max(0, Math.floor(maxEntries));
      if (over <= 0) return 0;
      const res = this.c
        .stmt('DELETE FROM cache WHERE rowid IN (SELECT rowid FROM cache ORDER BY used_seq LIMIT ?)')
        .run(over);
      return Number(res.changes);
    });
  }

  /**
   * Which of `ips` have a fresh entry, in one read per 4,096 addresses (a bulk job's cost preview of a log with
   * 50,000 addresses: no statement per address, nothing marked used).
   */
  freshAmong(profile: string, ips: readonly string[], language: string, ttlMs?: number): Set<string> {
    const [lo, hi] = freshBounds(this.now(), ttlMs);
    const out = new Set<string>();
    const q = this.c.stmt(
      `SELECT ip FROM cache WHERE profile = ? AND language = ? AND stored_at > ? AND stored_at <= ?
         AND ip IN (SELECT value FROM json_each(?))`,
    );
    for (let i = 0; i < ips.length; i += 4096) {
      const rows = q.all(profile, language, lo, hi, JSON.stringify(ips.slice(i, i + 4096))) as { ip: string }[];
      for (const r of rows) out.add(r.ip);
    }
    return out;
  }

  /** Most recently used first, fresh entries only, one per IP (any language), at most n. */
  recent(profile: string, n: number, ttlMs?: number): CacheRow[] {
    const [lo, hi] = freshBounds(this.now(), ttlMs);
    const out: CacheRow[] = [];
    if (n <= 0) return out;
    const seen = new Set<string>();
    const it = this.c
      .stmt(`SELECT ${COLS} FROM cache WHERE profile = ? AND stored_at > ? AND stored_at <= ? ORDER BY used_seq DESC`)
      .iterate(profile, lo, hi) as Iterable<RawCacheRow>;
    for (const r of it) {
      if (seen.has(r.ip)) continue;
      seen.add(r.ip);
      out.push(toRow(r));
      if (out.length >= n) break;
    }
    return out;
  }

  delete(profile: string, ip: string, language: string): boolean {
    const res = this.c
      .stmt('DELETE FROM cache WHERE profile = ? AND ip = ? AND language = ?')
      .run(profile, ip, language);
    return Number(res.changes) > 0;
  }

  /** A bare profile name: its answers at every origin; a scope (state-scope.ts): at that origin only. */
  deleteProfile(profile: string): number {
    const sep = SCOPE_SEPARATOR.charCodeAt(0);
    return Number(
      this.c
        .stmt(`DELETE FROM cache WHERE profile = ?1 OR substr(profile, 1, length(?1) + 1) = ?1 || char(${sep})`)
        .run(profile).changes,
    );
  }

  /**
   * Drop expired rows (with `ttlMs`) and then all but the `maxEntries` most recently used (one statement
   * each). Scans the table: run it at start or now and then, not on every lookup. Returns rows removed.
   */
  prune(opts: { maxEntries?: number; ttlMs?: number }): number {
    let removed = 0;
    if (opts.ttlMs !== undefined && opts.ttlMs > 0) {
      const [lo, hi] = freshBounds(this.now(), opts.ttlMs);
      removed += Number(this.c.stmt('DELETE FROM cache WHERE stored_at <= ? OR stored_at > ?').run(lo, hi).changes);
    }
    if (opts.maxEntries !== undefined) {
      const keep = Math.max(0, Math.floor(opts.maxEntries));
      removed += Number(
        this.c
          .stmt('DELETE FROM cache WHERE rowid IN (SELECT rowid FROM cache ORDER BY used_seq DESC LIMIT -1 OFFSET ?)')
          .run(keep).changes,
      );
    }
    return removed;
  }

  /** Rows in the cache, all profiles (O(1): kept by triggers). */
  count(): number {
    const r = this.c.stmt('SELECT n FROM cache_stats WHERE id = 1').get() as { n: number } | undefined;
    return r?.n ?? 0;
  }
}
