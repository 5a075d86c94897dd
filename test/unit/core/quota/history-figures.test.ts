/**
 * Issue 24 (History): the month's last figure survives a gap (a quiet week, a demo fast-forward) into a new month
 * that starts lower; and the window spreads a drop across days without figures over those days (≈).
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../helpers/manual-clock';
import { parseQuotaHeaders } from '../../../../electron/core/lookup-api/quota-headers';
import { QuotaEngine } from '../../../../electron/core/quota/engine';
import { monthSeries } from '../../../../electron/core/quota/history';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';
import { spreadGaps } from '../../../../renderer/src/history-gaps';

const DAY = 86_400_000;
const NOV25 = Date.UTC(2026, 10, 25, 15, 20);

function observe(e: QuotaEngine, clock: ManualClock, at: number, remaining: number): void {
  clock.set(at);
  const h = parseQuotaHeaders({
    Date: new Date(at).toUTCString(),
    'X-RateLimit-Limit-Quota-Month': '1000',
    'X-RateLimit-Remaining-Quota-Month': String(remaining),
  });
  e.observe(h, { status: 200, localReceivedAt: at });
}

describe('the month figures the history keeps', () => {
  it('a first figure of the next month, lower than the last of this one, does not replace it', () => {
    const clock = new ManualClock(NOV25);
    const e = new QuotaEngine({
      profile: 'demo',
      clock,
      thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
      monthResetDay: 1,
    });
    observe(e, clock, NOV25, 1000); // the status check
    for (let i = 1; i <= 10; i++) observe(e, clock, NOV25 + i * 1000, 1000 - i); // ten lookups
    observe(e, clock, NOV25 + 7 * DAY, 910); // a week later (Dec 2): the new month, two days of others' use
    const [dec, nov] = monthSeries(e.samples(), 1, 2);
    expect(nov?.points.at(-1)?.[1]).toBe(990);
    expect(dec?.points.at(-1)?.[1]).toBe(910);
  });

  it('figures close together on one day still collapse to the last (one per hour)', () => {
    const clock = new ManualClock(NOV25);
    const e = new QuotaEngine({
      profile: 'p',
      clock,
      thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
      monthResetDay: 1,
    });
    for (let i = 0; i <= 20; i++) observe(e, clock, NOV25 + i * 60_000, 1000 - i);
    expect(e.samples().map((s) => s.remaining)).toEqual([1000, 980]);
  });
});

describe('spreadGaps (the window’s per-day use across days without figures)', () => {
  const start = Date.UTC(2026, 11, 1);
  const days = (used: number[]) => used.map((u, i) => ({ day: start + i * DAY, used: u }));
  const month = (points: [number, number][]) => ({ start, end: Date.UTC(2027, 0, 1), limit: 1000, points });

  it('a week’s 315 on its last day becomes about 45 a day, marked; remaining at each day end follows', () => {
    const a = start + 2 * DAY + 9 * 3_600_000; // Dec 3, 09:00
    const b = a + 7 * DAY; // Dec 10, 09:00
    const s = spreadGaps(
      month([
        [a, 1000],
        [b, 685],
      ]),
      days([0, 0, 0, 0, 0, 0, 0, 0, 0, 315]),
    );
    expect(s.daily.map((d) => d.used)).toEqual([0, 0, 28, 45, 45, 45, 45, 45, 45, 17]);
    expect([...s.estimated].map((d) => (d - start) / DAY + 1)).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect(s.leftAtEnd.get(start + 5 * DAY)).toBe(837);
    expect(s.daily.reduce((n, d) => n + d.used, 0)).toBe(315);
  });

  it('leaves exact days alone: figures every day, or one request after a quiet weekend', () => {
    const a = start + 4 * DAY + 19 * 3_600_000; // Fri 19:00
    const b = start + 7 * DAY + 8 * 3_600_000; // Mon 08:00
    const d = days([0, 0, 0, 0, 5, 0, 0, 1]);
    const s = spreadGaps(
      month([
        [a, 995],
        [b, 994],
      ]),
      d,
    );
    expect(s.daily).toEqual(d);
    expect(s.estimated.size).toBe(0);
  });
});
