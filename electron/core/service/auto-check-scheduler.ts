import { autoCheckDelay } from '../quota/auto-check-cadence';
import { DeadlineTimer } from '../lib/deadline-timer';
import type { QuotaChecks } from './checks';
import type { ServiceContext } from './service-types';

/** Outcome kinds that count as a failed auto-check (they back the cadence off). */
const FAILURES = new Set(['network-error', 'server-error', 'bad-response', 'invalid-key', 'forbidden', 'no-key']);

/**
 * Automatic quota checks: one timer at most, armed at the adaptive cadence after the last figures seen,
 * backing off on failures, none while suspended, off, or a check is running.
 */
export class AutoCheckScheduler {
  private readonly timer: DeadlineTimer;
  private running = false;
  private failures = 0;
  private lastAt: number | null = null;
  private suspended = false;

  constructor(
    private readonly ctx: ServiceContext,
    private readonly checks: QuotaChecks,
  ) {
    this.timer = new DeadlineTimer(ctx.clock, () => void this.ctx.track(this.run()));
  }

  setSuspended(s: boolean): void {
    if (this.suspended === s) return;
    this.suspended = s;
    this.schedule();
  }

  /** Forget the failure streak (the base URL changed). */
  resetFailures(): void {
    this.failures = 0;
  }

  /** (Re-)arms, keeps or clears the timer for the current mode, figures and failures. */
  schedule(): void {
    const mode = this.mode();
    if (!mode || this.running) {
      this.timer.set(null);
      return;
    }
    const engine = this.ctx.engine();
    const month = engine.window('month');
    const lastSeen = month && !month.estimated ? month.observedAt - engine.skew : null;
    const last = Math.max(lastSeen ?? -Infinity, this.lastAt ?? -Infinity);
    const delay = autoCheckDelay(this.ctx.config().autoCheck.intervalMs, month?.level ?? null, this.failures);
    const now = this.ctx.clock.now();
    const at = Number.isFinite(last) ? Math.max(now, last + delay) : now + delay;
    this.timer.set(at);
  }

  dispose(): void {
    this.timer.dispose();
  }

  /** 'status' (free), 'lookup' (spends; only if allowed), or null: no automatic checks. */
  private mode(): 'status' | 'lookup' | null {
    const a = this.ctx.config().autoCheck;
    if (this.suspended || this.ctx.isDisposed() || a.enabled === false) return null;
    const s = this.checks.support();
    if (s === 'supported') return 'status';
    if (a.enabled === null) return null;
    if (s === 'unsupported') return a.allowSpending ? 'lookup' : null;
    return 'status';
  }

  private async run(): Promise<void> {
    const mode = this.mode();
    if (!mode || this.running) return;
    this.running = true;
    try {
      const r = await this.checks.check({ spend: mode === 'lookup' });
      const failed = r.kind === 'failed' && FAILURES.has(r.outcome.kind);
      this.failures = failed ? this.failures + 1 : 0;
    } catch {
      this.failures++;
    } finally {
      this.running = false;
      this.lastAt = this.ctx.clock.now();
      this.schedule();
    }
  }
}
