import type { Forecast, QuotaSample } from '../../../shared/quota';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Less than this span of samples in the window says nothing about a pace. */
export const MIN_FORECAST_SPAN_MS = HOUR;
/** A span this long is enough for a forecast, whatever was used in it. */
export const SETTLED_SPAN_MS = 2 * DAY;
/** Under SETTLED_SPAN_MS, a forecast needs at least this share of the limit used: a fast burn is news at once. */
export const FAST_BURN_SHARE = 0.1;
/** The rate is measured over this much of the most recent run: a whole week, so a weekly rhythm averages out. */
export const RATE_WINDOW_MS = 7 * DAY;

/**
 * Pace and forecast of the month window. Pure.
 * - pace = share of the quota used / share of the window elapsed (1 = exactly on track to use it all).
 * - The forecast uses the run of samples since the last increase of `remaining` (a reset or a plan upgrade).
 *   It is given only with enough data: the run spans at least 2 days, or at least an hour in which 10 % or
 *   more of the limit was used (a fast burn is worth knowing about at once). Otherwise it is unknown.
 * - rate: requests per ms, recency-weighted — only the last 7 days of the run count (all of it when shorter). A
 *   busy week shows up within days, and a whole week's quiet weekend is averaged in rather than swinging the
 *   forecast from Friday to Monday. A steady pace gives exactly the linear forecast.
 * - runs-out when `remaining` at that rate reaches 0 before `windowEnd`; otherwise lasts.
 * - unknown too when nothing is left (an exhausted month has no forecast: it has run out, and the gauge says so).
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
  if (!first || !last || run.length < 2) return { kind: 'unknown' };
  const span = last.at - first.at;
  const used = first.remaining - last.remaining;
  const enough = span >= SETTLED_SPAN_MS || (span >= MIN_FORECAST_SPAN_MS && used >= FAST_BURN_SHARE * limit);
  if (!enough || last.remaining <= 0) return { kind: 'unknown' };

  const elapsedShare = Math.min(1, Math.max(0, (now - windowStart) / (windowEnd - windowStart)));
  const usedShare = Math.min(1, Math.max(0, (limit - last.remaining) / limit));
  const pace = elapsedShare > 0 ? round(usedShare / elapsedShare) : 0;

  const rate = weightedRate(run);
  if (!(rate > 0)) return { kind: 'lasts', pace };
  const runsOutAt = Math.round(last.at + last.remaining / rate);
  return runsOutAt < windowEnd ? { kind: 'runs-out', pace, runsOutAt } : { kind: 'lasts', pace };
}

/** Requests per ms over the last RATE_WINDOW_MS of a non-increasing run (remaining interpolated at its start). */
export function weightedRate(run: readonly QuotaSample[]): number {
  const last = run[run.length - 1];
  const first = run[0];
  if (!last || !first || !(last.at > first.at)) return 0;
  const from = Math.max(first.at, last.at - RATE_WINDOW_MS);
  let remainingAtFrom = first.remaining;
  for (let i = 1; i < run.length; i++) {
    const a = run[i - 1] as QuotaSample;
    const b = run[i] as QuotaSample;
    if (b.at < from) continue;
    remainingAtFrom =
      b.at === a.at ? b.remaining : a.remaining - ((a.remaining - b.remaining) * (from - a.at)) / (b.at - a.at);
    break;
  }
  return (remainingAtFrom - last.remaining) / (last.at - from);
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
