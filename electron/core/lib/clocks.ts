import type { Clock, TimerHandle } from './ports';

interface PendingTimer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * A clock that only moves when told to. `advance(ms)` fires due timers in order.
 * Used by tests, and (wrapped by OffsetClock) by demo mode's fast-forward.
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

/**
 * Real time plus an offset that can only grow: demo mode's "fast-forward".
 * Timers are real timers; jumping forward fires the ones that became due.
 * `startAt`: the instant `now()` reads at construction (a demo or a test started at a fixed instant, so it reads
 * the same calendar on any day it runs); absent, the real time.
 */
export class OffsetClock implements Clock {
  private offset: number;

  constructor(startAt?: number) {
    this.offset = startAt === undefined ? 0 : startAt - Date.now();
  }

  private timers = new Map<number, { at: number; fn: () => void; real: ReturnType<typeof setTimeout> }>();
  private nextId = 1;

  now(): number {
    return Date.now() + this.offset;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const id = this.nextId++;
    const real = setTimeout(() => {
      this.timers.delete(id);
      fn();
    }, ms);
    real.unref?.();
    this.timers.set(id, { at: this.now() + ms, fn, real });
    return id;
  }

  clearTimeout(handle: TimerHandle): void {
    const t = this.timers.get(handle as number);
    if (t) clearTimeout(t.real);
    this.timers.delete(handle as number);
  }

  advance(ms: number): void {
    this.offset += Math.max(0, ms);
    const now = this.now();
    for (const [id, t] of [...this.timers].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= now) {
        clearTimeout(t.real);
        this.timers.delete(id);
        t.fn();
      }
    }
  }
}
