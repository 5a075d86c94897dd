import { randomBytes } from 'node:crypto';
import { startSimulator, type Simulator } from '../../demo/simulator';
import { OffsetClock } from '../lib/clocks';

/** The profile name demo mode runs under. */
export const DEMO_PROFILE = 'demo';

/** The demo plan: small enough that thresholds, 429s and resets are easy to see. */
export const DEMO_PLAN = { monthLimit: 1000, minuteLimit: 10, label: 'demo' } as const;
/** Requests a day that the user's "other servers" spend in the demo, so fast-forward shows the month draining. */
export const DEMO_BACKGROUND_PER_DAY = 45;

export type FastForwardStep = 'minute' | 'day' | 'week' | 'month';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Demo mode: the embedded simulator on a random loopback port, its own clock that can jump forward,
 * and a demo key that lives only in memory (never in the keychain).
 */
export class DemoMode {
  private constructor(
    readonly sim: Simulator,
    readonly clock: OffsetClock,
    readonly key: string,
  ) {}

  /** `startAt`: the instant the demo's clock starts at (tests: a fixed one); absent, now. */
  static async start(startAt?: number): Promise<DemoMode> {
    const clock = new OffsetClock(startAt);
    const key = `demo-${randomBytes(12).toString('hex')}`;
    const sim = await startSimulator({ clock, keys: { [key]: { ...DEMO_PLAN } } });
    return new DemoMode(sim, clock, key);
  }

  get baseUrl(): string {
    return this.sim.url;
  }

  /**
   * Moves the demo service's clock forward. Days and weeks also spend the demo's background traffic,
   * as the user's own servers would, so the month gauge drains and notifications can be watched.
   */
  fastForward(by: FastForwardStep): void {
    const before = this.clock.now();
    let ms: number;
    switch (by) {
      case 'minute':
        ms = MINUTE;
        break;
      case 'day':
        ms = DAY;
        break;
      case 'week':
        ms = 7 * DAY;
        break;
      case 'month': {
        const d = new Date(before);
        ms =
          Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()) -
          before;
        break;
      }
    }
    this.clock.advance(ms);
    if (by === 'day' || by === 'week') {
      const now = this.clock.now();
      const monthStart = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), 1);
      // Only the days inside the current month window add to its usage.
      const days = Math.max(0, Math.round((now - Math.max(before, monthStart)) / DAY));
      const used = this.sim.usage(this.key).month;
      this.sim.setUsage(this.key, { month: Math.min(DEMO_PLAN.monthLimit, used + days * DEMO_BACKGROUND_PER_DAY) });
    }
  }

  async close(): Promise<void> {
    await this.sim.close();
  }
}
