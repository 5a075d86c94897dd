import { placeOf, readAnswer } from '../../../../shared/answer';
import type { RecentLookup } from '../../../../shared/ipc';
import { isNum, isObj } from '../../lib/guards';
import type { CacheRow } from '../../storage/storage-types';

/**
 * LRU cache of lookup answers per profile (key), normalised IP and language. A Map keeps insertion order,
 * so the least recently used entry is the first one: get/set/delete are O(1). TTL runs on the injected
 * local clock.
 */

/** One cached answer, as state.db keeps it (the storage layer's row shape is the one definition). */
export type PersistedCacheEntry = CacheRow;

export interface PersistedCache {
  version: 1;
  /** Least recently used first. */
  entries: PersistedCacheEntry[];
}

export type CacheEntry = PersistedCacheEntry;

export interface LookupCacheOptions {
  clock: { now(): number };
  maxEntries?: number;
  ttlMs?: number;
  /** A previous `toJSON()`; malformed data starts empty. */
  persisted?: unknown;
}

export const DEFAULT_CACHE_MAX = 1000;
export const DEFAULT_CACHE_TTL_MS = 24 * 60 * 60_000;

export function cacheKey(profile: string, ip: string, language: string): string {
  return `${profile}|${ip}|${language}`;
}

export class LookupCache {
  private readonly clock: { now(): number };
  private maxEntries: number;
  private ttlMs: number;
  private readonly map = new Map<string, CacheEntry>();
  /** When each entry was last stored or read (local clock; a restored entry: when it was stored). */
  private readonly usedAt = new Map<string, number>();
  /** Entries set since the last takeNew(), for the store (written in batches, not per lookup). */
  private added: CacheEntry[] = [];

  constructor(opts: LookupCacheOptions) {
    this.clock = opts.clock;
    this.maxEntries = positive(opts.maxEntries, DEFAULT_CACHE_MAX);
    this.ttlMs = positive(opts.ttlMs, DEFAULT_CACHE_TTL_MS);
    const restored = restoreCache(opts.persisted);
    if (restored) for (const e of restored.entries) this.map.set(cacheKey(e.profile, e.ip, e.language), e);
    this.prune();
  }

  get size(): number {
    return this.map.size;
  }

  /**
   * A fresh entry (and marks it most recently used), or undefined. An expired one stays (least recently used
   * first, so it goes first) for `stored()` — showing a recent lookup again — until evicted or pruned.
   * `bulk`: a bulk job's use, which leaves the order (and Recent) as it is. The user's use of an answer a bulk job
   * got makes it the user's (in Recent), and the store is told.
   */
  get(profile: string, ip: string, language: string, opts: { bulk?: boolean } = {}): CacheEntry | undefined {
    const k = cacheKey(profile, ip, language);
    let e = this.map.get(k);
    if (!e || this.expired(e)) return undefined;
    if (opts.bulk) return e;
    if (e.bulk) {
      const { bulk: _bulk, ...own } = e;
      e = own;
      this.added.push(e);
    }
    this.map.delete(k);
    this.map.set(k, e);
    this.usedAt.set(k, this.clock.now());
    return e;
  }

  /** The entry kept for an address, however old (`expired` says whether past the lifetime), or undefined. */
  stored(profile: string, ip: string, language: string): { entry: CacheEntry; expired: boolean } | undefined {
    const e = this.map.get(cacheKey(profile, ip, language));
    return e ? { entry: e, expired: this.expired(e) } : undefined;
  }

  /**
   * Stores an answer; `fromStore`: it came from the shared store, so it need not be written back. An entry marked
   * `bulk` (a bulk job's answer) is a cache hit like any other but never one of the recent lookups.
   */
  set(entry: Omit<CacheEntry, 'storedAt'> & { storedAt?: number }, opts: { fromStore?: boolean } = {}): void {
    const e: CacheEntry = { ...entry, storedAt: entry.storedAt ?? this.clock.now() };
    if (!e.bulk) delete e.bulk;
    if (!opts.fromStore) this.added.push(e);
    const k = cacheKey(e.profile, e.ip, e.language);
    this.map.delete(k);
    this.map.set(k, e);
    this.usedAt.set(k, this.clock.now());
    this.evictOverflow();
  }

