import type { Cooldown, KnownStatusSupport } from '../../../../shared/quota';
import type { PersistedEngine } from '../../quota/persisted-engine';
import type { CacheEntry } from '../lookup/lookup-cache';

export type KnownSupport = KnownStatusSupport;

/** What one profile's QuotaService starts from. */
export interface QuotaStoreSnapshot {
  engine: PersistedEngine | null;
  /** Least recently used first. */
  cache: CacheEntry[];
  /** Whether the free GET /v2/status exists, per base URL. */
  statusCheck: Record<string, KnownSupport>;
}

/**
 * Where one profile's QuotaService keeps what it learns: `state.db` shared with the app's other processes
 * (db-quota-store.ts), or a test's memory (test/helpers/memory-quota-store.ts). Writes are small and incremental — the engine's state,
 * the new cache entries — so their cost does not grow with the cache. Nothing here throws.
 */
export interface QuotaStore {
  load(cacheLimits: { maxEntries: number; ttlMs: number }): QuotaStoreSnapshot;
  /** The engine's state (its history may hold samples already saved: the store keeps each once). */
  saveEngine(engine: PersistedEngine): void;
  /** Answers added since the last save (later = more recently used). */
  saveCache(entries: readonly CacheEntry[], maxEntries: number): void;
  saveStatusCheck(baseUrl: string, support: KnownSupport): void;
  /** The cooldown, at once when it starts or ends (other processes honour it); null: the one saved has ended. */
  saveCooldown(cooldown: Cooldown | null): void;
  /** An answer another process cached, for a lookup this process has not cached (null: none, or expired). */
  findCached(ip: string, language: string, ttlMs: number): CacheEntry | null;
  /** Which of `ips` another process cached fresh (a cost preview's count; nothing is taken in). */
  freshAmong?(ips: readonly string[], language: string, ttlMs: number): Set<string>;
  /** The engine as another process last recorded it, if one did since the last call; else null. No timers. */
  changedElsewhere(): PersistedEngine | null;
  /** Forget the profile's figures, history, cooldown and cached answers (the key was replaced or removed). */
  clear(): void;
  /** Forget the profile's cached answers only (Clear cache). */
  clearCache(): void;
}
