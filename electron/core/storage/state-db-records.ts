/**
 * The small tables of `state.db` (meta, engine, history, cooldown, alerts, kv, status_support) as plain
 * statements. Errors propagate; StateDb decides what a failure means. JSON values are stored as text.
 */
import { isKnownStatusSupport, type QuotaSample } from '../../../shared/quota';
import { compactionPlan, HISTORY_COMPACT_EVERY_MS } from './history-tiers';
import type { SqlConn } from './state-db-cache';
import { SCOPE_SEPARATOR } from './state-scope';
import { isCooldown, isSample, parseStored as parse, type CooldownRow, type StatusSupport } from './storage-types';

const text = (json: unknown): string => JSON.stringify(json) ?? 'null';

export class Records {
  /** The newest sample's time at each profile's last compaction (this process). */
  private readonly compactedAt = new Map<string, number>();

  constructor(
    private readonly c: SqlConn,
    private readonly now: () => number,
    private readonly historyMax: number,
  ) {}

  private one<T>(sql: string, ...args: (string | number)[]): T | undefined {
    return this.c.stmt(sql).get(...args) as T | undefined;
  }

  private run(sql: string, ...args: (string | number | null)[]): number {
    return Number(this.c.stmt(sql).run(...args).changes);
  }

  readMeta(key: string): string | null {
    return this.one<{ value: string }>('SELECT value FROM meta WHERE key = ?', key)?.value ?? null;
  }

  writeMeta(key: string, value: string): void {
    this.run(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      key,
      value,
    );
  }

  readEngine(profile: string): unknown {
    return parse(this.one<{ json: string }>('SELECT json FROM engine WHERE profile = ?', profile)?.json);
  }

  writeEngine(profile: string, json: unknown): void {
    this.run(
      `INSERT INTO engine (profile, json, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (profile) DO UPDATE SET json = excluded.json, updated_at = excluded.updated_at`,
      profile,
      text(json),
      this.now(),
    );
  }

  /**
   * Insert samples (exact duplicates ignored), thin the profile's older samples as they age (at most once an
   * hour per profile: quota/history.ts says what each age keeps), then keep the newest `historyMax` as a hard
   * bound. Call inside a transaction.
   */
  appendHistory(profile: string, samples: readonly QuotaSample[]): void {
    const ins = this.c.stmt('INSERT OR IGNORE INTO history (profile, at, remaining, quota_limit) VALUES (?, ?, ?, ?)');
    for (const s of samples) if (isSample(s)) ins.run(profile, s.at, s.remaining, s.limit);
    // Ages are measured on the samples' own (service) clock, from the newest sample.
    const newest = this.one<{ at: number }>('SELECT max(at) AS at FROM history WHERE profile = ?', profile)?.at;
    const last = this.compactedAt.get(profile);
    if (typeof newest === 'number' && (last === undefined || Math.abs(newest - last) >= HISTORY_COMPACT_EVERY_MS))
      this.compactHistory(profile, newest);
    const over =
      (this.one<{ n: number }>('SELECT n FROM history_stats WHERE profile = ?', profile)?.n ?? 0) - this.historyMax;
    // Only the overflow, oldest first through the index: the cost does not depend on how much is kept.
    if (over > 0)
      this.run(
        'DELETE FROM history WHERE id IN (SELECT id FROM history WHERE profile = ? ORDER BY at LIMIT ?)',
        profile,
        over,
      );
  }

  /** Apply the age tiers (history-tiers.ts) as of `now` (service clock). Returns how many were deleted. */
  compactHistory(profile: string, now: number): number {
    this.compactedAt.set(profile, now);
    const rows = this.c
      .stmt('SELECT id, at, remaining, quota_limit AS "limit" FROM history WHERE profile = ? ORDER BY at, id')
      .all(profile) as { id: number; at: number; remaining: number; limit: number }[];
    const del = this.c.stmt('DELETE FROM history WHERE id = ?');
    const plan = compactionPlan(rows, now);
    for (const i of plan) del.run((rows[i] as { id: number }).id);
    return plan.length;
  }

  readHistory(profile: string, sinceMs: number): QuotaSample[] {
    const rows = this.c
      .stmt('SELECT at, remaining, quota_limit FROM history WHERE profile = ? AND at >= ? ORDER BY at')
      .all(profile, sinceMs) as { at: number; remaining: number; quota_limit: number }[];
    return rows.map((r) => ({ at: r.at, remaining: r.remaining, limit: r.quota_limit }));
  }

  /** The newest `n` samples, oldest first. */
  readHistoryTail(profile: string, n: number): QuotaSample[] {
    const rows = this.c
      .stmt('SELECT at, remaining, quota_limit FROM history WHERE profile = ? ORDER BY at DESC LIMIT ?')
      .all(profile, n) as { at: number; remaining: number; quota_limit: number }[];
    return rows.reverse().map((r) => ({ at: r.at, remaining: r.remaining, limit: r.quota_limit }));
  }

  readCooldown(profile: string): CooldownRow | null {
    const r = this.one<unknown>('SELECT scope, until, since FROM cooldown WHERE profile = ?', profile);
    return isCooldown(r) ? { scope: r.scope, until: r.until, since: r.since } : null;
  }

  /** Upsert that never moves `until` earlier: a stale process cannot shorten another's cooldown. */
  writeCooldown(profile: string, c: CooldownRow): void {
    if (!isCooldown(c)) return;
    this.run(
      `INSERT INTO cooldown (profile, scope, until, since) VALUES (?, ?, ?, ?)
       ON CONFLICT (profile) DO UPDATE SET scope = excluded.scope, until = excluded.until, since = excluded.since
       WHERE excluded.until > cooldown.until`,
      profile,
      c.scope,
      c.until,
      c.since,
    );
  }

