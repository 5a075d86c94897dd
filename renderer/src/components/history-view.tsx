import { useCallback, useEffect, useState } from 'react';
import type { HistoryMonth, HistoryView as History } from '../../../shared/ipc';
import type { UiHistoryWords } from '../../../shared/i18n/words';
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
export function historySummary(h: History, w: UiHistoryWords): string[] {
  const month = h.months[0];
  const cur = h.current;
  if (!month || month.start !== cur.start) return [];
  const remaining = month.points.at(-1)?.[1] ?? month.limit;
  const usedThisMonth = cur.daily.reduce((n, d) => n + d.used, 0);
  const lines = [w.thisMonth(cur.start, cur.end, h.now, remaining, month.limit, usedThisMonth)];
  const elapsed = Math.min(1, Math.max(0, (h.now - cur.start) / (cur.end - cur.start)));
  const evenLeft = Math.round(month.limit * (1 - elapsed));
  lines.push(
    remaining >= evenLeft ? w.ahead(evenLeft, remaining - evenLeft) : w.behind(evenLeft, evenLeft - remaining),
  );
  const f = h.forecast;
  if (remaining <= 0) lines.push(w.usedUp);
  else if (f.kind === 'runs-out') lines.push(w.runsOut(f.runsOutAt, h.now));
  else if (f.kind === 'lasts') lines.push(w.lasts);
  else lines.push(w.noForecast);
  const prev = h.months[1];
  if (prev) lines.push(w.previous(prev.start, h.now, prev.points.at(-1)?.[1] ?? prev.limit, prev.limit));
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
  const w = useWords().w.uiHistory;
  const approx = (day: number): string => (spread.estimated.has(day) ? '≈' : '');
  // Before the month's first figure nothing is known of a day: unknown, not "0 used" (issue 33).
  const unknown = (i: number): boolean => leftAtEnd[i] === null || leftAtEnd[i] === undefined;
  const noFigures = (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{w.noFigures}</span>
    </>
  );
  return (
    <details className="history-table">
      <summary>{w.table}</summary>
      <table>
        <caption className="sr-only">{w.tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{w.colDay}</th>
            <th scope="col">{w.colUsed}</th>
            <th scope="col">{w.colLeft}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d, i) => (
            <tr key={d.day}>
              <th scope="row">{w.day(d.day, now)}</th>
              <td>
                {unknown(i) ? (
                  noFigures
                ) : (
                  <>
                    {approx(d.day)}
                    {w.number(d.used)}
                  </>
                )}
              </td>
              <td>
                {unknown(i)
                  ? noFigures
                  : `${spread.leftAtEnd.has(d.day) ? '≈' : ''}${w.number(leftAtEnd[i] as number)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {leftAtEnd.some((_, i) => unknown(i)) && <p className="hint">{w.beforeFirst}</p>}
      {spread.estimated.size > 0 && <p className="hint">{w.spreadHint}</p>}
    </details>
  );
}

export function HistoryView({ onBack }: { onBack: () => void }) {
  const api = useApi();
  const { w } = useWords();
  const hw = w.uiHistory;
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
  const summary = history ? historySummary(history, hw) : [];
  const charted = history ? { ...history, current: { ...history.current, daily: days } } : null;

  return (
    <main className="history">
      <ViewHead title={w.uiNav.historyTitle} onBack={onBack} />
      {failed && !history && <LoadFailed what={hw.loadFailed} onRetry={() => void load()} />}
      {!failed && !history && <p aria-busy="true">{hw.loading}</p>}
      {history && !current && <p className="no-data">{hw.noData}</p>}
      {history && current && (
        <>
          <div className="history-summary" aria-label={hw.summaryLabel}>
            {summary.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          {HistoryChart === null && <div className="history-chart-placeholder" aria-busy="true" />}
          {HistoryChart === 'failed' && <p className="hint">{hw.chartFailed}</p>}
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
          formats={[{ id: 'csv', label: hw.exportCsv }]}
          save={() => api.exportHistory()}
        />
      )}
    </main>
  );
}
