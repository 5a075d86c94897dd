import type { Forecast } from '../../../shared/quota';

/** One month-remaining figure the service reported (service clock). */
export interface QuotaSample {
  at: number;
  remaining: number;
  limit: number;
}

/** Less than this span of samples in the window says nothing about a pace. */
export const MIN_FORECAST_SPAN_MS = 60 * 60_000;

/**
 * Pace and forecast of the month window. Pure.
 * - pace = share of the quota used / share of the window elapsed (1 = exactly on track to use it all).
 * - runs-out: usage extrapolated linearly from the samples of this window (the run since the last
 *   increase of `remaining`, i.e. since a reset or a plan upgrade); it runs out before `windowEnd` or lasts.
 * - unknown: fewer than 2 samples in the window or less than an hour between them, or nothing is left (an
 *   exhausted month has no forecast: it has run out, and the gauge says so).
 */
export function computeForecast(
  samples: readonly QuotaSample[],
  windowStart: number,
  windowEnd: number,
  limit: number,
  now: number,
): Forecast {
  if (!(windowEnd > windowStart) || !(limit > 0) || !Number.isFinite(now)) return { kind: 'unknown' };
  const inWindow = samples.filter((s) => s.at >= windowStart && s.at < windowEnd && s.at <= now && s.limit === limit);
  // Only the latest monotone (non-increasing) run describes the current usage.
  let start = inWindow.length - 1;
  while (start > 0 && (inWindow[start - 1] as QuotaSample).remaining >= (inWindow[start] as QuotaSample).remaining)
    start--;
  const run = inWindow.slice(Math.max(0, start));
  const first = run[0];
  const last = run[run.length - 1];
  if (!first || !last || run.length < 2 || last.at - first.at < MIN_FORECAST_SPAN_MS) return { kind: 'unknown' };

  const elapsedShare = Math.min(1, Math.max(0, (now - windowStart) / (windowEnd - windowStart)));
  const usedShare = Math.min(1, Math.max(0, (limit - last.remaining) / limit));
  const pace = elapsedShare > 0 ? round(usedShare / elapsedShare) : 0;

  if (last.remaining <= 0) return { kind: 'unknown' };
  const rate = (first.remaining - last.remaining) / (last.at - first.at); // requests per ms
  if (!(rate > 0)) return { kind: 'lasts', pace };
  const runsOutAt = Math.round(last.at + last.remaining / rate);
  return runsOutAt < windowEnd ? { kind: 'runs-out', pace, runsOutAt } : { kind: 'lasts', pace };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
