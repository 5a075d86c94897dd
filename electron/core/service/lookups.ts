import { parseIp } from '../../../shared/ip';
import type { LookupOutcome } from '../../../shared/outcome';
import type { CacheEntry, LookupCache } from './lookup-cache';
import { cooldownMessage } from '../quota/messages';
import { NO_KEY, type ServiceContext } from './service-types';
import { cleanOutcome, finishLookup } from './lookup-outcome';

/**
 * IP lookups: from the cache unless refreshed, identical lookups in flight shared, held back during a
 * cooldown unless forced, cancellable. Always resolves to an outcome.
 */
export class QuotaLookups {
  private readonly inflight = new Map<string, Promise<LookupOutcome>>();
  private readonly controllers = new Set<AbortController>();

  constructor(
    private readonly ctx: ServiceContext,
    private readonly cache: LookupCache,
    /** An answer another process cached (the shared store), for a lookup not in this process's cache. */
    private readonly cachedElsewhere: (ip: string, language: string) => CacheEntry | null = () => null,
  ) {}

  lookup(input: string, opts: { refresh?: boolean; force?: boolean } = {}): Promise<LookupOutcome> {
    const p = parseIp(input);
    if (!p.ok) return Promise.resolve({ kind: 'invalid-ip', message: p.message });
    const lang = this.ctx.config().language;
    if (!opts.refresh) {
      const hit = this.cache.get(this.ctx.profile, p.ip, lang) ?? this.fromElsewhere(p.ip, lang);
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
    if (shared) return shared;
    const run = this.ctx.track(this.send(p.ip, p.flag, lang, opts.force === true));
    this.inflight.set(k, run);
    void run.then(() => this.inflight.delete(k));
    return run;
  }

  private fromElsewhere(ip: string, lang: string): CacheEntry | undefined {
    const e = this.cachedElsewhere(ip, lang);
    if (!e) return undefined;
    this.cache.set(e, { fromStore: true });
    return e;
  }

  /** Aborts lookups in flight: they end as network-error 'aborted'. */
  cancel(): void {
    for (const c of this.controllers) c.abort();
  }

  private async send(ip: string, note: string | null, lang: string, force: boolean): Promise<LookupOutcome> {
    const { ctx } = this;
    try {
      const key = await ctx.key();
      if (!key) return { kind: 'no-key', message: NO_KEY };
      if (!force) {
        ctx.sync(); // a cooldown another process (the CLI, the preview) recorded counts here too
        const c = ctx.engine().activeCooldown();
        if (c) {
          ctx.changed();
          return {
            kind: 'cooldown',
            scope: c.scope,
            resetAt: c.until,
            message: cooldownMessage(c.scope, c.until, ctx.engine().serverNow()),
          };
        }
      }
      if (ctx.isDisposed()) return { kind: 'network-error', reason: 'aborted', message: 'The lookup was cancelled.' };
      const raw = await ctx.send('/v2/info', key, lang ? { ip, language: lang } : { ip }, this.controllers);
      const outcome = cleanOutcome(finishLookup(raw, ip, note, ctx.engine()), key);
      if (outcome.kind === 'ok') {
        this.cache.set({
          profile: ctx.profile,
          ip,
          language: lang,
          body: outcome.body,
          fetchedAt: outcome.fetchedAt,
          note,
        });
        ctx.persistSoon();
      }
      ctx.logger.info('lookup', { outcome: outcome.kind, status: raw.kind === 'response' ? raw.status : null });
      ctx.changed();
      return outcome;
    } catch (err) {
      ctx.logger.error('lookup failed unexpectedly', { error: err instanceof Error ? err.name : 'unknown' });
      return { kind: 'network-error', reason: 'other', message: 'The lookup failed unexpectedly. Retry.' };
    }
  }
}
