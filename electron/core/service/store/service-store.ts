import { isKnownStatusSupport, type Cooldown } from '../../../../shared/quota';
import { isObj } from '../../lib/guards';
import type { Clock, Logger } from '../../lib/ports';
import type { PersistedEngine } from '../../quota/persisted-engine';
import type { CacheEntry, LookupCache } from '../lookup/lookup-cache';
import { PersistDebounce } from './persist-debounce';
import type { KnownSupport, QuotaStore, QuotaStoreSnapshot } from './quota-store';

const EMPTY: QuotaStoreSnapshot = { engine: null, cache: [], statusCheck: {} };

/**
 * QuotaService's side of its QuotaStore: a store that fails is logged, never thrown (the service goes on from
 * memory); a cooldown is written only when it starts or ends. Without a store every call does nothing.
 */
export class ServiceStore {
  /** End of the cooldown last given to the store (null: none). */
  private savedCooldown: number | null = null;

  constructor(
    private readonly store: QuotaStore | undefined,
    private readonly logger: Logger,
  ) {}

  /** What the service starts from (malformed parts dropped). */
  load(cacheLimits: { maxEntries: number; ttlMs: number }): QuotaStoreSnapshot {
    const data = this.safely(() => this.store?.load(cacheLimits) ?? EMPTY, EMPTY);
    if (!isObj(data)) return EMPTY;
    return {
      ...EMPTY,
      ...data,
      cache: Array.isArray(data.cache) ? data.cache : [],
      statusCheck: knownSupport(data.statusCheck),
    };
  }

  /** Writes of the engine and the cache's new entries, one per burst of changes (none without a store). */
  debouncedWrites(clock: Clock, engine: () => PersistedEngine, cache: LookupCache): PersistDebounce {
    const { store } = this;
    const write = store
      ? () => {
          store.saveEngine(engine());
          store.saveCache(cache.takeNew(), cache.limits.maxEntries);
        }
      : undefined;
    return new PersistDebounce({ clock, logger: this.logger, write });
  }

  /** The cooldown the store already holds (the one the service started with). */
  assumeSaved(c: Cooldown | null): void {
    this.savedCooldown = c?.until ?? null;
  }

  /** Records a cooldown that started or ended since the last call, so the app's other processes honour it. */
  saveCooldown(c: Cooldown | null): void {
    const until = c?.until ?? null;
    if (!this.store || until === this.savedCooldown) return;
    this.savedCooldown = until;
    this.safely(() => this.store?.saveCooldown(c), undefined);
  }

  saveStatusCheck(baseUrl: string, support: KnownSupport): void {
    this.safely(() => this.store?.saveStatusCheck(baseUrl, support), undefined);
  }

  findCached(ip: string, language: string, ttlMs: number): CacheEntry | null {
    return this.safely(() => this.store?.findCached(ip, language, ttlMs) ?? null, null);
  }

  /** Which of `ips` are cached fresh in the store (a store without the batched read: asked one by one). */
  freshAmong(ips: readonly string[], language: string, ttlMs: number): Set<string> {
    const store = this.store;
    if (!store) return new Set();
    return this.safely(
      () =>
        store.freshAmong?.(ips, language, ttlMs) ??
        new Set(ips.filter((ip) => store.findCached(ip, language, ttlMs) !== null)),
      new Set<string>(),
    );
  }

  changedElsewhere(): PersistedEngine | null {
    return this.safely(() => this.store?.changedElsewhere() ?? null, null);
  }

  get present(): boolean {
    return this.store !== undefined;
  }

  clearCache(): void {
    this.safely(() => this.store?.clearCache(), undefined);
  }

  clear(): void {
    this.safely(() => this.store?.clear(), undefined);
    this.savedCooldown = null;
  }

  private safely<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      this.logger.warn('quota store failed', { error: err instanceof Error ? err.name : 'unknown' });
      return fallback;
    }
  }
}

function knownSupport(v: unknown): Record<string, KnownSupport> {
  const out: Record<string, KnownSupport> = {};
  if (isObj(v)) for (const [url, s] of Object.entries(v)) if (isKnownStatusSupport(s)) out[url] = s;
  return out;
}
