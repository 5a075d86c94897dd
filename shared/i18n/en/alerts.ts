/** English: the quota's notifications (electron/core/quota/alerts.ts decides them; these are their words). */
import type { Fmt } from '../fmt';
import type { Forecast, MonthAlertKind, QuotaWindow } from '../../quota';
import type { WindowScope } from '../../window-scope';

export const alerts = (f: Fmt) => ({
  /** A month threshold crossed, or the forecast turned to "runs out"; `now`: service clock (a far date has its year). */
  month: (
    kind: MonthAlertKind,
    w: Pick<QuotaWindow, 'remaining' | 'limit' | 'resetAt'>,
    forecast: Forecast,
    now: number,
  ): { title: string; body: string } => {
    const left = `${f.num(w.remaining)} of ${f.num(w.limit)} requests left`;
    const pct = w.limit > 0 ? ` (${Math.floor((w.remaining / w.limit) * 100)} %)` : '';
    const reset = `Resets ${f.utc(w.resetAt, now)}.`;
    switch (kind) {
      case 'low':
        return { title: 'Month quota running low', body: `${left}${pct}. ${reset}` };
      case 'critical':
        return { title: 'Month quota almost used up', body: `${left}${pct}. ${reset}` };
      case 'exhausted':
        return {
          title: 'Monthly quota exhausted',
          body: `No requests left this month. ${reset} Upgrade your plan or wait.`,
        };
      case 'forecast': {
        const when = forecast.kind === 'runs-out' ? f.utcDay(forecast.runsOutAt, now) : 'before the reset';
        return {
          title: 'Month quota will run out early',
          body: `At this pace the month quota runs out on ${when}, before it resets (${f.utcDay(w.resetAt, now)}). ${left}.`,
        };
      }
    }
  },
  /** The minute's requests all used (`limit` when known); lookups resume in `seconds`. */
  minuteHit: (limit: number | null, seconds: number): { title: string; body: string } => ({
    title: 'Minute limit reached',
    body: `${limit !== null ? `All ${f.num(limit)} requests of this minute are used. ` : ''}Lookups resume in ${seconds} s.`,
  }),
  /** A cooldown the user hit has ended. */
  restored: (scope: WindowScope): { title: string; body: string } =>
    scope === 'month'
      ? { title: 'Month quota restored', body: 'Requests are available again this month: lookups work again.' }
      : { title: 'Minute limit lifted', body: 'The per-minute limit has reset: lookups work again.' },
  /** A bulk job's notification while the window is hidden: its title (the body is the job's note or tray line). */
  bulk: { finished: 'Bulk lookup finished', stopped: 'Bulk lookup stopped', paused: 'Bulk lookup paused' },
  /** A notification of demo mode. */
  demo: (title: string) => `DEMO — ${title}`,
  /** With several profiles: whose quota it is about. */
  ofProfile: (title: string, profile: string) => `${title} (${profile})`,
});
