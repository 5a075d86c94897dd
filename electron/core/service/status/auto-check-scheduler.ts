import type { CheckQuotaOutcome } from '../../../../shared/outcome';
import { OUTCOMES } from '../../../../shared/outcome-table';
import type { QuotaLevel, StatusCheckSupport } from '../../../../shared/quota';
import { autoCheckDelay } from '../../quota/auto-check-cadence';
import type { QuotaEngine } from '../../quota/engine';
import { DeadlineTimer } from '../../lib/deadline-timer';
import type { Clock } from '../../lib/ports';
import type { AutoCheckConfig } from '../service-types';

/** The month figures the cadence adapts to. */
export interface LastFigures {
  /** Local clock when the service last reported real month figures (null: never, or only estimated). */
  seenAt: number | null;
  level: QuotaLevel | null;
}

/** The engine's month figures, as the cadence sees them. */
export function lastFigures(engine: QuotaEngine): LastFigures {
  const month = engine.window('month');
  return {
    seenAt: month && !month.estimated ? month.observedAt - engine.skew : null,
    level: month?.level ?? null,
  };
}

/** What AutoCheckScheduler uses: a clock, its settings, the figures it adapts to, and the check to run. */
export interface AutoCheckDeps {
  clock: Clock;
  settings(): AutoCheckConfig;
  /** Whether the free status check exists at the base URL in use. */
  support(): StatusCheckSupport;
  lastFigures(): LastFigures;
  /** Checks the quota (`spend`: with a lookup, when there is no free status check). */
  check(spend: boolean): Promise<CheckQuotaOutcome>;
  /** Registers an operation in flight (for whenIdle). */
  track<T>(p: Promise<T>): Promise<T>;
}

/**
 * Automatic quota checks: one timer at most, armed at the adaptive cadence after the last figures seen,
 * backing off on failures, none while suspended, off, disposed, or a check is running.
 */
export class AutoCheckScheduler {
  private readonly timer: DeadlineTimer;
  private running = false;
  private failures = 0;
  private lastAt: number | null = null;
  private suspended = false;
  private disposed = false;

  constructor(private readonly deps: AutoCheckDeps) {
    this.timer = new DeadlineTimer(deps.clock, () => void this.deps.track(this.run()));
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
    const figures = this.deps.lastFigures();
    const last = Math.max(figures.seenAt ?? -Infinity, this.lastAt ?? -Infinity);
    const delay = autoCheckDelay(this.deps.settings().intervalMs, figures.level, this.failures);
    const now = this.deps.clock.now();
    const at = Number.isFinite(last) ? Math.max(now, last + delay) : now + delay;
    this.timer.set(at);
  }

  dispose(): void {
    this.disposed = true;
    this.timer.dispose();
  }

  /** 'status' (free), 'lookup' (spends; only if allowed), or null: no automatic checks. */
  private mode(): 'status' | 'lookup' | null {
    const a = this.deps.settings();
    if (this.suspended || this.disposed || a.enabled === false) return null;
    const s = this.deps.support();
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
      const r = await this.deps.check(mode === 'lookup');
      // A failed check backs the cadence off when its outcome is a failure (shared/outcome-table.ts).
      const failed = r.kind === 'failed' && OUTCOMES[r.outcome.kind].failure;
      this.failures = failed ? this.failures + 1 : 0;
    } catch {
      this.failures++;
    } finally {
      this.running = false;
      this.lastAt = this.deps.clock.now();
      this.schedule();
    }
  }
}
