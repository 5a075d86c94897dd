import { parseIp } from '../../../../shared/ip';
import type { LookupOutcome } from '../../../../shared/outcome';
import type { Logger } from '../../lib/ports';
import type { QuotaEngine } from '../../quota/engine';
import type { CacheEntry, LookupCache } from './lookup-cache';
import { cleanOutcome, finishLookup } from './lookup-outcome';
import type { Send } from './request-group';

/** Answers longer than this (1 MiB of JSON text) are not cached: each such lookup is sent again. */
export const MAX_CACHED_ANSWER_CHARS = 1 << 20;
/**
 * Answers longer than this (the same 1 MiB) are marked `tooLarge`: the app core sends the window a summary
 * instead of the whole body, and keeps the answer for "Save as file…".
 */
export const MAX_SHOWN_ANSWER_CHARS = MAX_CACHED_ANSWER_CHARS;

/** What a lookup that did not come from the cache did to the service's state. */
export type LookupEvent =
  /** The service answered (any status); `cached`: its answer was added to the cache. */
  | { kind: 'answered'; cached: boolean }
  /** Held back by a cooldown, nothing sent (the cooldown may have just been learnt from another process). */
  | { kind: 'held-back' }
  /** A cached answer a bulk job got was looked up by hand: it is the user's now (Recent), to be written. */
  | { kind: 'claimed' };

/** What QuotaLookups uses: the profile's cache, the quota engine, the key, the /v2/info request. */
export interface LookupsDeps {
  profile: string;
  cache: LookupCache;
  logger: Logger;
  /** ISO 639-1 code passed as `language`, '' for the service default. */
  language(): string;
  /** The key in use, or null when there is none (or the vault failed). */
  key(): Promise<string | null>;
  /** The live engine (the service replaces it on reset and when another process recorded newer figures). */
  engine(): QuotaEngine;
  send: Send;
  /** A bulk job's request (a group of its own: not aborted with the user's lookups, nor when the service is replaced). */
  sendBulk: Send;
  /** Takes in what another process recorded (a cooldown it hit counts here too). Cheap; no timers. */
  syncElsewhere(): void;
  /** An answer another process cached, for a lookup not in this process's cache. */
  cachedElsewhere(ip: string, language: string): CacheEntry | null;
  /** Which of `ips` another process cached fresh (one read for many; nothing is taken in). */
  cachedElsewhereAmong(ips: readonly string[], language: string): Set<string>;
  /** Like cachedElsewhere, however old. */
  storedElsewhere(ip: string, language: string): CacheEntry | null;
  /** Registers an operation in flight (for whenIdle). */
  track<T>(p: Promise<T>): Promise<T>;
  /** Told once per lookup that reached the network step (shared lookups: once), before it resolves. */
  onEvent(e: LookupEvent): void;
}

/**
 * IP lookups: from the cache unless refreshed, identical lookups in flight shared, held back during a
 * cooldown unless forced. Always resolves to an outcome.
 */
export class QuotaLookups {
  private readonly inflight = new Map<string, { run: Promise<LookupOutcome>; bulk: boolean }>();
  private disposed = false;

  constructor(private readonly deps: LookupsDeps) {}

  /**
   * `bulk`: a bulk job's lookup. Its answer is cached (a later lookup of the address is free) but is not one of the
   * user's recent lookups, and a cached answer it uses keeps its place among them.
   */
  lookup(
    input: string,
    opts: { refresh?: boolean; force?: boolean; stored?: boolean; bulk?: boolean } = {},
  ): Promise<LookupOutcome> {
    const p = parseIp(input);
    if (!p.ok) return Promise.resolve({ kind: 'invalid-ip', problem: p.problem });
    const lang = this.deps.language();
    const bulk = opts.bulk === true;
    if (opts.stored && !opts.refresh) return Promise.resolve(this.stored(p.ip, p.flag, lang));
    if (!opts.refresh) {
      const hit = this.cached(p.ip, lang, bulk);
      if (hit)
        return Promise.resolve({
          kind: 'ok',
          ip: p.ip,
          body: hit.body,
          source: 'cache',
          fetchedAt: hit.fetchedAt,
          note: p.flag,
        });
    }
    const k = `${p.ip}|${lang}|${opts.force ? 'force' : ''}`;
    const shared = this.inflight.get(k);
    // Joining a bulk job's request for the same address: its answer is the user's too.
    if (shared)
      return bulk || !shared.bulk
        ? shared.run
        : shared.run.then((o) => {
            this.cached(p.ip, lang, false);
            return o;
          });
    const run = this.deps.track(this.send(p.ip, p.flag, lang, opts.force === true, bulk));
    this.inflight.set(k, { run, bulk });
    void run.then(() => this.inflight.delete(k));
    return run;
  }

  /**
   * Whether a lookup of `ip` (normalised) would be answered from a fresh cached answer, this process's or one
   * another process stored, without sending anything (bulk jobs count and skip them). Takes another process's
   * answer in, as a bulk job's use: nothing moves in the recent lookups.
   */
  isCached(ip: string): boolean {
    return this.cached(ip, this.deps.language(), true) !== undefined;
  }

