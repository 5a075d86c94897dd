/**
 * Days without figures (renderer/src/history-gaps.ts): a drop of the month's remaining across days the app did not
 * run is spread over those days by their share of the time, marked as estimated; a small drop stays where it is.
 */
import { describe, expect, it } from 'vitest';
import { spreadGaps, type DayUsage } from '../../../renderer/src/history-gaps';
import type { HistoryMonth } from '../../../shared/ipc';

const DAY = 86_400_000;
const START = Date.UTC(2026, 10, 1);
const day = (n: number) => START + n * DAY;
const days = (used: number[]): DayUsage[] => used.map((u, i) => ({ day: day(i), used: u }));
const month = (points: [number, number][]): HistoryMonth => ({
  start: START,
  end: Date.UTC(2026, 11, 1),
  limit: 10_000,
  points,
});

describe('spreadGaps', () => {
  it('spreads a week’s drop seen on one day over the days it spans, keeping the total', () => {
    // A figure at noon on day 0, the next at noon on day 7: 700 used in between, all counted on day 7.
    const m = month([
      [day(0) + DAY / 2, 9000],
      [day(7) + DAY / 2, 8300],
    ]);
    const out = spreadGaps(m, days([0, 0, 0, 0, 0, 0, 0, 700]));
    expect(out.daily.map((d) => d.used)).toEqual([50, 100, 100, 100, 100, 100, 100, 50]);
    expect(out.daily.reduce((n, d) => n + d.used, 0)).toBe(700);
    expect([...out.estimated].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map(day));
    // What was left at the end of each day inside the gap, as the shares leave it.
    expect(out.leftAtEnd.get(day(0))).toBe(8950);
    expect(out.leftAtEnd.get(day(6))).toBe(8350);
    expect(out.leftAtEnd.has(day(7))).toBe(false);
  });

  it('leaves a drop smaller than the days it spans where it is (most likely a lookup on the later day)', () => {
    const m = month([
      [day(0), 9000],
      [day(5), 8998],
    ]);
    const out = spreadGaps(m, days([0, 0, 0, 0, 0, 2]));
    expect(out.daily.map((d) => d.used)).toEqual([0, 0, 0, 0, 0, 2]);
    expect(out.estimated.size).toBe(0);
  });

  it('leaves consecutive days and a month without figures as they are, without changing its input', () => {
    const daily = days([5, 7]);
    const m = month([
      [day(0), 9000],
      [day(1), 8993],
    ]);
    expect(spreadGaps(m, daily).daily).toEqual(daily);
    const none = spreadGaps(undefined, daily);
    expect(none.daily).toEqual(daily);
    expect(none.daily[0]).not.toBe(daily[0]);
  });
});
