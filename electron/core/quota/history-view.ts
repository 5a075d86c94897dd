/**
 * The History view of one profile's service: the month against its windows, requests used per day, the forecast.
 * The one operation behind the window's History (handlers/history-handlers.ts) and a short-lived process's
 * (OneShot.history(), for the command line). Pure.
 */
import type { HistoryView } from '../../../shared/ipc';
import {
  HISTORY_MONTHS,
  monthWindowStart,
  nextMonthBoundary,
  type QuotaSample,
  type QuotaState,
} from '../../../shared/quota';
import { dailyUsage, monthSeries } from './history';

/** The samples kept in state.db, then those the live engine learnt after the newest kept one (not written yet). */
export function keptAndLive(stored: readonly QuotaSample[], live: readonly QuotaSample[]): QuotaSample[] {
  const newest = stored.at(-1)?.at ?? -Infinity;
  return [...stored, ...live.filter((s) => s.at > newest)];
}

/**
 * The view from a profile's samples (oldest first), its month reset day and its service's state (the service
 * clock's now, the forecast): this window and those before it (HISTORY_MONTHS in all), this window's days.
 */
export function historyView(
  samples: readonly QuotaSample[],
  monthResetDay: number,
  state: Pick<QuotaState, 'asOf' | 'forecast'>,
): HistoryView {
  const now = state.asOf;
  const start = monthWindowStart(now, monthResetDay);
  const end = nextMonthBoundary(now, monthResetDay);
  const months = monthSeries(samples, monthResetDay, HISTORY_MONTHS).filter((m) => m.start <= start);
  return {
    now,
    months,
    current: { start, end, daily: dailyUsage(samples, start, Math.min(end, now + 1)) },
    forecast: state.forecast,
    samples: samples.length,
  };
}
