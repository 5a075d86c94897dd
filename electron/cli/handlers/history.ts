/**
 * `lookup-tray history`: the profile's requests used per UTC day in this month's window, from the core's one
 * operation for the window's History view (OneShot.history(), quota/history-view.ts): a table, or --json. Sends
 * nothing; reads what state.db keeps.
 */
import type { Forecast } from '../../../shared/quota';
import { countText, utcDayText } from '../../../shared/format-en';
import { jsonText, paint, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';

/** A UTC day as scripts read it: "2026-11-27". */
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

function forecastLine(f: Forecast, now: number): string {
  if (f.kind === 'runs-out')
    return `at this pace the month quota runs out on ${utcDayText(f.runsOutAt, now)} (pace ${f.pace}×)`;
  if (f.kind === 'lasts') return `at this pace it lasts the month (pace ${f.pace}×)`;
  return 'not enough figures yet (an hour of use in this month)';
}

export async function historyCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const h = ctx.history();
    const { start, end, daily } = h.current;
    const total = daily.reduce((n, d) => n + d.used, 0);
    if (input.opts.json) {
      io.out(
        jsonText({
          profile: ctx.current.profile,
          window: { start: new Date(start).toISOString(), end: new Date(end).toISOString() },
          daily: daily.map((d) => ({ day: isoDay(d.day), used: d.used })),
          total,
          forecast: h.forecast,
          samples: h.samples,
        }),
      );
      return;
    }
    const width = Math.max(4, countText(total).length);
    const row = (day: string, used: string) => `${day.padEnd(10)}  ${used.padStart(width)}`;
    io.out(
      [
        `Requests used per UTC day, ${utcDayText(start, h.now)} – ${utcDayText(end, h.now)} (the month's window):`,
        paint('bold', row('day', 'used')),
        ...daily.map((d) => row(isoDay(d.day), countText(d.used))),
        row('total', countText(total)),
        `${paint('bold', 'Forecast')} ${forecastLine(h.forecast, h.now)}`,
      ].join('\n'),
    );
  });
}
