/**
 * `state.db`: everything the app learns (quota engine state and history, cooldowns, alert memory, small
 * app values, status-check support per base URL, the lookup cache), shared by every process that opens
 * the same data folder (the app, the web preview, the CLI).
 *
 * A thin, synchronous, typed repository over `node:sqlite`: each method is one statement or one short
 * `BEGIN IMMEDIATE` transaction, so two processes never lose each other's writes (WAL, busy timeout). JSON
 * values are stored as text; callers validate what they read with their own restore functions.
 * Nothing here throws: `open` falls back to an in-memory database with a notice, a failed read returns
 * the empty value, a failed write returns false (logged by error code only, never with row contents).
 * To notice another process's writes without timers, compare `dataVersion()` when you next need the data.
 */
import path from 'node:path';
import { CacheTable } from './state-db-cache';
import type { QuotaSample } from '../../../shared/quota';
import { StateDbConn } from './state-db-conn';
import { openStateDatabase, type OpenedDb } from './state-db-open';
import { Records } from './state-db-records';
import { importStateJsonFile, STATE_JSON_FILE, type ImportOutcome } from './state-json-import';
import {
  silentStorageLogger,
  type CachePutEntry,
  type CacheRow,
  type CooldownRow,
  type StatusSupport,
  type StorageLogger,
} from './storage-types';

export type { CachePutEntry, CacheRow, CooldownRow, StatusSupport, StorageLogger };

export interface StateDbOptions {
  /** The data folder (holds `state.db`, maybe an old `state.json`); null: in memory, nothing imported. */
  dir: string | null;
  /** Local clock: cache TTL and use, corrupt-file names, update stamps. */
  now?: () => number;
  logger?: StorageLogger;
  /** Newest history samples kept per profile (default 2000). */
  historyMax?: number;
  /** How long a statement waits for another process's lock (default 5000 ms). */
  busyTimeoutMs?: number;
}

