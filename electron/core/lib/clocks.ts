import type { Clock, TimerHandle } from './ports';

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
