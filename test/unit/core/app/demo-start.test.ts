/**
 * Demo mode started at a fixed instant (the ui tests' UI_DEMO_START, the preview's --demo-start): its service reads
 * that calendar on any day the test runs, and fast-forward moves on from there (issue 39).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DemoMode } from '../../../../electron/core/app/demo-mode';
import { OffsetClock } from '../../../../electron/core/lib/clocks';

const START = Date.UTC(2031, 1, 26, 12); // near the end of a February, years from any wall clock
const MONTH_HEADER = 'x-ratelimit-remaining-quota-month';

let demo: DemoMode | null = null;
afterEach(async () => {
  await demo?.close();
  demo = null;
});

describe('a demo started at a fixed instant', () => {
  it('its clock reads the instant, not the wall clock, and fires timers as it jumps', () => {
    const clock = new OffsetClock(START);
    expect(Math.abs(clock.now() - START)).toBeLessThan(60_000);
    let fired = 0;
    clock.setTimeout(() => fired++, 3_600_000);
    clock.advance(2 * 3_600_000);
    expect(fired).toBe(1);
    expect(Math.abs(clock.now() - START - 2 * 3_600_000)).toBeLessThan(60_000);
  });

  it("drains and resets the month on the start's calendar: three days from February 26 cross March 1", async () => {
    demo = await DemoMode.start(START);
    const look = async () => {
      const res = await fetch(`${demo!.baseUrl}/v2/info?ip=8.8.8.8`, { headers: { apikey: demo!.key } });
      await res.arrayBuffer();
      return Number(res.headers.get(MONTH_HEADER));
    };
    expect(await look()).toBe(999);
    demo.fastForward('day'); // February 27: a day of background traffic
    expect(await look()).toBe(999 - 45 - 1);
    demo.fastForward('day');
    demo.fastForward('day'); // March 1, 12:00: a new month; its half day so far counts as one day of traffic
    expect(await look()).toBe(1000 - 45 - 1);
  });
});
