/**
 * The connection half of StateDb: cached prepared statements, short immediate transactions, the notices
 * the database has for the user, and the rule that a failure is logged (by code) and absorbed, never thrown.
 */
import path from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { NoticeHolder, raiseNotice } from './notice-board';
import type { Notice } from '../../../shared/ipc';
import type { SqlConn } from './state-db-cache';
import { errorCode, type StorageLogger } from './storage-types';

/** Its notices (notice-board.ts's NoticeHolder): a damaged or unavailable database, a damaged state.json. */
export class StateDbConn extends NoticeHolder implements SqlConn {
  /** The database file, or null when in memory (asked for, or fallen back to). */
  readonly file: string | null;
  protected readonly logger: StorageLogger;
  private readonly db: DatabaseSync;
  private readonly statements = new Map<string, StatementSync>();
  private depth = 0;
  private writeFailureReported = false;

  protected constructor(db: DatabaseSync, file: string | null, notices: Notice[], logger: StorageLogger) {
    super(notices);
    this.db = db;
    this.file = file;
    this.logger = logger;
  }

  /** Whether writes reach a file (false: in memory for this session). */
  get persistent(): boolean {
    return this.file !== null;
  }

  /** @internal A cached prepared statement (throws on SQLite errors). */
  stmt(sql: string): StatementSync {
    let s = this.statements.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.statements.set(sql, s);
    }
    return s;
  }

  /**
   * @internal Run fn in one `BEGIN IMMEDIATE` … `COMMIT`, rolled back (and rethrown) if anything throws;
   * inside one already, fn just joins it. Keep fn short: it holds the database's write lock.
   */
  tx<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.db.exec('BEGIN IMMEDIATE');
    this.depth++;
    try {
      const out = fn();
      this.db.exec('COMMIT');
      return out;
    } catch (err) {
      if (this.db.isTransaction) this.db.exec('ROLLBACK');
      throw err;
    } finally {
      this.depth--;
    }
  }

  /** `PRAGMA data_version`: changes when another connection (process) commits. Cheap; no timer needed. */
  dataVersion(): number {
    return this.read('dataVersion', -1, () => {
      return (this.stmt('PRAGMA data_version').get() as { data_version: number }).data_version;
    });
  }

  close(): void {
    try {
      this.statements.clear();
      if (this.db.isOpen) this.db.close();
    } catch (err) {
      this.logger.warn('state database close failed', { code: errorCode(err) });
    }
  }

  /** Failures inside a transaction propagate (so it rolls back); at top level they are logged and absorbed. */
  protected guard<T>(op: string, write: boolean, fallback: T, fn: () => T): T {
    if (this.depth > 0) return fn();
    try {
      return fn();
    } catch (err) {
      const code = errorCode(err);
      this.logger.warn('state database operation failed', { op, code });
      if (write && !this.writeFailureReported) {
        this.writeFailureReported = true;
        const dir = this.file ? path.dirname(this.file) : null;
        this.pending.add(raiseNotice('store-unwritable:state.db', { kind: 'unwritable', file: 'state.db', code, dir }));
      }
      return fallback;
    }
  }

  protected read<T>(op: string, fallback: T, fn: () => T): T {
    return this.guard(op, false, fallback, fn);
  }

  /** A write: true when it committed (or joined the current transaction), false when it failed. */
  protected write(op: string, fn: () => unknown): boolean {
    return this.guard(op, true, false, () => {
      fn();
      return true;
    });
  }
}