  /** Delete the cooldown; with `endedBy`, only if it ends at or before that instant. */
  clearCooldown(profile: string, endedBy = Infinity): boolean {
    return this.run('DELETE FROM cooldown WHERE profile = ? AND until <= ?', profile, endedBy) > 0;
  }

  readAlerts(scope: string): unknown {
    return parse(this.one<{ json: string }>('SELECT json FROM alerts WHERE scope = ?', scope)?.json);
  }

  writeAlerts(scope: string, json: unknown): void {
    this.run(
      'INSERT INTO alerts (scope, json) VALUES (?, ?) ON CONFLICT (scope) DO UPDATE SET json = excluded.json',
      scope,
      text(json),
    );
  }

  allAlerts(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const r of this.c.stmt('SELECT scope, json FROM alerts ORDER BY scope').all() as {
      scope: string;
      json: string;
    }[])
      out[r.scope] = parse(r.json);
    return out;
  }

  readKv(key: string): unknown {
    return parse(this.one<{ json: string }>('SELECT json FROM kv WHERE key = ?', key)?.json);
  }

  /** Store a JSON value; `undefined` (nothing JSON can hold) deletes the key. */
  writeKv(key: string, json: unknown): void {
    const t = JSON.stringify(json);
    if (t === undefined) this.run('DELETE FROM kv WHERE key = ?', key);
    else
      this.run('INSERT INTO kv (key, json) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET json = excluded.json', key, t);
  }

  readStatusSupport(baseUrl: string): StatusSupport | null {
    const r = this.one<{ support: string }>('SELECT support FROM status_support WHERE base_url = ?', baseUrl);
    return isKnownStatusSupport(r?.support) ? r.support : null;
  }

  writeStatusSupport(baseUrl: string, support: StatusSupport): void {
    this.run(
      `INSERT INTO status_support (base_url, support, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (base_url) DO UPDATE SET support = excluded.support, updated_at = excluded.updated_at`,
      baseUrl,
      support,
      this.now(),
    );
  }

  allStatusSupport(): Record<string, StatusSupport> {
    const out: Record<string, StatusSupport> = {};
    for (const r of this.c.stmt('SELECT base_url, support FROM status_support ORDER BY base_url').all() as {
      base_url: string;
      support: StatusSupport;
    }[])
      out[r.base_url] = r.support;
    return out;
  }

  /**
   * A profile's quota figures, history, cooldown and cached answers (not its alert memory), in a transaction. A bare
   * profile name: at every origin (state-scope.ts); a scope (a name and an origin): at that origin only.
   */
  clearQuota(profile: string): void {
    for (const table of STATE_TABLES) this.run(`DELETE FROM ${table} WHERE ${OF_PROFILE}`, profile);
  }

  /**
   * Move every row of profile `from` (at every origin) to `to` (a renamed profile), after forgetting whatever `to`
   * had. Call inside a transaction.
   */
  renameProfile(from: string, to: string): void {
    this.deleteProfile(to);
    this.run(`DELETE FROM history_stats WHERE ${OF_PROFILE}`, to);
    for (const table of ['engine', 'history', 'history_stats', 'cooldown', 'cache', 'bulk_job'])
      this.run(`UPDATE ${table} SET profile = ?2 || substr(profile, length(?1) + 1) WHERE ${OF_PROFILE}`, from, to);
    this.run('UPDATE alerts SET scope = ? WHERE scope = ?', to, from);
  }

  /** Every row of a profile (at every origin) in every table. Call inside a transaction. */
  deleteProfile(profile: string): void {
    this.clearQuota(profile);
    this.run('DELETE FROM alerts WHERE scope = ?', profile);
  }

  /**
   * Rows a previous version kept under the bare profile name (it did not tell origins apart) become `scope`'s, the
   * profile at the origin it is first opened at — unless that scope has rows of its own already (then the bare
   * ones are older leftovers and go). Once done, no bare rows are left to follow the profile to another origin.
   * Returns whether anything was there. Call inside a transaction.
   */
  adoptState(profile: string, scope: string): boolean {
    if (profile === scope || !this.hasRows(profile)) return false;
    const own = this.hasRows(scope);
    for (const table of STATE_TABLES)
      if (own) this.run(`DELETE FROM ${table} WHERE profile = ?`, profile);
      else this.run(`UPDATE ${table} SET profile = ? WHERE profile = ?`, scope, profile);
    this.run('DELETE FROM history_stats WHERE profile = ?', own ? profile : scope);
    if (!own) this.run('UPDATE history_stats SET profile = ? WHERE profile = ?', scope, profile);
    return true;
  }

  /** Whether any state table has a row of exactly `profile`. */
  hasRows(profile: string): boolean {
    return STATE_TABLES.some(
      (t) => this.one(`SELECT 1 AS x FROM ${t} WHERE profile = ? LIMIT 1`, profile) !== undefined,
    );
  }
}

/** The tables whose rows belong to one profile at one origin (state-scope.ts). */
const STATE_TABLES = ['engine', 'history', 'cooldown', 'cache'] as const;

/** `profile` is ?1, or ?1 at some origin (?1, the separator, an origin): see state-scope.ts. */
const OF_PROFILE = `(profile = ?1 OR substr(profile, 1, length(?1) + 1) = ?1 || char(${SCOPE_SEPARATOR.charCodeAt(0)}))`;
