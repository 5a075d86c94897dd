/**
 * Days without figures (renderer/src/history-gaps.ts): a drop of the month's remaining across days the app did not
 * run is spread over those days by their share of the time, marked as estimated; a small drop stays where it is.
 */
import { describe, expect, it } from 'vitest';
import { barScale, remainingLines, spreadGaps, type DayUsage } from '../../../renderer/src/history-gaps';
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

describe('the chart across a spread gap (remainingLines)', () => {
  it('breaks the exact line across the gap and draws it as the straight line of the spread, not flat then a cliff', () => {
    const m = month([
      [day(0) + DAY / 2, 9000],
      [day(7) + DAY / 2, 8300],
      [day(8) + DAY / 2, 8290],
    ]);
    const spread = spreadGaps(m, days([0, 0, 0, 0, 0, 0, 0, 700, 10]));
    const { exact, estimated } = remainingLines(m, spread.gaps);
    // The exact line: the first figure, a break inside the gap, then the figures after it.
    expect(exact).toEqual([
      [0.5, 9000],
      [4, null],
      [7.5, 8300],
      [8.5, 8290],
    ]);
    // The estimated line joins the figures on both sides: at each day's end it is where the table's "≈" puts it.
    expect(estimated).toEqual([
      [0.5, 9000],
      [7.5, 8300],
    ]);
    const at = (x: number) => 9000 + ((8300 - 9000) * (x - 0.5)) / 7;
    for (let d = 0; d < 7; d++) expect(at(d + 1)).toBeCloseTo(spread.leftAtEnd.get(day(d)) as number, 0);
  });

  it('leaves a month without a spread gap one exact line', () => {
    const m = month([
      [day(0), 9000],
      [day(1), 8990],
    ]);
    const { exact, estimated } = remainingLines(m, spreadGaps(m, days([0, 10])).gaps);
    expect(exact).toEqual([
      [0, 9000],
      [1, 8990],
    ]);
    expect(estimated).toEqual([]);
  });
});

describe('the per-day bars’ y axis (barScale)', () => {
  it('labels a round top above the busiest day and its half', () => {
    expect(barScale(45)).toEqual({ top: 50, ticks: [0, 25, 50] });
    expect(barScale(315)).toEqual({ top: 500, ticks: [0, 250, 500] });
    expect(barScale(100)).toEqual({ top: 100, ticks: [0, 50, 100] });
    expect(barScale(0)).toEqual({ top: 1, ticks: [0, 1] });
    expect(barScale(3)).toEqual({ top: 5, ticks: [0, 5] });
  });
});
