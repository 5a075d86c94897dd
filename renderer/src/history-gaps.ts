/**
 * Days without a figure of their own. The core counts a drop of the month's remaining on the day of the figure
 * that shows it (exact while the app runs: figures come with every request). After days without any figure — the
 * app was not running, or the demo skipped a week ahead — that puts all of those days' use on one day ("315
 * requests on Nov 25" for a quiet week of 45 a day). For the chart and the table, such a drop is spread over the
 * days it spans, in proportion to their time, and those days are marked as estimated.
 */
import type { HistoryMonth } from '../../shared/ipc';

const DAY = 86_400_000;

export interface DayUsage {
  day: number;
  used: number;
}

export interface SpreadDays {
  daily: DayUsage[];
  /** Day starts whose figures are (partly) a share of a spread gap. */
  estimated: Set<number>;
  /** Remaining at the end of a day inside a gap (before the figure that ends it), as the spread shares leave it. */
  leftAtEnd: Map<number, number>;
  /** The spread gaps: the figures before and after each, as [at, remaining] (the chart draws them as estimated). */
  gaps: [[number, number], [number, number]][];
}

/** `total` whole requests over the UTC days from `a` to `b` by their share of the time (largest remainders). */
function shares(a: number, b: number, total: number): Map<number, number> {
  const parts: { day: number; exact: number; whole: number }[] = [];
  for (let d = Math.floor(a / DAY) * DAY; d <= b; d += DAY) {
    const exact = ((Math.min(b, d + DAY) - Math.max(a, d)) / (b - a)) * total;
    parts.push({ day: d, exact, whole: Math.floor(exact) });
  }
  let left = total - parts.reduce((n, p) => n + p.whole, 0);
  for (const p of [...parts].sort((x, y) => y.exact - y.whole - (x.exact - x.whole) || x.day - y.day)) {
    if (left <= 0) break;
    p.whole++;
    left--;
  }
  return new Map(parts.map((p) => [p.day, p.whole]));
}

/**
 * `daily` with each drop across at least one whole day without a figure spread over the days it spans. A drop
 * smaller than the number of days is left where it is (most likely a lookup of one's own on the later day).
 */
export function spreadGaps(month: HistoryMonth | undefined, daily: readonly DayUsage[]): SpreadDays {
  const out = daily.map((d) => ({ ...d }));
  const estimated = new Set<number>();
  const leftAtEnd = new Map<number, number>();
  const gaps: SpreadDays['gaps'] = [];
  if (!month) return { daily: out, estimated, leftAtEnd, gaps };
  const byDay = new Map(out.map((d) => [d.day, d]));
  const points = month.points;
  for (let i = 1; i < points.length; i++) {
    const [aAt, aLeft] = points[i - 1] as [number, number];
    const [bAt, bLeft] = points[i] as [number, number];
    const aDay = Math.floor(aAt / DAY) * DAY;
    const bDay = Math.floor(bAt / DAY) * DAY;
    const spanned = (bDay - aDay) / DAY + 1;
    const last = byDay.get(bDay);
    if (spanned < 3 || bLeft >= aLeft || !last) continue;
    const lump = Math.min(aLeft - bLeft, last.used);
    if (lump < spanned) continue;
    last.used -= lump;
    gaps.push([
      [aAt, aLeft],
      [bAt, bLeft],
    ]);
    let left = aLeft;
    for (const [day, n] of shares(aAt, bAt, lump)) {
      const entry = byDay.get(day);
      if (!entry) continue;
      entry.used += n;
      estimated.add(day);
      left -= n;
      if (day < bDay) leftAtEnd.set(day, left);
    }
  }
  return { daily: out, estimated, leftAtEnd, gaps };
}

/**
 * The month's remaining as the chart draws it, in days into the month: `exact` steps from figure to figure but breaks
 * (null) across a spread gap, where `estimated` draws the straight line of the spread (its shares are in proportion
 * to the time, as the per-day table has them) — not a flat line that falls off a cliff on the gap's last day.
 */
export function remainingLines(
  month: HistoryMonth,
  gaps: SpreadDays['gaps'],
): { exact: [number, number | null][]; estimated: [number, number | null][] } {
  const x = (at: number): number => (at - month.start) / DAY;
  const exact: [number, number | null][] = [];
  const estimated: [number, number | null][] = [];
  for (const [at, left] of month.points) {
    const gap = gaps.find(([, [bAt]]) => bAt === at);
    if (gap) exact.push([(x(gap[0][0]) + x(at)) / 2, null]);
    exact.push([x(at), left]);
  }
  for (const [[aAt, aLeft], [bAt, bLeft]] of gaps) {
    if (estimated.length > 0) estimated.push([(estimated.at(-1)![0] + x(aAt)) / 2, null]);
    estimated.push([x(aAt), aLeft], [x(bAt), bLeft]);
  }
  return { exact, estimated };
}

/** The per-day bars' y scale: a round top at or above the busiest day, and the values its axis labels (0, half, top). */
export function barScale(max: number): { top: number; ticks: number[] } {
  const m = Math.max(1, Math.ceil(max));
  const step = 10 ** Math.floor(Math.log10(m));
  const top = ([1, 2, 2.5, 5, 10].map((k) => k * step).find((t) => t >= m) ?? 10 * step) as number;
  const ticks = top >= 2 && Number.isInteger(top / 2) ? [0, top / 2, top] : [0, top];
  return { top, ticks };
}
