import type { Clock, TimerHandle } from '../../electron/core/lib/ports';

interface PendingTimer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * A clock that only moves when told to. `advance(ms)` fires due timers in order. A test double (tests and
 * benchmarks); the app's clocks are systemClock and OffsetClock (electron/core/lib/clocks.ts).
 */
export class ManualClock implements Clock {
  private t: number;
  private timers: PendingTimer[] = [];
  private nextId = 1;
  /** How many timer callbacks have fired (benchmarks count idle wake-ups with it). */
  fired = 0;

  constructor(start: number | Date = Date.UTC(2026, 10, 22, 12, 0, 0)) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers = this.timers.filter((x) => x.id !== handle);
  }

  pendingTimers(): number {
    return this.timers.length;
  }

  /** Move time forward, firing every timer that falls due on the way (in order). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = Math.max(this.t, due.at);
      this.fired++;
      due.fn();
    }
    this.t = end;
  }

  /**
   * The machine slept `ms` and woke: time jumps to the end at once and every timer that fell due fires once, in
   * order, seeing the new time (a periodic timer re-armed from its callback is not due again, as after a real sleep).
   */
  jump(ms: number): void {
    this.t += ms;
    const due = this.timers.filter((x) => x.at <= this.t).sort((a, b) => a.at - b.at || a.id - b.id);
    this.timers = this.timers.filter((x) => x.at > this.t);
    for (const x of due) {
      this.fired++;
      x.fn();
    }
  }

  /** Jump to an absolute instant (forward only), firing due timers. */
  set(to: number | Date): void {
    const target = typeof to === 'number' ? to : to.getTime();
    if (target > this.t) this.advance(target - this.t);
  }
}