  /**
   * How many of `ips` (normalised, unique) `isCached` would find, counted without taking anything in: this process's
   * cache, then one batched read of the store for the rest (a log's cost preview asks for tens of thousands).
   */
  countCached(ips: readonly string[]): number {
    const lang = this.deps.language();
    const rest: string[] = [];
    let n = 0;
    for (const ip of ips) {
      if (this.deps.cache.get(this.deps.profile, ip, lang, { bulk: true }) !== undefined) n++;
      else rest.push(ip);
    }
    return rest.length ? n + this.deps.cachedElsewhereAmong(rest, lang).size : n;
  }

  /** A fresh cached answer, this process's or another's; a hand lookup (not `bulk`) makes it the user's. */
  private cached(ip: string, lang: string, bulk: boolean): CacheEntry | undefined {
    const before = this.deps.cache.newCount;
    const hit = this.deps.cache.get(this.deps.profile, ip, lang, { bulk }) ?? this.fromElsewhere(ip, lang, bulk);
    if (!bulk && this.deps.cache.newCount > before) this.deps.onEvent({ kind: 'claimed' });
    return hit;
  }

  /** Lookups that have not sent their request yet end as 'aborted' (the caller aborts the requests in flight). */
  dispose(): void {
    this.disposed = true;
  }

  /** The answer kept for `ip`, however old; nothing is sent (showing a recent lookup again). */
  private stored(ip: string, note: string | null, lang: string): LookupOutcome {
    const fresh = this.cached(ip, lang, false);
    const kept = fresh
      ? { entry: fresh, expired: false }
      : (this.deps.cache.stored(this.deps.profile, ip, lang) ?? storedEntry(this.deps.storedElsewhere(ip, lang)));
    if (!kept) return { kind: 'not-cached', ip };
    const { entry, expired } = kept;
    const out: LookupOutcome = { kind: 'ok', ip, body: entry.body, source: 'cache', fetchedAt: entry.fetchedAt, note };
    if (expired) out.expired = true;
    return out;
  }

  private fromElsewhere(ip: string, lang: string, bulk: boolean): CacheEntry | undefined {
    const e = this.deps.cachedElsewhere(ip, lang);
    if (!e) return undefined;
    if (bulk || !e.bulk) {
      this.deps.cache.set(e, { fromStore: true });
      return e;
    }
    const { bulk: _bulk, ...own } = e; // another process's bulk answer, now the user's: written back
    this.deps.cache.set(own);
    return own;
  }

  private async send(
    ip: string,
    note: string | null,
    lang: string,
    force: boolean,
    bulk: boolean,
  ): Promise<LookupOutcome> {
    const { deps } = this;
    try {
      const key = await deps.key();
      if (!key) return { kind: 'no-key' };
      if (!force) {
        deps.syncElsewhere(); // a cooldown another process (the CLI, the preview) recorded counts here too
        const c = deps.engine().activeCooldown();
        if (c) {
          deps.onEvent({ kind: 'held-back' });
          return { kind: 'cooldown', scope: c.scope, resetAt: c.until, at: deps.engine().serverNow() };
        }
      }
      if (this.disposed) return { kind: 'network-error', reason: 'aborted' };
      const raw = await (bulk ? deps.sendBulk : deps.send)('/v2/info', key, lang ? { ip, language: lang } : { ip });
      const outcome = cleanOutcome(finishLookup(raw, ip, note, deps.engine()), key);
      // A JSON answer over the limit (an object, or e.g. a 20 MB array, which is a bad response) is marked.
      const isJson = outcome.kind === 'ok' || (outcome.kind === 'bad-response' && outcome.body !== undefined);
      if (isJson && raw.kind === 'response' && raw.bodyText.length > MAX_SHOWN_ANSWER_CHARS)
        outcome.tooLarge = { bytes: Buffer.byteLength(raw.bodyText, 'utf8') };
      // A huge answer (a log dump, a 20 MB array) is not cached: it would weigh on memory and state.db.
      const cached = outcome.kind === 'ok' && raw.kind === 'response' && raw.bodyText.length <= MAX_CACHED_ANSWER_CHARS;
      if (cached)
        deps.cache.set({
          profile: deps.profile,
          ip,
          language: lang,
          body: outcome.body,
          fetchedAt: outcome.fetchedAt,
          note,
          ...(bulk ? { bulk: true as const } : {}),
        });
      deps.logger.info('lookup', { outcome: outcome.kind, status: raw.kind === 'response' ? raw.status : null });
      deps.onEvent({ kind: 'answered', cached });
      return outcome;
    } catch (err) {
      deps.logger.error('lookup failed unexpectedly', { error: err instanceof Error ? err.name : 'unknown' });
      return { kind: 'network-error', reason: 'other', cause: 'unexpected' };
    }
  }
}

function storedEntry(e: CacheEntry | null): { entry: CacheEntry; expired: boolean } | undefined {
  return e ? { entry: e, expired: true } : undefined; // the store had no fresh one (checked first)
}
