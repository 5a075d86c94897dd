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
import { countText, utcDayText, utcText } from '../../../shared/format-en';
import { monthAtRisk, type QuotaState, type QuotaWindow } from '../../../shared/quota';

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

/**
 * A Nagios threshold range (monitoring-plugins guidelines): `[@]start:end`, `N` = `0:N`, `N:` = N to infinity,
 * `~:N` = minus infinity to N; it alerts when the value is outside the range, or inside it with `@`. Here the numbers
 * may end with `%`, a share of the month's limit (all of a range's numbers alike).
 */
export interface NagiosRange {
  text: string;
  start: number | null;
  end: number | null;
  inside: boolean;
  percent: boolean;
}

const NUM = '(\\d+(?:\\.\\d+)?%?)';
const RANGE = new RegExp(`^(@)?(?:(~|${NUM}):)?${NUM}?$`);

/** Parses `-w`/`-c`; null when it is not a range (the caller says so as a usage error). */
export function parseNagiosRange(text: string): NagiosRange | null {
  const m = RANGE.exec(text);
  if (!m || text === '' || text === '@' || (m[2] === undefined && m[4] === undefined)) return null;
  const nums = [m[3], m[4]].filter((x): x is string => x !== undefined);
  const percent = nums.some((x) => x.endsWith('%'));
  if (percent && !nums.every((x) => x.endsWith('%'))) return null;
  const num = (x: string | undefined) => (x === undefined ? null : Number.parseFloat(x));
  const start = m[2] === '~' ? null : m[2] === undefined ? 0 : num(m[3]);
  const end = num(m[4]);
  if (start === null && end === null) return null; // `~:`: no end at all
  if (start !== null && end !== null && start > end) return null;
  return { text, start, end, inside: m[1] === '@', percent };
}

/** The range in requests for a window of `limit`, for the perfdata; `alerts` says whether `value` raises it. */
function resolveRange(r: NagiosRange, limit: number): { text: string; alerts: (value: number) => boolean } {
  const n = (x: number | null) => (x === null ? null : r.percent ? (limit * x) / 100 : x);
  const [lo, hi] = [n(r.start), n(r.end)];
  const inRange = (v: number) => (lo === null || v >= lo) && (hi === null || v <= hi);
  const num = (x: number) => String(Number(x.toFixed(2)));
  const text = `${r.inside ? '@' : ''}${lo === null ? '~' : num(lo)}:${hi === null ? '' : num(hi)}`;
  return { text, alerts: (v) => (r.inside ? inRange(v) : !inRange(v)) };
}

/** What --nagios is asked beyond the profile's levels: -w/-c, --max-age, --warn-at-risk. */
export interface NagiosOptions {
  warning?: NagiosRange;
  critical?: NagiosRange;
  maxAgeMs?: number;
  warnAtRisk?: boolean;
}

/** A duration as `--max-age` takes it: whole numbers with s, m, h or d, one or more (`90s`, `1h30m`, `2d`). */
export function parseDuration(text: string): number | null {
  if (!/^(\d+[smhd])+$/.test(text)) return null;
  const unit: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  let ms = 0;
  for (const [, n, u] of text.matchAll(/(\d+)([smhd])/g)) ms += Number(n) * unit[u!]!;
  return ms > 0 && Number.isSafeInteger(ms) ? ms : null;
}

/** A duration for people: whole seconds, minutes, hours or days (the largest that fits). */
function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  if (s < 7_200) return `${Math.floor(s / 60)} min`;
  if (s < 172_800) return `${Math.floor(s / 3_600)} h`;
  return `${Math.floor(s / 86_400)} days`;
}

