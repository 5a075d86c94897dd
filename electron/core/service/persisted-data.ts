import type { Cooldown, QuotaLevel, QuotaState, QuotaWindow, StatusCheckSupport } from '../../../shared/quota';
import type { QuotaSample } from '../quota/forecast';
import { isCount, isNum, isObj } from '../lib/guards';
import type { JsonStore } from '../lib/ports';

/**
 * Persisted shapes of the quota engine and the quota service, and their validation on the way back in:
 * anything malformed is dropped (field by field where that is safe), never thrown.
 */

export interface PersistedEngine {
  version: 1;
  month: QuotaWindow | null;
  minute: QuotaWindow | null;
  minutePlan: QuotaState['minutePlan'];
  cooldown: Cooldown | null;
  lastError: string | null;
  skewMs: number;
  skewKnown: boolean;
  history: QuotaSample[];
}

export interface PersistedCacheEntry {
  profile: string;
  ip: string;
  language: string;
  body: unknown;
  /** Service clock when fetched. */
  fetchedAt: number;
  /** Local clock when stored (TTL). */
  storedAt: number;
  note: string | null;
}

export interface PersistedCache {
  version: 1;
  /** Least recently used first. */
  entries: PersistedCacheEntry[];
}

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

const LEVELS: readonly QuotaLevel[] = ['ok', 'low', 'critical', 'exhausted'];

function restoreWindow(v: unknown): QuotaWindow | null {
  if (!isObj(v)) return null;
  const { limit, remaining, observedAt, resetAt, level, estimated } = v;
  if (!isCount(limit) || !isCount(remaining) || remaining > limit || !isNum(observedAt) || !isNum(resetAt)) return null;
  return {
    limit,
    remaining,
    observedAt,
    resetAt,
    level: LEVELS.includes(level as QuotaLevel) ? (level as QuotaLevel) : 'ok',
    estimated: estimated === true,
  };
}

function restoreCooldown(v: unknown): Cooldown | null {
  if (!isObj(v)) return null;
  if ((v.scope !== 'minute' && v.scope !== 'month') || !isNum(v.until) || !isNum(v.since)) return null;
  return { scope: v.scope, until: v.until, since: v.since };
}

export function restoreEngine(v: unknown): PersistedEngine | null {
  if (!isObj(v) || v.version !== 1) return null;
  const plan = v.minutePlan === 'limited' || v.minutePlan === 'none' ? v.minutePlan : 'unknown';
  const history = Array.isArray(v.history)
    ? v.history.filter(
        (s): s is QuotaSample =>
          isObj(s) && isNum(s.at) && isCount(s.remaining) && isCount(s.limit) && s.remaining <= s.limit,
      )
    : [];
  history.sort((a, b) => a.at - b.at);
  return {
    version: 1,
    month: restoreWindow(v.month),
    minute: plan === 'none' ? null : restoreWindow(v.minute),
    minutePlan: plan,
    cooldown: restoreCooldown(v.cooldown),
    lastError: typeof v.lastError === 'string' ? v.lastError.slice(0, 40) : null,
    skewMs: isNum(v.skewMs) && Math.abs(v.skewMs) < 366 * 86_400_000 ? v.skewMs : 0,
    skewKnown: v.skewKnown === true,
    history,
  };
}

export function restoreCache(v: unknown): PersistedCache | null {
  if (!isObj(v) || v.version !== 1 || !Array.isArray(v.entries)) return null;
  const entries = v.entries.filter(
    (e): e is PersistedCacheEntry =>
      isObj(e) &&
      typeof e.profile === 'string' &&
      typeof e.ip === 'string' &&
      typeof e.language === 'string' &&
      isNum(e.fetchedAt) &&
      isNum(e.storedAt) &&
      'body' in e &&
      (e.note === null || typeof e.note === 'string' || e.note === undefined),
  );
  return { version: 1, entries: entries.map((e) => ({ ...e, note: e.note ?? null })) };
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

/** One profile's slice of a document that holds every profile: `{ [profile]: PersistedQuotaData }`. */
export function profileStore(
  store: JsonStore<Record<string, unknown>>,
  profile: string,
): JsonStore<PersistedQuotaData> {
  return {
    read: () => {
      const all = store.read();
      return restoreQuotaData(isObj(all) ? all[profile] : undefined);
    },
    write: (value) => {
      let all: Record<string, unknown> = {};
      try {
        const cur = store.read();
        if (isObj(cur)) all = { ...cur };
      } catch {
        all = {};
      }
      all[profile] = value;
      store.write(all);
    },
  };
}

/** An in-memory JsonStore (tests, web preview without a data dir). Values are deep-copied through JSON. */
export function memoryStore<T>(initial?: T): JsonStore<T> & { writes: number } {
  let doc: string | undefined = initial === undefined ? undefined : JSON.stringify(initial);
  const s = {
    writes: 0,
    read: (): T => (doc === undefined ? (undefined as T) : (JSON.parse(doc) as T)),
    write: (v: T): void => {
      doc = JSON.stringify(v);
      s.writes++;
    },
  };
  return s;
}
