import { monthWindowStart } from '../../shared/quota';

/**
 * Per-key request counters in fixed UTC calendar windows (minute from :00, month from 00:00 UTC on the 1st).
 * Counters are stored with the start of their window, so when the clock moves into a new window they read 0.
 */

interface Counters {
  monthStart: number;
  month: number;
  minuteStart: number;
  minute: number;
}

export function minuteWindowStart(t: number): number {
  return Math.floor(t / 60_000) * 60_000;
}

export class UsageBook {
  private readonly counters = new Map<string, Counters>();

  constructor(private readonly now: () => number) {}

  /** Counters for the windows containing `at` (default: now). */
  get(key: string, at = this.now()): { month: number; minute: number } {
    const c = this.counters.get(key);
    if (!c) return { month: 0, minute: 0 };
    return {
      month: c.monthStart === monthWindowStart(at) ? c.month : 0,
      minute: c.minuteStart === minuteWindowStart(at) ? c.minute : 0,
    };
  }

  set(key: string, u: { month?: number; minute?: number }, at = this.now()): void {
    const cur = this.get(key, at);
    this.counters.set(key, {
      monthStart: monthWindowStart(at),
      month: clampCount(u.month ?? cur.month),
      minuteStart: minuteWindowStart(at),
      minute: clampCount(u.minute ?? cur.minute),
    });
  }

  /** Count one request against both windows. */
  add(key: string, at = this.now()): void {
    const cur = this.get(key, at);
    this.set(key, { month: cur.month + 1, minute: cur.minute + 1 }, at);
  }
}

function clampCount(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}