/** The status line and exit code for a profile's figures. `now` is the local clock. */
export function nagiosReport(
  q: QuotaState,
  levels: MonitorLevels,
  now: number,
  profileLabel: string,
  opts: NagiosOptions = {},
): { code: NagiosCode; line: string } {
  const m = q.month;
  if (!m)
    return nagiosUnknown(
      `no quota figures yet for profile ${profileLabel}: run lookup-tray quota --check (or look something up)`,
    );
  const serviceNow = now + q.skewMs;
  const warnAt = levelCount(m.limit, levels.monthLow);
  const critAt = levelCount(m.limit, levels.monthCritical);
  const warn = opts.warning ? resolveRange(opts.warning, m.limit) : resolveRange(atOrBelow(warnAt), m.limit);
  const crit = opts.critical ? resolveRange(opts.critical, m.limit) : resolveRange(atOrBelow(critAt), m.limit);
  const left = `${countText(m.remaining)} of ${countText(m.limit)} left this month`;
  const monthCooldown = q.cooldown?.scope === 'month' && q.cooldown.until > serviceNow;
  let code: NagiosCode = NAGIOS.ok;
  let text = left;
  if (m.remaining <= 0 || monthCooldown) {
    code = NAGIOS.critical;
    text = `month quota used up: ${left}, resets ${utcText(m.resetAt, serviceNow)}`;
  } else if (crit.alerts(m.remaining)) {
    code = NAGIOS.critical;
    text = `${left} (${opts.critical ? `-c ${opts.critical.text}` : `critical at ${countText(critAt)}`})`;
  } else if (warn.alerts(m.remaining)) {
    code = NAGIOS.warning;
    text = `${left} (${opts.warning ? `-w ${opts.warning.text}` : `warning at ${countText(warnAt)}`})`;
  }
  if (m.estimated) text += ' (estimated: a reset passed since the last answer)';
  const ageMs = Math.max(0, serviceNow - m.observedAt);
  if (opts.maxAgeMs !== undefined && ageMs > opts.maxAgeMs) {
    code = worst(code, NAGIOS.warning);
    text += `; figures ${durationText(ageMs)} old (older than --max-age ${durationText(opts.maxAgeMs)})`;
  }
  if (opts.warnAtRisk && q.forecast.kind === 'runs-out' && monthAtRisk(q, serviceNow)) {
    code = worst(code, NAGIOS.warning);
    text += `; at risk: at this pace it runs out on ${utcDayText(q.forecast.runsOutAt, serviceNow)}`;
  }
  const maxAge = opts.maxAgeMs === undefined ? '' : String(Math.round(opts.maxAgeMs / 1000));
  const perf = [
    `month_remaining=${m.remaining};${warn.text.replace(/^@0:/, '@')};${crit.text.replace(/^@0:/, '@')};0;${m.limit}`,
    `month_reset=${Math.max(0, Math.round((m.resetAt - serviceNow) / 1000))}s;;;0;`,
  ];
  if (q.minute) perf.push(`minute_remaining=${q.minute.remaining};;;0;${q.minute.limit}`);
  perf.push(`figures_age=${Math.round(ageMs / 1000)}s;${maxAge};;0;`);
  return { code, line: `LOOKUP-TRAY ${STATE_NAME[code]} - ${plain(text)} | ${perf.join(' ')}` };
}

/** `@0:n`: alerts at 0 to n left (the profile's level as a range). */
const atOrBelow = (n: number): NagiosRange => ({ text: `@${n}`, start: 0, end: n, inside: true, percent: false });

/** The worse of two states (UNKNOWN is not raised here). */
const worst = (a: NagiosCode, b: NagiosCode): NagiosCode => Math.max(a, b) as NagiosCode;

/** One profile's figures for the Prometheus exposition. */
export interface ProfileFigures {
  /** The profile as the app shows it ("Default", "Work"). */
  profile: string;
  state: QuotaState;
  /** Whether the last check of this profile succeeded (`--check`, `serve --metrics`); absent when none was made. */
  checkSuccess?: boolean;
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

/** Gauges of a profile as a whole (no window label); `now` is the local clock. A null value: no sample. */
const PROFILE_METRICS: Array<{ name: string; help: string; value: (p: ProfileFigures, now: number) => string | null }> =
  [
    {
      name: 'lookup_tray_check_success',
      help: 'Whether the last quota check of the profile (free, through /v2/status) succeeded: 1 or 0.',
      value: (p) => (p.checkSuccess === undefined ? null : p.checkSuccess ? '1' : '0'),
    },
    {
      name: 'lookup_tray_figures_age_seconds',
      help: 'Seconds since the service last confirmed the month figures.',
      value: (p, now) => (p.state.month ? seconds(Math.max(0, now + p.state.skewMs - p.state.month.observedAt)) : null),
    },
    {
      name: 'lookup_tray_at_risk',
      help: '1 when at the current pace the month quota runs out before its reset, else 0.',
      value: (p, now) => (p.state.month ? (monthAtRisk(p.state, now + p.state.skewMs) ? '1' : '0') : null),
    },
  ];

/**
 * The figures of every profile in the Prometheus text exposition format (ends with a newline): the windows' quota
 * figures, then the profile's check success, figures' age and at-risk. `now` is the local clock. The one writer of
 * `quota --prometheus` and `serve --metrics`.
 */
export function prometheusText(profiles: readonly ProfileFigures[], now: number): string {
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
  for (const metric of PROFILE_METRICS) {
    const samples = profiles.flatMap((p) => {
      const v = metric.value(p, now);
      return v === null ? [] : [`${metric.name}{profile="${promLabel(p.profile)}"} ${v}`];
    });
    if (samples.length) lines.push(`# HELP ${metric.name} ${metric.help}`, `# TYPE ${metric.name} gauge`, ...samples);
  }
  return `${lines.join('\n')}\n`;
}
