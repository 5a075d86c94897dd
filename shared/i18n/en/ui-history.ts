/** English: the History view — its summary, the charts' captions and legend, the per-day table, its states. */
import type { Fmt } from '../fmt';

export const uiHistory = (f: Fmt) => ({
  loadFailed: 'The history could not be loaded.',
  loading: 'Loading…',
  noData: 'No figures for this month yet. The chart fills in as you look up addresses or check the quota.',
  summaryLabel: 'Summary',
  chartFailed: 'The chart could not be loaded; the per-day table below has its figures.',
  exportCsv: 'Export CSV',
  /** Parts History and Report share (renderer/src/components/view-parts.tsx): an export under way, or failed. */
  exporting: 'Exporting…',
  exportFailed: 'The export failed. Try again.',
  /** The summary: the month so far, the even pace, the forecast, the previous month. */
  thisMonth: (start: number, end: number, now: number, left: number, limit: number, used: number) =>
    `This month (${f.utcDay(start, now)} to ${f.utcDay(end, now)}): ${f.num(left)} of ${f.num(limit)} left; ${f.num(used)} used since the first figure.`,
  ahead: (evenLeft: number, by: number) =>
    `Even pace would leave ${f.num(evenLeft)} today: you are ${f.num(by)} ahead.`,
  behind: (evenLeft: number, by: number) =>
    `Even pace would leave ${f.num(evenLeft)} today: you are ${f.num(by)} behind.`,
  usedUp: 'The month quota is used up until the reset.',
  runsOut: (at: number, now: number) => `At this rate it runs out on ${f.utcDay(at, now)}, before the reset.`,
  lasts: 'At this rate it lasts until the reset.',
  noForecast: 'Not enough figures yet for a forecast.',
  previous: (start: number, now: number, left: number, limit: number) =>
    `Previous month (${f.utcDay(start, now)}): ended with ${f.num(left)} of ${f.num(limit)} left.`,
  /** The charts: captions, legend, text alternatives. */
  remainingCaption: (start: number, now: number) =>
    `Left this month, by day of the window (day 0 = ${f.utcDay(start, now)})`,
  usedCaption: 'Requests used per day',
  usedCaptionEstimated: ' (pale, dashed: ≈ estimated, no figures those days)',
  busiest: (day: number, now: number, used: number) =>
    `Requests used per day; the busiest day was ${f.utcDay(day, now)} with ${f.num(used)}.`,
  noneUsed: 'Requests used per day: none yet.',
  series: {
    day: 'Day',
    thisMonth: 'This month',
    evenPace: 'Even pace',
    estimatedLine: 'Estimated (no figures)',
    forecast: 'Forecast',
    previousMonth: 'Previous month',
    used: 'Used',
    estimated: 'Estimated',
  },
  /** An axis label: a number in the language's compact form ("10K" / "10.000"). */
  axisNumber: (n: number) => compactNumber(f.locale, n),
  /** The per-day table. */
  table: 'Per-day table',
  tableCaption: 'Requests used per day this month',
  colDay: 'Day (UTC)',
  colUsed: 'Used',
  colLeft: 'Left at day end',
  day: (t: number, now: number) => f.utcDay(t, now),
  number: (n: number) => f.num(n),
  noFigures: 'no figures',
  beforeFirst: '— No figures on these days: they came before the first figure Lookup Tray saw this month.',
  spreadHint:
    '≈ No figures on these days (the app was not running, or the demo skipped ahead): the requests used between the figures before and after are spread over them.',
});

const compact = new Map<string, Intl.NumberFormat>();

/** "10K" / "10.000": `n` in `locale`'s compact notation (one formatter per locale). */
function compactNumber(locale: string, n: number): string {
  let c = compact.get(locale);
  if (!c) compact.set(locale, (c = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })));
  return c.format(n);
}
