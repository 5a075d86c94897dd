/**
 * The history charts (loaded lazily with uPlot): this month's remaining against the even-pace line, the
 * forecast to the reset and the previous month, by day of the window; and the requests used per day as bars.
 * Colours come from the page's CSS variables, so light and dark follow the system. The numbers are also in
 * the summary and the per-day table next to the charts (the charts are images to assistive technology).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { HistoryMonth, HistoryView } from '../../../shared/ipc';
import type { UiHistoryWords } from '../../../shared/i18n/words';
import { useWords } from '../words-context';
import { barScale, remainingLines, type SpreadDays } from '../history-gaps';

const DAY = 86_400_000;

function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** [days into the window, remaining] of a month's points. */
function byDay(m: HistoryMonth): [number, number][] {
  return m.points.map(([at, r]) => [(at - m.start) / DAY, r]);
}

/**
 * uPlot wants one x array with every series aligned on it: undefined where a series has no value (the line goes on
 * across it), null where the series itself says "no line here" (a break).
 */
export function alignSeries(series: [number, number | null][][]): [number[], ...(number | null | undefined)[][]] {
  const xs = [...new Set(series.flatMap((s) => s.map(([x]) => x)))].sort((a, b) => a - b);
  const index = new Map(xs.map((x, i) => [x, i]));
  const ys = series.map((s) => {
    const out: (number | null | undefined)[] = xs.map(() => undefined);
    for (const [x, y] of s) out[index.get(x) as number] = y;
    return out;
  });
  return [xs, ...ys];
}

/** The remaining chart's lines (their names are the catalog's `series`). */
type Line = 'thisMonth' | 'evenPace' | 'estimatedLine' | 'forecast' | 'previousMonth';

function remainingData(
  h: HistoryView,
  gaps: SpreadDays['gaps'],
): { data: uPlot.AlignedData; labels: Line[]; days: number } {
  const cur = h.months[0] as HistoryMonth;
  const days = (cur.end - cur.start) / DAY;
  const lines = remainingLines(cur, gaps);
  const series: [number, number | null][][] = [
    lines.exact,
    [
      [0, cur.limit],
      [days, 0],
    ],
  ];
  const labels: Line[] = ['thisMonth', 'evenPace'];
  if (lines.estimated.length > 0) {
    series.push(lines.estimated);
    labels.push('estimatedLine');
  }
  const last = cur.points.at(-1);
  if (last && h.forecast.kind === 'runs-out' && last[1] > 0 && h.forecast.runsOutAt > last[0]) {
    series.push([
      [(last[0] - cur.start) / DAY, last[1]],
      [(Math.min(h.forecast.runsOutAt, cur.end) - cur.start) / DAY, 0],
    ]);
    labels.push('forecast');
  }
  const prev = h.months[1];
  if (prev) {
    series.push(byDay(prev));
    labels.push('previousMonth');
  }
  return { data: alignSeries(series) as uPlot.AlignedData, labels, days };
}