/** A hard bound on the samples kept per profile; age tiers (quota/history.ts) keep it far below in practice. */
export const DEFAULT_HISTORY_MAX = 30_000;
export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export class StateDb extends StateDbConn {
  private readonly now: () => number;
  private readonly cacheTable: CacheTable;
  private readonly rec: Records;

  private constructor(opened: OpenedDb, opts: StateDbOptions) {
    super(opened.db, opened.file, opened.notices, opts.logger ?? silentStorageLogger);
    this.now = opts.now ?? Date.now;
    const historyMax = Math.max(1, Math.floor(opts.historyMax ?? DEFAULT_HISTORY_MAX));
    this.cacheTable = new CacheTable(this, this.now);
    this.rec = new Records(this, this.now, historyMax);
  }

  /** Open (create, migrate, repair, import an old state.json into) the data folder's state. Never throws. */
  static open(opts: StateDbOptions): StateDb {
    const now = opts.now ?? Date.now;
    const logger = opts.logger ?? silentStorageLogger;
    const busyTimeoutMs = opts.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
    const sdb = new StateDb(openStateDatabase({ dir: opts.dir, now, logger, busyTimeoutMs }), opts);
    if (sdb.persistent && opts.dir !== null && sdb.readMeta('state_json') === null)
      sdb.importStateJson(path.join(opts.dir, STATE_JSON_FILE));
    return sdb;
  }

  /** A value of the meta table (schema bookkeeping such as the state.json import flag), or null. */
  readMeta(key: string): string | null {
    return this.read('readMeta', null, () => this.rec.readMeta(key));
  }

  writeMeta(key: string, value: string): boolean {
    return this.write('writeMeta', () => this.rec.writeMeta(key, value));
  }

  /** The profile's engine JSON as last written (by any process), or null. */
  readEngine(profile: string): unknown {
    return this.read('readEngine', null, () => this.rec.readEngine(profile));
  }

  writeEngine(profile: string, json: unknown): boolean {
    return this.write('writeEngine', () => this.rec.writeEngine(profile, json));
  }

  /**
   * Append samples (duplicates ignored), thin older samples by age (hourly) and keep at most `historyMax` of the
   * profile, in one transaction.
   */
  appendHistory(profile: string, samples: readonly QuotaSample[]): boolean {
    return this.write('appendHistory', () => this.tx(() => this.rec.appendHistory(profile, samples)));
  }

  /** Samples oldest first, optionally only those at or after `sinceMs`. */
  readHistory(profile: string, sinceMs = -Infinity): QuotaSample[] {
    return this.read('readHistory', [], () => this.rec.readHistory(profile, sinceMs));
  }

  /** The newest `n` samples, oldest first. */
  readHistoryTail(profile: string, n: number): QuotaSample[] {
    return this.read('readHistoryTail', [], () => this.rec.readHistoryTail(profile, n));
  }

  readCooldown(profile: string): CooldownRow | null {
    return this.read('readCooldown', null, () => this.rec.readCooldown(profile));
  }

  /**
   * Record a cooldown; one ending before the stored one is ignored (a stale process never shortens another
   * process's cooldown). `null` clears it unconditionally. False only on failure.
   */
  writeCooldown(profile: string, c: CooldownRow | null): boolean {
    return this.write('writeCooldown', () =>
      c === null ? this.rec.clearCooldown(profile) : this.rec.writeCooldown(profile, c),
    );
  }

  /** Clear the profile's cooldown only if it ends at or before `until` (the one this process saw end). */
  clearCooldownEndedBy(profile: string, until: number): boolean {
    return this.write('clearCooldownEndedBy', () => this.rec.clearCooldown(profile, until));
  }

  /** Alert memory of one scope (a profile), or null. */
  readAlerts(scope: string): unknown {
    return this.read('readAlerts', null, () => this.rec.readAlerts(scope));
  }

  writeAlerts(scope: string, json: unknown): boolean {
    return this.write('writeAlerts', () => this.rec.writeAlerts(scope, json));
  }

  allAlerts(): Record<string, unknown> {
    return this.read('allAlerts', {}, () => this.rec.allAlerts());
  }

  /** A small app-wide JSON value (`pausedUntil`, …), or null. */
  readKv(key: string): unknown {
    return this.read('readKv', null, () => this.rec.readKv(key));
  }

  /** Store a JSON value; `undefined` deletes the key. */
  writeKv(key: string, json: unknown): boolean {
    return this.write('writeKv', () => this.rec.writeKv(key, json));
  }

  /** Read-modify-write in one immediate transaction: `fn` gets the current value (null if none). */
  updateKv(key: string, fn: (current: unknown) => unknown): boolean {
    return this.write('updateKv', () => this.tx(() => this.rec.writeKv(key, fn(this.rec.readKv(key)))));
  }

  /** Whether GET /v2/status exists at this base URL, or null when not known yet. */
  readStatusSupport(baseUrl: string): StatusSupport | null {
    return this.read('readStatusSupport', null, () => this.rec.readStatusSupport(baseUrl));
  }

  writeStatusSupport(baseUrl: string, support: StatusSupport): boolean {
    return this.write('writeStatusSupport', () => this.rec.writeStatusSupport(baseUrl, support));
  }

  allStatusSupport(): Record<string, StatusSupport> {
    return this.read('allStatusSupport', {}, () => this.rec.allStatusSupport());
  }

  // ---- lookup cache ----

  /** A fresh entry (`ttlMs` omitted: any age), marked most recently used; null when absent or expired. */
  cacheGet(profile: string, ip: string, language: string, ttlMs?: number): CacheRow | null {
    return this.read('cacheGet', null, () => this.cacheTable.get(profile, ip, language, ttlMs));
  }

  /** Which of `ips` have a fresh cached answer (one read per few thousand; nothing marked used). */
  cacheFreshAmong(profile: string, ips: readonly string[], language: string, ttlMs?: number): Set<string> {
    return this.read('cacheFreshAmong', new Set<string>(), () =>
      this.cacheTable.freshAmong(profile, ips, language, ttlMs),
    );
  }

  /** Store entries in one transaction (later = more recent); evict beyond `maxEntries`. Returns evictions, -1 on failure. */
  cachePut(entries: readonly CachePutEntry[], opts: { maxEntries?: number } = {}): number {
    return this.guard('cachePut', true, -1, () => this.cacheTable.put(entries, opts.maxEntries));
  }

  /** Most recently used fresh entries of a profile, one per IP. */
  cacheRecent(profile: string, n: number, ttlMs?: number): CacheRow[] {
    return this.read('cacheRecent', [], () => this.cacheTable.recent(profile, n, ttlMs));
  }

  cacheDelete(profile: string, ip: string, language: string): boolean {
    return this.guard('cacheDelete', true, false, () => this.cacheTable.delete(profile, ip, language));
  }

  cacheDeleteProfile(profile: string): number {
    return this.guard('cacheDeleteProfile', true, 0, () => this.cacheTable.deleteProfile(profile));
  }

  /** TTL then LRU bound over the whole cache (scans: not for the hot path). Returns rows removed. */
  cachePrune(opts: { maxEntries?: number; ttlMs?: number }): number {
    return this.guard('cachePrune', true, 0, () => this.cacheTable.prune(opts));
  }

  cacheCount(): number {
    return this.read('cacheCount', 0, () => this.cacheTable.count());
  }

  // ---- whole profile, import, close ----

  /**
   * A previous version's rows of `profile` (kept under its bare name, for whatever origin it had then) become those
   * of `scope` (the profile at the origin it is opened at: state-scope.ts), in one transaction. Cheap when there
   * is nothing to adopt (a read, no write lock).
   */
  adoptState(profile: string, scope: string): boolean {
    if (profile === scope || !this.read('adoptState', false, () => this.rec.hasRows(profile))) return false;
    return this.write('adoptState', () => this.tx(() => this.rec.adoptState(profile, scope)));
  }

  /**
   * Forget a profile's quota figures, history, cooldown and cached answers (a replaced key), in one transaction: a
   * bare profile name, at every origin; a scope (state-scope.ts), at that origin only.
   */
  clearQuota(profile: string): boolean {
    return this.write('clearQuota', () => this.tx(() => this.rec.clearQuota(profile)));
  }

  /**
   * A renamed profile keeps its figures, history, cooldown, cache (at every origin), alert memory and bulk jobs, in
   * one transaction.
   */
  renameProfile(from: string, to: string): boolean {
    return this.write('renameProfile', () => this.tx(() => this.rec.renameProfile(from, to)));
  }

  /** Forget a profile: engine, history, cooldown, cache (at every origin) and alert memory, in one transaction. */
  deleteProfile(profile: string): boolean {
    return this.write('deleteProfile', () => this.tx(() => this.rec.deleteProfile(profile)));
  }

  /**
   * Import a previous version's `state.json` once (flagged in `meta`), then keep it aside as
   * `state.json.imported-<timestamp>`; a damaged one is moved aside as `state.corrupt-<timestamp>.json`.
   * Called by `open`; a notice is added when the file was damaged or unreadable.
   */
  importStateJson(file: string): ImportOutcome {
    const result = importStateJsonFile(this, file, { now: this.now, logger: this.logger });
    if (result.notice) this.pending.add(result.notice);
    return result.outcome;
  }
}
