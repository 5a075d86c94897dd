import type { Clock, TimerHandle } from './ports';

/** setTimeout cannot wait longer than this (about 24.8 days): Node turns a longer delay into 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** A delay any setTimeout can take: not negative, not over MAX_TIMER_MS, a number (NaN waits 0). */
export function timerDelay(ms: number): number {
  return Number.isFinite(ms) ? Math.min(MAX_TIMER_MS, Math.max(0, ms)) : ms > 0 ? MAX_TIMER_MS : 0;
}

/**
 * One timer armed for an absolute instant on an injected clock. Re-arming for the same instant keeps the
 * timer (no churn); a new instant replaces it; null, or disposal, leaves none.
 */
export class DeadlineTimer {
  private handle: TimerHandle | null = null;
  private at: number | null = null;
  private disposed = false;

  constructor(
    private readonly clock: Clock,
    private readonly fire: () => void,
  ) {}

  /** Arms the timer for `at` (epoch ms on the clock), or clears it when null. */
  set(at: number | null): void {
    if (this.handle !== null && this.at === at) return;
    this.clear();
    if (at === null || this.disposed) return;
    const delay = timerDelay(at - this.clock.now());
    this.at = at;
    this.handle = this.clock.setTimeout(() => {
      this.handle = null;
      this.at = null;
      this.fire();
    }, delay);
  }

  clear(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle);
    this.handle = null;
    this.at = null;
  }

  /** Clears the timer for good: later set() calls arm nothing. */
  dispose(): void {
    this.disposed = true;
    this.clear();
  }
}
