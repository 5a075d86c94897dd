/**
 * Row shapes of `state.db`, defined here so the storage module depends on nothing but `node:*` and `shared/`.
 * They match the app's own shapes (forecast.ts, service/lookup/lookup-cache.ts, shared/quota.ts) structurally.
 */
import { isWindowScope } from '../../../shared/window-scope';

import type { QuotaSample } from '../../../shared/quota';

/** Same shape as the core's Logger port (never hand it an API key or row contents). */
export interface StorageLogger {
  info(msg: string, extra?: Record<string, unknown>): void;
  warn(msg: string, extra?: Record<string, unknown>): void;
  error(msg: string, extra?: Record<string, unknown>): void;
}

export const silentStorageLogger: StorageLogger = { info() {}, warn() {}, error() {} };

/** shared/quota.ts `Cooldown`. */
export interface CooldownRow {
  scope: 'minute' | 'month';
  /** Service-clock instant when the limit lifts. */
  until: number;
  /** Service-clock instant of the 429 that started it. */
  since: number;
}

export type { KnownStatusSupport as StatusSupport } from '../../../shared/quota';

/** One cached answer (service/lookup/lookup-cache.ts `PersistedCacheEntry` is this row). */
export interface CacheRow {
  profile: string;
  ip: string;
  language: string;
  /** Any JSON value (stored as JSON text). */
  body: unknown;
  /** Service clock when fetched. */
  fetchedAt: number;
  /** Local clock when stored (TTL). */
  storedAt: number;
  note: string | null;
  /**
   * Answered for a bulk job and not looked up by hand since: a cache hit like any other, but not one of the user's
   * recent lookups (a bulk run never fills Recent). Absent for the user's own.
   */
  bulk?: true;
}

/** A cache entry to store; `storedAt` defaults to the database's clock. */
export type CachePutEntry = Omit<CacheRow, 'storedAt'> & { storedAt?: number };

/**
 * A short, non-revealing code for an error: errno code (ENOENT…), SQLite's primary result name
 * (SQLITE_BUSY…), or the error's class name. Never the message, which may quote data.
 */
export function errorCode(err: unknown): string {
  const e = err as { code?: unknown; errcode?: unknown; name?: unknown } | null;
  if (typeof e?.errcode === 'number') return SQLITE_NAMES[e.errcode & 0xff] ?? `SQLITE_${e.errcode}`;
  if (typeof e?.code === 'string') return e.code;
  return typeof e?.name === 'string' ? e.name : 'error';
}

const SQLITE_NAMES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  6: 'SQLITE_LOCKED',
  7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  11: 'SQLITE_CORRUPT',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
  19: 'SQLITE_CONSTRAINT',
  26: 'SQLITE_NOTADB',
};

export const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;
/** An instant a Date can hold (a cooldown end another process garbled to 1e300 is no time at all). */
export const isInstant = (v: unknown): v is number => isNum(v) && Math.abs(v) <= 8.64e15;

export function isSample(s: unknown): s is QuotaSample {
  return isObj(s) && isNum(s.at) && isCount(s.remaining) && isCount(s.limit) && s.remaining <= s.limit;
}

export function isCooldown(v: unknown): v is CooldownRow {
  return isObj(v) && isWindowScope(v.scope) && isInstant(v.until) && isInstant(v.since);
}

/** Parse stored JSON text; none, or unparsable text, reads as null (and is never echoed: it is data). */
export function parseStored(json: string | null | undefined): unknown {
  if (json === undefined || json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return null;
  }
}
