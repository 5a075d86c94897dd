import type { Cooldown } from '../../../../shared/quota';
import { restoreEngine, type PersistedEngine } from '../../quota/persisted-engine';
import type { StateDb } from '../../storage/state-db';
import { stateScope } from '../../storage/state-scope';
import { restoreCache, type CacheEntry } from '../lookup/lookup-cache';
import type { KnownSupport, QuotaStore, QuotaStoreSnapshot } from './quota-store';

/** Samples handed to the engine on load: its own bound is smaller, and the forecast needs only this window. */
const ENGINE_HISTORY_READ = 1000;

/**
 * One profile's QuotaStore in `state.db` for the service at `origin` (its base URL's), shared with every process
 * that opens the same data folder. Figures, history, cooldown and cached answers are the origin's: the same profile
 * at another origin has rows of its own (storage/state-scope.ts), so the old service's never show as the new one's.
 * The engine row holds the figures; history samples and the cooldown have tables of their own (the cooldown
 * table is the truth: a later end is never overwritten by an earlier one from a stale process). Another
 * process's writes are noticed through SQLite's data_version when the service next needs its state: no timers.
 */
/** `origin`: `originOf(baseUrl)`; '' keeps the rows under the bare profile name (tests that read them by name). */
export function dbQuotaStore(db: StateDb, name: string, origin: string): QuotaStore {
  const profile = stateScope(name, origin);
  db.adoptState(name, profile);
  /** The service knows its entries by the profile's name; state.db by the name at the origin. */
  const asName = <T extends { profile: string }>(row: T): T => ({ ...row, profile: name });
  let seen = db.dataVersion();
  /** Newest history sample already in the table. */
  let savedHistoryAt = -Infinity;
  /** End of the cooldown this process last recorded (to clear only that one). */
  let savedCooldownUntil: number | null = null;

  function read(): PersistedEngine | null {
    const engine = restoreEngine(db.readEngine(profile));
    if (!engine) return null;
    const history = db.readHistoryTail(profile, ENGINE_HISTORY_READ);
    return { ...engine, cooldown: db.readCooldown(profile), history };
  }

  return {
    load({ maxEntries, ttlMs }): QuotaStoreSnapshot {
      seen = db.dataVersion();
      const engine = read();
      savedHistoryAt = engine?.history.at(-1)?.at ?? -Infinity;
      savedCooldownUntil = engine?.cooldown?.until ?? null;
      const rows = db.cacheRecent(profile, maxEntries, ttlMs).reverse().map(asName);
      return {
        engine,
        cache: restoreCache({ version: 1, entries: rows })?.entries ?? [],
        statusCheck: db.allStatusSupport(),
      };
    },
    saveEngine(e) {
      db.writeEngine(profile, { ...e, history: [] });
      const fresh = e.history.filter((s) => s.at > savedHistoryAt);
      if (fresh.length > 0 && db.appendHistory(profile, fresh)) savedHistoryAt = fresh[fresh.length - 1]!.at;
    },
    saveCache(entries: readonly CacheEntry[], maxEntries: number) {
      if (entries.length > 0)
        db.cachePut(
          entries.map((e) => ({ ...e, profile })),
          { maxEntries },
        );
    },
    saveStatusCheck(baseUrl: string, support: KnownSupport) {
      db.writeStatusSupport(baseUrl, support);
    },
    saveCooldown(c: Cooldown | null) {
      if (c) db.writeCooldown(profile, c);
      else if (savedCooldownUntil !== null) db.clearCooldownEndedBy(profile, savedCooldownUntil);
      savedCooldownUntil = c?.until ?? null;
    },
    findCached(ip, language, ttlMs) {
      const row = db.cacheGet(profile, ip, language, ttlMs);
      return row ? (restoreCache({ version: 1, entries: [asName(row)] })?.entries[0] ?? null) : null;
    },
    freshAmong(ips, language, ttlMs) {
      return db.cacheFreshAmong(profile, ips, language, ttlMs);
    },
    changedElsewhere() {
      const v = db.dataVersion();
      if (v === seen) return null;
      seen = v;
      return read();
    },
    clearCache() {
      db.cacheDeleteProfile(profile);
    },
    clear() {
      db.clearQuota(profile);
      savedHistoryAt = -Infinity;
      savedCooldownUntil = null;
    },
  };
}
