/**
 * Forecast quality on synthetic months: when a forecast is given at all, and how close its run-out day is.
 * Each month is generated request by request at a known pattern; the "true" run-out is where that same pattern,
 * continued, spends the last request.
 */
import { describe, expect, it } from 'vitest';
import { computeForecast } from '../../../../electron/core/quota/forecast';
import type { QuotaSample } from '../../../../shared/quota';
import { monthWindowStart, nextMonthBoundary } from '../../../../shared/quota';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Requests used in the hour starting at `t` (UTC). */
type Pattern = (t: number) => number;

interface Month {
  samples: QuotaSample[];
  /** When the pattern, continued, uses the last request (Infinity: it lasts past the reset). */
  trueRunOut: number;
  start: number;
  end: number;
}

/** A sample after each busy hour (as responses would give), from the window's start; the truth continues to the end. */
function month(pattern: Pattern, limit: number, start: number, end: number, until: number): Month {
  const samples: QuotaSample[] = [{ at: start + 60_000, remaining: limit, limit }];
  let remaining = limit;
  let trueRunOut = Infinity;
  for (let t = start; t < end; t += HOUR) {
    const used = pattern(t);
    if (used <= 0) continue;
    if (remaining - used <= 0 && trueRunOut === Infinity) trueRunOut = t + HOUR * (remaining / used);
    remaining = Math.max(0, remaining - used);
    if (t + HOUR <= until) samples.push({ at: t + HOUR - 1000, remaining, limit });
  }
  return { samples, trueRunOut, start, end };
}

const NOV = Date.UTC(2026, 10, 1);
const DEC = Date.UTC(2026, 11, 1);
const workHours = (t: number) => new Date(t).getUTCHours() >= 8 && new Date(t).getUTCHours() < 18;
const weekday = (t: number) => new Date(t).getUTCDay() % 6 !== 0;

function forecastAt(m: Month, limit: number, now: number) {
  return computeForecast(
    m.samples.filter((s) => s.at <= now),
    m.start,
    m.end,
    limit,
    now,
  );
}

describe('forecast on synthetic months', () => {
  it('steady month: at mid-month the run-out day is within one day of the truth', () => {
    const limit = 10_000;
    const mid = NOV + 15 * DAY;
    const m = month((t) => (workHours(t) ? 40 : 0), limit, NOV, DEC, mid); // 400 a day: runs out on day 25
    const f = forecastAt(m, limit, mid);
    expect(f.kind).toBe('runs-out');
    if (f.kind !== 'runs-out') return;
    expect(Math.abs(f.runsOutAt - m.trueRunOut)).toBeLessThanOrEqual(DAY);
  });

  it('quiet weekends: averaged in, not swinging the forecast — within 1.5 days on a Monday and on a Friday', () => {
    const limit = 10_000;
    const pattern = (t: number) => (weekday(t) && workHours(t) ? 57 : 0); // 570 a weekday: out around the 25th
    for (const day of [16, 20]) {
      // 16 Nov 2026 is a Monday (just after a quiet weekend), 20 Nov a Friday (after a busy week)
      const now = NOV + day * DAY + 7 * HOUR;
      const m = month(pattern, limit, NOV, DEC, now);
      const f = forecastAt(m, limit, now);
      expect(f.kind, `day ${day}`).toBe('runs-out');
      // A weekly rhythm leaves an error that depends on the weekday (the weekend ahead or behind): at most ~1.4 days.
      if (f.kind === 'runs-out')
        expect(Math.abs(f.runsOutAt - m.trueRunOut), `day ${day}`).toBeLessThanOrEqual(1.5 * DAY);
    }
  });

  it('bursty: a heavy first week then a quiet pace — the forecast follows the recent pace, and says it lasts', () => {
    const limit = 10_000;
    const burst = (t: number) => (t < NOV + 7 * DAY ? (workHours(t) ? 50 : 0) : workHours(t) ? 8 : 0);
    const now = NOV + 20 * DAY;
    const m = month(burst, limit, NOV, DEC, now); // 3 500 in week 1, then 80 a day: lasts
    expect(m.trueRunOut).toBe(Infinity);
    expect(forecastAt(m, limit, now).kind).toBe('lasts');
    // A week of 1 000 a day after two quiet weeks must be seen within days. The average since the start of the
    // month (560 + 4 000 in 18 days = 253 a day) would still say it lasts; the last week's rate says it runs out.
    const late = (t: number) => (t < NOV + 14 * DAY ? (workHours(t) ? 4 : 0) : workHours(t) ? 100 : 0);
    const now2 = NOV + 18 * DAY;
    const m2 = month(late, limit, NOV, DEC, now2);
    expect(m2.trueRunOut).toBeLessThan(DEC);
    const f2 = forecastAt(m2, limit, now2);
    expect(f2.kind).toBe('runs-out');
    if (f2.kind === 'runs-out') expect(f2.runsOutAt).toBeLessThan(DEC);
  });

  it('a reset on the 15th: the window is 15th to 15th, and the steady forecast is within a day', () => {
    const limit = 5_000;
    const start = monthWindowStart(Date.UTC(2026, 10, 20), 15);
    const end = nextMonthBoundary(Date.UTC(2026, 10, 20), 15);
    expect([start, end]).toEqual([Date.UTC(2026, 10, 15), Date.UTC(2026, 11, 15)]);
    const now = start + 15 * DAY;
    const m = month((t) => (workHours(t) ? 20 : 0), limit, start, end, now); // 200 a day: out on day 25
    const f = forecastAt(m, limit, now);
    expect(f.kind).toBe('runs-out');
    if (f.kind === 'runs-out') expect(Math.abs(f.runsOutAt - m.trueRunOut)).toBeLessThanOrEqual(DAY);
  });

  it('no forecast without enough data: under 2 days and under 10 % used; a fast burn is forecast at once', () => {
    const limit = 10_000;
    const slow = month((t) => (workHours(t) ? 20 : 0), limit, NOV, DEC, NOV + DAY + 12 * HOUR); // 1.5 days, 2 %
    expect(forecastAt(slow, limit, NOV + DAY + 12 * HOUR)).toEqual({ kind: 'unknown' });
    // The same pace on day 3: enough span, and a forecast is given.
    const later = month((t) => (workHours(t) ? 20 : 0), limit, NOV, DEC, NOV + 2 * DAY + 12 * HOUR);
    expect(forecastAt(later, limit, NOV + 2 * DAY + 12 * HOUR).kind).toBe('lasts');
    // 1 500 requests in the first three hours of the month: 15 % gone, it runs out long before the reset.
    const burn = month((t) => (t < NOV + 3 * HOUR ? 500 : 0), limit, NOV, DEC, NOV + 3 * HOUR);
    expect(forecastAt(burn, limit, NOV + 3 * HOUR).kind).toBe('runs-out');
  });
});
