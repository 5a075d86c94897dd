/**
 * `lookup-tray quota --nagios | --prometheus`: the quota figures in the forms monitoring tools read.
 *
 * - Nagios plugin format (monitoring-plugins guidelines): one status line `LOOKUP-TRAY <STATE> - <text> | <perfdata>`
 *   on stdout, exit 0/1/2/3 for OK/WARNING/CRITICAL/UNKNOWN. The state is the month window's at the profile's
 *   warning levels (Settings → Warning levels): WARNING at or below the low level, CRITICAL at or below the critical
 *   level, when it is used up, or during a month cooldown (the service said 429 for the month). Perfdata is
 *   `label=value[UOM];warn;crit;min;max`, the thresholds as Nagios ranges: `@2500` alerts at 0..2 500 left.
 * - Prometheus text exposition format: HELP and TYPE lines, then one sample per profile and window (label values
 *   escaped: backslash, double quote, newline). Instants are unix seconds.
 */
import { countText, utcText } from '../../../shared/format-en';
import type { QuotaState, QuotaWindow } from '../../../shared/quota';

/** Nagios plugin exit codes. */
export const NAGIOS = { ok: 0, warning: 1, critical: 2, unknown: 3 } as const;
export type NagiosCode = (typeof NAGIOS)[keyof typeof NAGIOS];
const STATE_NAME: Record<NagiosCode, string> = { 0: 'OK', 1: 'WARNING', 2: 'CRITICAL', 3: 'UNKNOWN' };

/** The profile's warning levels, in percent of the limit left (settings.thresholds). */
export interface MonitorLevels {
  monthLow: number;
  monthCritical: number;
}

/** Requests left at or below which a window of `limit` is at `percent` (as the app's levels count: share <= p). */
export function levelCount(limit: number, percent: number): number {
  return Math.floor((limit * percent) / 100);
}

/** Text for the status line: one line, and never the `|` that starts the perfdata. */
function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').replace(/\|/g, '/');
}

/** A status line of its own, for UNKNOWN (an error, no figures). */
export function nagiosUnknown(text: string): { code: NagiosCode; line: string } {
  return { code: NAGIOS.unknown, line: `LOOKUP-TRAY UNKNOWN - ${plain(text)}` };
}

/** The status line and exit code for a profile's figures. `now` is the local clock. */
export function nagiosReport(
  q: QuotaState,
  levels: MonitorLevels,
  now: number,
  profileLabel: string,
): { code: NagiosCode; line: string } {
  const m = q.month;
  if (!m)
    return nagiosUnknown(
      `no quota figures yet for profile ${profileLabel}: run lookup-tray quota --check (or look something up)`,
    );
  const serviceNow = now + q.skewMs;
  const warn = levelCount(m.limit, levels.monthLow);
  const crit = levelCount(m.limit, levels.monthCritical);
  const left = `${countText(m.remaining)} of ${countText(m.limit)} left this month`;
  const monthCooldown = q.cooldown?.scope === 'month' && q.cooldown.until > serviceNow;
  let code: NagiosCode = NAGIOS.ok;
  let text = left;
  if (m.level === 'exhausted' || monthCooldown) {
    code = NAGIOS.critical;
    text = `month quota used up: ${left}, resets ${utcText(m.resetAt, serviceNow)}`;
  } else if (m.level === 'critical') {
    code = NAGIOS.critical;
    text = `${left} (critical at ${countText(crit)})`;
  } else if (m.level === 'low') {
    code = NAGIOS.warning;
    text = `${left} (warning at ${countText(warn)})`;
  }
  if (m.estimated) text += ' (estimated: a reset passed since the last answer)';
  const perf = [
    `month_remaining=${m.remaining};@${warn};@${crit};0;${m.limit}`,
    `month_reset=${Math.max(0, Math.round((m.resetAt - serviceNow) / 1000))}s;;;0;`,
  ];
  if (q.minute) perf.push(`minute_remaining=${q.minute.remaining};;;0;${q.minute.limit}`);
  return { code, line: `LOOKUP-TRAY ${STATE_NAME[code]} - ${plain(text)} | ${perf.join(' ')}` };
}

/** One profile's figures for the Prometheus exposition. */
export interface ProfileFigures {
  /** The profile as the app shows it ("Default", "Work"). */
  profile: string;
  state: QuotaState;
}

/** A label value in the text format: backslash, double quote and newline escaped. */
export function promLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

const seconds = (ms: number) => String(Math.round(ms) / 1000);

const METRICS: Array<{ name: string; help: string; value: (w: QuotaWindow, skewMs: number) => string }> = [
  {
    name: 'lookup_tray_quota_limit',
    help: 'Requests the plan allows in the window, as the service last said.',
    value: (w) => String(w.limit),
  },
  {
    name: 'lookup_tray_quota_remaining',
    help: 'Requests left in the window, as last seen (after a reset with no answer since: the whole limit).',
    value: (w) => String(w.remaining),
  },
  {
    name: 'lookup_tray_quota_reset_timestamp_seconds',
    help: 'When the window restarts, in unix seconds (this machine’s clock).',
    value: (w, skewMs) => seconds(w.resetAt - skewMs),
  },
  {
    name: 'lookup_tray_quota_observed_timestamp_seconds',
    help: 'When the service last confirmed these figures, in unix seconds (this machine’s clock).',
    value: (w, skewMs) => seconds(w.observedAt - skewMs),
  },
  {
    name: 'lookup_tray_quota_estimated',
    help: '1 when a reset passed with no answer since (the figures are assumed, not said by the service), else 0.',
    value: (w) => (w.estimated ? '1' : '0'),
  },
];

/** The figures of every profile in the Prometheus text exposition format (ends with a newline). */
export function prometheusText(profiles: readonly ProfileFigures[]): string {
  const lines: string[] = [];
  for (const metric of METRICS) {
    lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} gauge`);
    for (const { profile, state } of profiles)
      for (const [window, w] of [
        ['month', state.month],
        ['minute', state.minute],
      ] as const)
        if (w)
          lines.push(
            `${metric.name}{profile="${promLabel(profile)}",window="${window}"} ${metric.value(w, state.skewMs)}`,
          );
  }
  return `${lines.join('\n')}\n`;
}
