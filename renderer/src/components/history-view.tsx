import { useCallback, useEffect, useState } from 'react';
import type { HistoryMonth, HistoryView as History } from '../../../shared/ipc';
import { formatCount, formatUtcDay } from '../format';
import { spreadGaps } from '../history-gaps';
import { useApi } from '../api-context';
import { ExportButtons, LoadFailed } from './view-parts';
import { ViewHead } from './view-head';
import { useWords } from '../words-context';
import { onDemand } from '../on-demand';

/** The chart and its library (uPlot) load only when History is opened: the initial bundle stays small. */
const HISTORY_CHART = onDemand(() => import('./history-chart'));

const DAY = 86_400_000;

/** Remaining at the end of each day of the window, from the month's points (null before the first figure). */
export function remainingByDay(month: HistoryMonth | undefined, days: number[]): (number | null)[] {
  if (!month) return days.map(() => null);
  let i = 0;
  let last: number | null = null;
  return days.map((day) => {
    while (i < month.points.length && (month.points[i] as [number, number])[0] < day + DAY)
      last = (month.points[i++] as [number, number])[1];
    return last;
  });
}

/** The month in words: the chart's text alternative, and what a glance needs. */
export function historySummary(h: History): string[] {
  const month = h.months[0];
  const cur = h.current;
  if (!month || month.start !== cur.start) return [];
  const remaining = month.points.at(-1)?.[1] ?? month.limit;
  const usedThisMonth = cur.daily.reduce((n, d) => n + d.used, 0);
  const lines = [
    `This month (${formatUtcDay(cur.start, undefined, h.now)} to ${formatUtcDay(cur.end, undefined, h.now)}): ${formatCount(remaining)} of ${formatCount(
      month.limit,
    )} left; ${formatCount(usedThisMonth)} used since the first figure.`,
  ];
  const elapsed = Math.min(1, Math.max(0, (h.now - cur.start) / (cur.end - cur.start)));
  const evenLeft = Math.round(month.limit * (1 - elapsed));
  lines.push(
    remaining >= evenLeft
      ? `Even pace would leave ${formatCount(evenLeft)} today: you are ${formatCount(remaining - evenLeft)} ahead.`
      : `Even pace would leave ${formatCount(evenLeft)} today: you are ${formatCount(evenLeft - remaining)} behind.`,
  );
  const f = h.forecast;
  if (remaining <= 0) lines.push('The month quota is used up until the reset.');
  else if (f.kind === 'runs-out')
    lines.push(`At this rate it runs out on ${formatUtcDay(f.runsOutAt, undefined, h.now)}, before the reset.`);
  else if (f.kind === 'lasts') lines.push('At this rate it lasts until the reset.');
  else lines.push('Not enough figures yet for a forecast.');
  const prev = h.months[1];
  if (prev) {
    const left = prev.points.at(-1)?.[1] ?? prev.limit;
    lines.push(
      `Previous month (${formatUtcDay(prev.start, undefined, h.now)}): ended with ${formatCount(left)} of ${formatCount(prev.limit)} left.`,
    );
  }
  return lines;
}

/** The per-day table (closed until asked for): requests used and left at each day's end; ≈ where spread over a gap. */
function HistoryTable({
  days,
  leftAtEnd,
  spread,
  now,
}: {
  days: { day: number; used: number }[];
  /** Service-clock now (a day far from it would carry its year). */
  now: number;
  leftAtEnd: (number | null)[];
  spread: ReturnType<typeof spreadGaps>;
}) {
  const approx = (day: number): string => (spread.estimated.has(day) ? '≈' : '');
  // Before the month's first figure nothing is known of a day: unknown, not "0 used" (issue 33).
  const unknown = (i: number): boolean => leftAtEnd[i] === null || leftAtEnd[i] === undefined;
  const noFigures = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">no figures</span>
    </>
  );
  return (
    <details className="history-table">
      <summary>Per-day table</summary>
      <table>
        <caption className="sr-only">Requests used per day this month</caption>
        <thead>
          <tr>
            <th scope="col">Day (UTC)</th>
            <th scope="col">Used</th>
            <th scope="col">Left at day end</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.day}>
              <th scope="row">{formatUtcDay(d.day, undefined, now)}</th>
              <td>
                {unknown(i) ? (
                  noFigures
                ) : (
                  <>
                    {approx(d.day)}
                    {formatCount(d.used)}
                  </>
                )}
              </td>
              <td>
                {unknown(i)
                  ? noFigures
                  : `${spread.leftAtEnd.has(d.day) ? '≈' : ''}${formatCount(leftAtEnd[i] as number)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {leftAtEnd.some((_, i) => unknown(i)) && (
        <p className="hint">
          — No figures on these days: they came before the first figure Lookup Tray saw this month.
        </p>
      )}
      {spread.estimated.size > 0 && (
        <p className="hint">
          ≈ No figures on these days (the app was not running, or the demo skipped ahead): the requests used between the
          figures before and after are spread over them.
        </p>
      )}
    </details>
  );
}

export function HistoryView({ onBack }: { onBack: () => void }) {
  const api = useApi();
  const { w } = useWords();
  const [history, setHistory] = useState<History | null>(null);
  const [failed, setFailed] = useState(false);
  const HistoryChart = HISTORY_CHART.useComponent(); // its chunk loads with the figures, not after them

  const load = useCallback(async () => {
    try {
      setHistory(await api.getHistory());
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api]);
  useEffect(() => {
    void load();
    const off = api.onQuotaChanged(() => void load());
    return off;
  }, [api, load]);

  const month = history?.months[0];
  const current = history && month && month.start === history.current.start ? month : undefined;
  // Days without figures of their own get a share of the drop across them, marked ≈ (not one day of all of it).
  const spread = spreadGaps(current, history?.current.daily ?? []);
  const days = spread.daily;
  const leftAtEnd = remainingByDay(
    current,
    days.map((d) => d.day),
  ).map((left, i) => spread.leftAtEnd.get((days[i] as { day: number }).day) ?? left);
  const summary = history ? historySummary(history) : [];
  const charted = history ? { ...history, current: { ...history.current, daily: days } } : null;

  return (
    <main className="history">
      <ViewHead title={w.uiNav.historyTitle} onBack={onBack} />
      {failed && !history && <LoadFailed what="The history could not be loaded." onRetry={() => void load()} />}
      {!failed && !history && <p aria-busy="true">Loading…</p>}
      {history && !current && (
        <p className="no-data">
          No figures for this month yet. The chart fills in as you look up addresses or check the quota.
        </p>
      )}
      {history && current && (
        <>
          <div className="history-summary" aria-label="Summary">
            {summary.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {HistoryChart === null && <div className="history-chart-placeholder" aria-busy="true" />}
          {HistoryChart === 'failed' && (
            <p className="hint">The chart could not be loaded; the per-day table below has its figures.</p>
          )}
          {HistoryChart !== null && HistoryChart !== 'failed' && (
            <HistoryChart
              history={charted ?? history}
              summary={summary.join(' ')}
              estimated={[...spread.estimated]}
              gaps={spread.gaps}
            />
          )}
          <HistoryTable days={days} leftAtEnd={leftAtEnd} spread={spread} now={history.now} />
        </>
      )}
      {history && history.samples > 0 && (
        <ExportButtons
          className="history-export"
          formats={[{ id: 'csv', label: 'Export CSV' }]}
          save={() => api.exportHistory()}
        />
      )}
    </main>
  );
}