function useUplot(make: (width: number) => uPlot.Options, data: uPlot.AlignedData, deps: unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | null = null;
    const draw = () => {
      plot?.destroy();
      plot = new uPlot(make(Math.max(120, el.clientWidth)), data, el);
    };
    draw();
    const resize = new ResizeObserver(() =>
      plot?.setSize({ width: Math.max(120, el.clientWidth), height: plot.height }),
    );
    resize.observe(el);
    // A change of the system's light/dark redraws with the new colours.
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    return () => {
      resize.disconnect();
      scheme.removeEventListener('change', draw);
      plot?.destroy();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return box;
}

/** uPlot's axis font, set on the axes so their labels are measured in the font they are drawn in. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
/** Room beside a y label: the tick (10) and uPlot's gap (5), and a little air. */
const Y_AXIS_PAD = 20;
/** The y axis's width at its narrowest (the English charts' labels fit it). */
const Y_AXIS_MIN = 48;

let measurer: CanvasRenderingContext2D | null = null;
/** A label's width in CSS pixels in the axes' font. */
function labelWidth(text: string): number {
  if (typeof document === 'undefined') return text.length * 8; // no page (a unit test): about 12 px digits
  measurer ??= document.createElement('canvas').getContext('2d');
  if (!measurer) return text.length * 8;
  measurer.font = AXIS_FONT;
  return measurer.measureText(text).width;
}

/**
 * The y axis's width for its labels: wide enough for the longest ("10.000" in German, whose compact numbers are
 * not shortened), never narrower than the English charts have it.
 */
export function yAxisSize(values: readonly string[] | null | undefined, width = labelWidth): number {
  const widest = Math.max(0, ...(values ?? []).map((v) => width(v)));
  return Math.max(Y_AXIS_MIN, Math.ceil(widest + Y_AXIS_PAD));
}

export function axes(text: string, grid: string, yFormat: (v: number) => string, ySplits?: number[]): uPlot.Axis[] {
  const common = {
    stroke: text,
    font: AXIS_FONT,
    grid: { stroke: grid, width: 1 },
    ticks: { stroke: grid, width: 1 },
  };
  return [
    { ...common, values: (_u, vals) => vals.map((v) => String(Math.round(v))) },
    {
      ...common,
      size: (_u, values) => yAxisSize(values),
      values: (_u, vals) => vals.map(yFormat),
      ...(ySplits ? { splits: () => ySplits } : {}),
    },
  ];
}

/** The remaining chart: this month, the even pace, the forecast, the previous month and a spread gap's estimate. */
function remainingOptions(
  width: number,
  lines: Line[],
  days: number,
  cur: HistoryMonth,
  w: UiHistoryWords,
): uPlot.Options {
  const text = cssVar('--muted', '#5b636e');
  const grid = cssVar('--border', '#d5d9df');
  const accent = cssVar('--accent', '#0b5cd5');
  const colours: Record<Line, string> = {
    thisMonth: accent,
    evenPace: cssVar('--text', '#1b1f24'),
    forecast: cssVar('--critical', '#c2410c'),
    previousMonth: text,
    estimatedLine: accent,
  };
  return {
    width,
    height: 180,
    legend: { show: true, live: false },
    cursor: { show: false },
    scales: { x: { time: false, range: [0, days] }, y: { range: [0, cur.limit] } },
    axes: axes(text, grid, w.axisNumber),
    series: [
      { label: w.series.day },
      ...lines.map((line, i) => ({
        label: w.series[line],
        stroke: colours[line],
        width: line === 'thisMonth' || line === 'estimatedLine' ? 2 : line === 'previousMonth' ? 1 : 1.5,
        dash: line === 'evenPace' || line === 'forecast' ? [5, 4] : line === 'estimatedLine' ? [2, 3] : undefined,
        // A null in This month or Estimated is a break (a gap drawn by the other); elsewhere the line goes on.
        spanGaps: false,
        points: { show: i === 0 && cur.points.length < 3 },
        paths: line === 'thisMonth' || line === 'previousMonth' ? uPlot.paths.stepped?.({ align: 1 }) : undefined,
      })),
    ],
  };
}

export default function HistoryChart({
  history,
  summary,
  estimated = [],
  gaps = [],
}: {
  history: HistoryView;
  summary: string;
  /** Day starts whose used figure is a share of a spread gap (history-gaps.ts): their bars are drawn apart. */
  estimated?: number[];
  gaps?: SpreadDays['gaps'];
}) {
  const w = useWords().w.uiHistory;
  const { data, labels, days } = remainingData(history, gaps);
  const cur = history.months[0] as HistoryMonth;
  const remainingBox = useUplot((width) => remainingOptions(width, labels, days, cur, w), data, [history, w]);

  const daily = history.current.daily;
  const spread = new Set(estimated);
  const barsData: uPlot.AlignedData = [
    daily.map((d) => (d.day - history.current.start) / DAY + 0.5),
    daily.map((d) => (spread.has(d.day) ? null : d.used)),
    daily.map((d) => (spread.has(d.day) ? d.used : null)),
  ];
  const scale = barScale(daily.reduce((m, d) => Math.max(m, d.used), 0));
  const barsBox = useUplot(
    (width) => {
      const text = cssVar('--muted', '#5b636e');
      const grid = cssVar('--border', '#d5d9df');
      const accent = cssVar('--accent', '#0b5cd5');
      return {
        width,
        height: 110,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [0, days] }, y: { range: [0, scale.top] } },
        axes: axes(text, grid, w.axisNumber, scale.ticks),
        series: [
          {},
          {
            label: w.series.used,
            stroke: accent,
            fill: accent,
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
          {
            // Days without figures: their share of the gap, outlined and pale, not like a day counted exactly.
            label: w.series.estimated,
            stroke: accent,
            fill: `${accent}40`,
            width: 1,
            dash: [2, 2],
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
      };
    },
    barsData,
    [history, w],
  );

  const busiest = daily.reduce((a, d) => (d.used > a.used ? d : a), { day: 0, used: -1 });
  return (
    <div className="history-charts">
      <figure>
        <figcaption>{w.remainingCaption(cur.start, history.now)}</figcaption>
        <div ref={remainingBox} className="history-chart" role="img" aria-label={summary} />
      </figure>
      <figure>
        <figcaption>
          {w.usedCaption}
          {estimated.length > 0 && <span className="hint">{w.usedCaptionEstimated}</span>}
        </figcaption>
        <div
          ref={barsBox}
          className="history-chart"
          role="img"
          aria-label={busiest.used > 0 ? w.busiest(busiest.day, history.now, busiest.used) : w.noneUsed}
        />
      </figure>
    </div>
  );
}
