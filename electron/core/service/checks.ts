import type { CheckQuotaOutcome } from '../../../shared/outcome';
import type { StatusCheckSupport } from '../../../shared/quota';
import type { QuotaLookups } from './lookups';
import { CHECK_IP, NO_KEY, type ServiceContext } from './service-types';
import { cleanOutcome } from './lookup-outcome';
import type { KnownSupport } from './quota-store';
import { interpretStatus, type StatusResult } from './status-answer';

/**
 * Checking the quota: the free status check when the base URL has one (remembered per base URL, one request
 * at a time), otherwise, when the caller agrees to spend it, one lookup.
 */
export class QuotaChecks {
  private readonly known: Record<string, KnownSupport>;
  private inflight: Promise<StatusResult> | null = null;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly lookups: QuotaLookups,
    persisted: Record<string, KnownSupport>,
    /** Records what was learnt about a base URL (at once: it is rare, and other processes use it). */
    private readonly onLearn: (baseUrl: string, support: KnownSupport) => void = () => {},
  ) {
    this.known = { ...persisted };
  }

  async check(opts: { spend?: boolean } = {}): Promise<CheckQuotaOutcome> {
    const key = await this.ctx.key();
    if (!key) return { kind: 'failed', outcome: { kind: 'no-key', message: NO_KEY }, message: NO_KEY };
    if (this.support() !== 'unsupported') {
      const r = await this.statusOnce(key);
      if (r.ok) return { kind: 'checked', via: 'status', message: 'Quota checked with the free status check.' };
      if (r.support !== 'unsupported') {
        const outcome = r.outcome ?? {
          kind: 'bad-response',
          status: 0,
          message: 'The status check gave no answer.',
          raw: '',
        };
        return {
          kind: 'failed',
          outcome,
          message: 'message' in outcome ? outcome.message : 'The status check failed.',
        };
      }
    }
    if (!opts.spend)
      return {
        kind: 'needs-confirmation',
        cost: 1,
        message: 'This service has no free quota check: checking spends one request (a lookup). Check anyway?',
      };
    const o = await this.lookups.lookup(CHECK_IP, { refresh: true });
    if (o.kind === 'ok')
      return { kind: 'checked', via: 'lookup', message: 'Quota checked with one lookup (1 request spent).' };
    return { kind: 'failed', outcome: o, message: o.message };
  }

  /** Whether the free status check exists at the current base URL; asks the service once, then remembers. */
  async probe(): Promise<StatusCheckSupport> {
    const known = this.support();
    if (known !== 'unknown') return known;
    const key = await this.ctx.key();
    if (!key) return 'unknown';
    return (await this.statusOnce(key)).support === 'unknown' ? 'unknown' : this.support();
  }

  support(): StatusCheckSupport {
    return this.known[this.ctx.config().baseUrl] ?? 'unknown';
  }

  learn(s: StatusCheckSupport): void {
    if (s === 'unknown' || this.support() === s) return;
    const baseUrl = this.ctx.config().baseUrl;
    this.known[baseUrl] = s;
    this.onLearn(baseUrl, s);
  }

  /** Stop sharing a status check in flight (the base URL changed). */
  forgetInflight(): void {
    this.inflight = null;
  }

  /** One /v2/status request at a time; callers in the meantime share it. */
  private statusOnce(key: string): Promise<StatusResult> {
    if (this.inflight) return this.inflight;
    const run = (async () => {
      const raw = await this.ctx.send('/v2/status', key, {});
      const engine = this.ctx.engine();
      const r = interpretStatus(raw, engine);
      if (r.outcome) r.outcome = cleanOutcome(r.outcome, key);
      if (r.outcome?.kind === 'network-error' && r.outcome.reason !== 'aborted') engine.setLastError('network-error');
      this.learn(r.support);
      this.ctx.persistSoon();
      this.ctx.changed();
      return r;
    })();
    this.inflight = run;
    this.ctx.track(run);
    void run.finally(() => {
      if (this.inflight === run) this.inflight = null;
    });
    return run;
  }
}
