/**
 * `lookup-tray history`: the profile's requests used per UTC day in this month's window, from the core's one
 * operation for the window's History view (OneShot.history(), quota/history-view.ts): a table, or --json. Sends
 * nothing; reads what state.db keeps.
 */
import { countText } from '../../../shared/format-en';
import { jsonText, paint, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';

/** A UTC day as scripts read it: "2026-11-27". */
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

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
    const t = cliWords().w.cli.history;
    const width = Math.max(4, t.used.length, countText(total).length);
    const row = (day: string, used: string) => `${day.padEnd(10)}  ${used.padStart(width)}`;
    io.out(
      [
        t.title(cliWords().fmt.utcDay(start, h.now), cliWords().fmt.utcDay(end, h.now)),
        paint('bold', row(t.day, t.used)),
        ...daily.map((d) => row(isoDay(d.day), countText(d.used))),
        row(t.total, countText(total)),
        `${paint('bold', t.forecastLabel)} ${t.forecast(h.forecast, h.now)}`,
      ].join('\n'),
    );
  });
}
