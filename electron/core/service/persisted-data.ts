import type { StatusCheckSupport } from '../../../shared/quota';
import { isObj } from '../lib/guards';
import type { JsonStore } from '../lib/ports';
import { restoreEngine, type PersistedEngine } from '../quota/persisted-engine';
import { restoreCache, type PersistedCache } from './lookup-cache';

/**
 * What one profile's QuotaService persists (the engine's and the cache's shapes, and the status-check
 * support per base URL), and its validation on the way back in: anything malformed starts clean, never throws.
 */

/** What one profile's QuotaService keeps across restarts. */
export interface PersistedQuotaData {
  version: 1;
  engine: PersistedEngine | null;
  cache: PersistedCache | null;
  /** Whether the free GET /v2/status exists, per base URL. */
  statusCheck: Record<string, Exclude<StatusCheckSupport, 'unknown'>>;
}

export function emptyPersistedQuotaData(): PersistedQuotaData {
  return { version: 1, engine: null, cache: null, statusCheck: {} };
}

export function restoreQuotaData(v: unknown): PersistedQuotaData {
  if (!isObj(v) || v.version !== 1) return emptyPersistedQuotaData();
  const statusCheck: PersistedQuotaData['statusCheck'] = {};
  if (isObj(v.statusCheck)) {
    for (const [url, s] of Object.entries(v.statusCheck))
      if (s === 'supported' || s === 'unsupported') statusCheck[url] = s;
  }
  return { version: 1, engine: restoreEngine(v.engine), cache: restoreCache(v.cache), statusCheck };
}

/** Reads a store without ever throwing: a corrupt or missing document starts clean. */
export function safeRead(store: JsonStore<PersistedQuotaData> | undefined): PersistedQuotaData {
  if (!store) return emptyPersistedQuotaData();
  try {
    return restoreQuotaData(store.read());
  } catch {
    return emptyPersistedQuotaData();
  }
}
