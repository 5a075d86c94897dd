import type { CheckQuotaOutcome, LookupOutcome } from '../../../../shared/outcome';
import type { StatusCheckSupport } from '../../../../shared/quota';
import type { QuotaEngine } from '../../quota/engine';
import { cleanOutcome } from '../lookup/lookup-outcome';
import type { Send } from '../lookup/request-group';
import { interpretStatus, type StatusResult } from './status-answer';
import type { StatusSupport } from './status-support';

/** What QuotaChecks uses: the key, the engine to feed, what is known of /v2/status, a way to spend a lookup. */
export interface ChecksDeps {
  /** The key in use, or null when there is none (or the vault failed). */
  key(): Promise<string | null>;
  /** The live engine, fed by the status answer. */
  engine(): QuotaEngine;
  support: StatusSupport;
  send: Send;
  /** One lookup that spends a request (when there is no free status check and the caller agreed). */
  spendLookup(): Promise<LookupOutcome>;
  /** Registers an operation in flight (for whenIdle). */
  track<T>(p: Promise<T>): Promise<T>;
  /** Told when a status answer (or its failure) was taken in, before the check resolves. */
  onStatusAnswer(): void;
}

/**
 * Checking the quota: the free status check when the base URL has one (remembered per base URL, one request
 * at a time), otherwise, when the caller agrees to spend it, one lookup.
 */
export class QuotaChecks {
  private inflight: Promise<StatusResult> | null = null;

  constructor(private readonly deps: ChecksDeps) {}

  async check(opts: { spend?: boolean } = {}): Promise<CheckQuotaOutcome> {
    const key = await this.deps.key();
    if (!key) return { kind: 'failed', outcome: { kind: 'no-key' } };
    if (this.deps.support.current() !== 'unsupported') {
      const r = await this.statusOnce(key);
      if (r.ok) return { kind: 'checked', via: 'status' };
      if (r.support !== 'unsupported') {
        const outcome = r.outcome ?? { kind: 'bad-response', status: 0, why: { kind: 'no-answer' }, raw: '' };
        return { kind: 'failed', outcome };
      }
    }
    if (!opts.spend) return { kind: 'needs-confirmation', cost: 1 };
    const o = await this.deps.spendLookup();
    if (o.kind === 'ok') return { kind: 'checked', via: 'lookup' };
    return { kind: 'failed', outcome: o };
  }

  /** Whether the free status check exists at the current base URL; asks the service once, then remembers. */
  async probe(): Promise<StatusCheckSupport> {
    const { support } = this.deps;
    if (support.current() !== 'unknown') return support.current();
    const key = await this.deps.key();
    if (!key) return 'unknown';
    return (await this.statusOnce(key)).support === 'unknown' ? 'unknown' : support.current();
  }

  /** Stop sharing a status check in flight (the base URL changed). */
  forgetInflight(): void {
    this.inflight = null;
  }

  /** One /v2/status request at a time; callers in the meantime share it. */
  private statusOnce(key: string): Promise<StatusResult> {
    if (this.inflight) return this.inflight;
    const run = (async () => {
      const raw = await this.deps.send('/v2/status', key);
      const engine = this.deps.engine();
      const r = interpretStatus(raw, engine);
      if (r.outcome) r.outcome = cleanOutcome(r.outcome, key);
      if (r.outcome?.kind === 'network-error' && r.outcome.reason !== 'aborted') engine.setLastError('network-error');
      if (r.outcome?.kind === 'proxy-error' || r.outcome?.kind === 'certificate-error')
        engine.setLastError(r.outcome.kind);
      this.deps.support.learn(r.support);
      this.deps.onStatusAnswer();
      return r;
    })();
    this.inflight = run;
    this.deps.track(run);
    void run.finally(() => {
      if (this.inflight === run) this.inflight = null;
    });
    return run;
  }
}
