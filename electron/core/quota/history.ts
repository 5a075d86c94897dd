/**
 * The month's story from quota samples: requests used per day, and one series per month window for the chart.
 * Pure. (What is kept as samples age is storage/history-tiers.ts.)
 *
 * A sample is one month-remaining figure the service reported (service clock). Usage between two samples of
 * the same limit is the drop of `remaining`; a rise is a reset (new window) or a plan change and uses nothing.
 */
import { monthWindowStart, nextMonthBoundary, type QuotaSample } from '../../../shared/quota';

export const DAY = 86_400_000;

/** Requests used in one UTC day (`day`: its start, ms). */
export interface DayUsage {
  day: number;
  used: number;
}

/**
 * Requests used per UTC day from `from` (inclusive) to `to` (exclusive), one entry per day, zeros included.
 * A drop between two samples counts on the later sample's day (samples are at most a few minutes apart
 * while requests are made, so this is the day they were made in all but the rarest case).
 */
export function dailyUsage(samples: readonly QuotaSample[], from: number, to: number): DayUsage[] {
  const first = Math.floor(from / DAY) * DAY;
  const days: DayUsage[] = [];
  for (let d = first; d < to; d += DAY) days.push({ day: d, used: 0 });
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as QuotaSample;
    const b = samples[i] as QuotaSample;
    if (b.limit !== a.limit || b.remaining >= a.remaining || b.at < from || b.at >= to) continue;
    const entry = days[Math.floor((b.at - first) / DAY)];
    if (entry) entry.used += a.remaining - b.remaining;
  }
  return days;
}

export interface MonthSeries {
  /** Window start and end (the reset), service clock. */
  start: number;
  end: number;
  /** The limit of the window's last sample. */
  limit: number;
  /** [at, remaining], oldest first, at most `maxPoints`. */
  points: [number, number][];
}

/**
 * One series per month window that has samples, newest window first, at most `months` of them. Each is
 * thinned to `maxPoints` by keeping the last sample per equal slice of the window (and the lowest point).
 */
export function monthSeries(
  samples: readonly QuotaSample[],
  anchorDay: number,
  months: number,
  maxPoints = 400,
): MonthSeries[] {
  const byStart = new Map<number, QuotaSample[]>();
  for (const s of samples) {
    const start = monthWindowStart(s.at, anchorDay);
    const list = byStart.get(start);
    if (list) list.push(s);
    else byStart.set(start, [s]);
  }
  return [...byStart.entries()]
    .sort((a, b) => b[0] - a[0])
    .slice(0, months)
    .map(([start, list]) => {
      const end = nextMonthBoundary(start, anchorDay);
      const slice = (end - start) / maxPoints;
      const points: [number, number][] = [];
      let lastSlice = -1;
      for (const s of list) {
        const k = Math.floor((s.at - start) / slice);
        if (k === lastSlice) points[points.length - 1] = [s.at, s.remaining];
        else points.push([s.at, s.remaining]);
        lastSlice = k;
      }
      return { start, end, limit: (list[list.length - 1] as QuotaSample).limit, points };
    });
}