  delete(profile: string, ip: string, language: string): boolean {
    return this.drop(cacheKey(profile, ip, language));
  }

  clearProfile(profile: string): void {
    for (const [k, e] of this.map) if (e.profile === profile) this.drop(k);
    this.added = this.added.filter((e) => e.profile !== profile);
  }

  /** How many entries were set since the last takeNew() (what the store has to write). */
  get newCount(): number {
    return this.added.length;
  }

  /** The entries set since the last call (oldest first), and forgets them. */
  takeNew(): CacheEntry[] {
    const out = this.added;
    this.added = [];
    return out;
  }

  /** A profile's fresh answers and the size of their JSON (what clearing the cache frees). */
  stats(profile: string): { answers: number; bytes: number } {
    let answers = 0;
    let bytes = 0;
    for (const e of this.map.values()) {
      if (e.profile !== profile || this.expired(e)) continue;
      answers++;
      bytes += Buffer.byteLength(JSON.stringify(e.body) ?? 'null');
    }
    return { answers, bytes };
  }

  get limits(): { maxEntries: number; ttlMs: number } {
    return { maxEntries: this.maxEntries, ttlMs: this.ttlMs };
  }

  /**
   * Most recently used first, fresh entries only (any language: one row per IP), the user's own (not a bulk job's).
   * `hiddenBefore`: leave out what was last used at or before that instant (the recent list was cleared then; the
   * answers stay cached).
   */
  recent(profile: string, n = 10, hiddenBefore = -Infinity): CacheEntry[] {
    const out: CacheEntry[] = [];
    const seen = new Set<string>();
    const all = [...this.map.entries()];
    for (let i = all.length - 1; i >= 0 && out.length < n; i--) {
      const [k, e] = all[i] as [string, CacheEntry];
      if (e.profile !== profile || e.bulk || this.expired(e) || seen.has(e.ip)) continue;
      if ((this.usedAt.get(k) ?? e.storedAt) <= hiddenBefore) continue;
      seen.add(e.ip);
      out.push(e);
    }
    return out;
  }

  setLimits(l: { maxEntries?: number; ttlMs?: number }): void {
    this.maxEntries = positive(l.maxEntries, this.maxEntries);
    this.ttlMs = positive(l.ttlMs, this.ttlMs);
    this.prune();
  }

  toJSON(): PersistedCache {
    this.prune();
    return { version: 1, entries: [...this.map.values()] };
  }

  private expired(e: CacheEntry): boolean {
    const age = this.clock.now() - e.storedAt;
    return age >= this.ttlMs || age < -this.ttlMs;
  }

  private prune(): void {
    for (const [k, e] of this.map) if (this.expired(e)) this.drop(k);
    this.evictOverflow();
  }

  /** Least recently used first, down to the limit. */
  private evictOverflow(): void {
    while (this.map.size > this.maxEntries) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.drop(oldest.value);
    }
  }

  /** An entry goes, and its last-use time with it (usedAt never outgrows the cache). */
  private drop(k: string): boolean {
    this.usedAt.delete(k);
    return this.map.delete(k);
  }

  /** How many last-use times are kept (tests: never more than the entries). */
  get trackedUses(): number {
    return this.usedAt.size;
  }
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
  return {
    version: 1,
    entries: entries.map(({ bulk, ...e }) => ({ ...e, note: e.note ?? null, ...(bulk === true ? { bulk } : {}) })),
  };
}

/** "Mountain View, California, United States" from a {data:{location:…}} body; the IP when nothing is known. */
export function summaryLabel(ip: string, body: unknown): string {
  const a = readAnswer(body);
  const place = a ? placeOf(a) : null;
  return place ? place.slice(0, 120) : ip;
}

export function toRecent(e: CacheEntry): RecentLookup {
  return { ip: e.ip, fetchedAt: e.fetchedAt, label: summaryLabel(e.ip, e.body) };
}

function positive(v: number | undefined, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
}
