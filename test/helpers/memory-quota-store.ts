import type { Cooldown } from '../../shared/quota';
import type { PersistedEngine } from '../../electron/core/quota/persisted-engine';
import type { CacheEntry } from '../../electron/core/service/lookup/lookup-cache';
import type { KnownSupport, QuotaStore, QuotaStoreSnapshot } from '../../electron/core/service/store/quota-store';

/** A QuotaStore in memory: nothing shared, nothing kept after the process. A test double (tests and benchmarks). */
export function memoryQuotaStore(initial: Partial<QuotaStoreSnapshot> = {}): QuotaStore & {
  snapshot(): QuotaStoreSnapshot;
  /** Batched writes (one per flush: the engine, with the cache's new entries); cooldowns, written at once, apart. */
  writes: number;
  cooldownWrites: number;
} {
  let engine = initial.engine ?? null;
  const cache = new Map<string, CacheEntry>((initial.cache ?? []).map((e) => [`${e.ip}|${e.language}`, e]));
  const statusCheck = { ...initial.statusCheck };
  const copy = <T>(v: T): T => structuredClone(v);
  const s = {
    writes: 0,
    cooldownWrites: 0,
    snapshot: (): QuotaStoreSnapshot => ({
      engine: copy(engine),
      cache: copy([...cache.values()]),
      statusCheck: { ...statusCheck },
    }),
    load: () => s.snapshot(),
    saveEngine(e: PersistedEngine) {
      engine = copy(e);
      s.writes++;
    },
    saveCache(entries: readonly CacheEntry[], maxEntries: number) {
      for (const e of entries) {
        const k = `${e.ip}|${e.language}`;
        cache.delete(k);
        cache.set(k, copy(e));
      }
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    },
    saveStatusCheck(baseUrl: string, support: KnownSupport) {
      statusCheck[baseUrl] = support;
    },
    saveCooldown(c: Cooldown | null) {
      if (engine) engine = { ...engine, cooldown: copy(c) };
      s.cooldownWrites++;
    },
    findCached: () => null,
    changedElsewhere: () => null,
    clear() {
      engine = null;
      cache.clear();
    },
    clearCache() {
      cache.clear();
    },
  };
  return s;
}
