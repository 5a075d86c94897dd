/** `lookup-tray quota`: the month and minute figures with reset times and age, the forecast; --check asks the service. */
import { isValidInstant } from '../../../shared/format';
import type { QuotaState, QuotaWindow } from '../../../shared/quota';
import type { ProfileFigures } from './quota-monitor';
import { CliError, EXIT } from '../exit-codes';
import { isoText } from '../../../shared/format-en';
import { cliWords } from '../cli-words';
import { cliMessage, exitFor } from '../outcome-exit';
import { jsonText, paint, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { profileNames, type OneShot } from '../../core/app/one-shot';
import { profileLabel } from '../../../shared/settings';

interface QuotaOptions {
  check?: boolean;
  spend?: boolean;
  json?: boolean;
  nagios?: boolean;
  prometheus?: boolean;
  warning?: string;
  critical?: string;
  maxAge?: string;
  warnAtRisk?: boolean;
}

export async function quotaCommand(input: ActionInput<QuotaOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  if (opts.spend && !opts.check) throw new CliError('--spend goes with --check.', EXIT.usage);
  if ([opts.json, opts.nagios, opts.prometheus].filter(Boolean).length > 1)
    throw new CliError('Choose one of --json, --nagios and --prometheus.', EXIT.usage);
  const nagiosOnly = (['warning', 'critical', 'maxAge', 'warnAtRisk'] as const).filter((k) => opts[k] !== undefined);
  if (nagiosOnly.length && !opts.nagios)
    throw new CliError('-w, -c, --max-age and --warn-at-risk go with --nagios.', EXIT.usage);
  if (opts.nagios) return nagiosCommand(input, io);
  if (opts.prometheus) return prometheusCommand(input, io);
  await withContext(input.global, async (ctx) => {
    const service = ctx.service();
    if (opts.check) await check(service, opts, io);
    const q = service.state();
    const baseUrl = ctx.current.baseUrl;
    if (opts.json) io.out(jsonText({ baseUrl, ...q }));
    else io.out(quotaText(q, baseUrl, Date.now()));
  });
}

/** --check: fresh figures from the service (free where it has /v2/status; --spend allows one lookup). */
async function check(service: ReturnType<OneShot['service']>, opts: QuotaOptions, io: Io): Promise<void> {
  const r = await service.checkQuota({ spend: opts.spend === true });
  if (r.kind === 'needs-confirmation') throw new CliError(cliWords().w.cli.quota.needsSpend, EXIT.needsConsent);
  if (r.kind === 'failed') throw new CliError(cliMessage(r.outcome, service.state().skewMs), exitFor(r.outcome));
  io.err(cliWords().w.cli.quota.checked(r.via));
}

/**
 * --nagios: one status line on stdout and the plugin's exit code. Whatever goes wrong (no service, no key, a failed
 * --check, an unknown profile) is UNKNOWN (3) with its reason, never one of the command's own exit codes, which a
 * monitor would read as a state (2 is CRITICAL).
 */
async function nagiosCommand(input: ActionInput<QuotaOptions>, io: Io): Promise<void> {
  const monitor = await import('./quota-monitor');
  const { nagiosReport, nagiosUnknown } = monitor;
  let report: { code: number; line: string };
  try {
    const nagiosOpts = nagiosOptions(input.opts, monitor);
    report = await withContext(input.global, async (ctx) => {
      const service = ctx.service();
      if (input.opts.check) await check(service, input.opts, { ...io, err: () => {} });
      const t = ctx.current.thresholds;
      const levels = { monthLow: t.monthLow, monthCritical: t.monthCritical };
      return nagiosReport(service.state(), levels, Date.now(), profileLabel(ctx.profile), nagiosOpts);
    });
  } catch (err) {
    report = nagiosUnknown(err instanceof CliError ? err.message : 'the quota could not be read');
  }
  io.out(report.line);
  process.exitCode = report.code;
}

/** -w, -c, --max-age and --warn-at-risk, checked (a bad one is UNKNOWN with its reason, as the guidelines ask). */
function nagiosOptions(
  opts: QuotaOptions,
  monitor: typeof import('./quota-monitor'),
): import('./quota-monitor').NagiosOptions {
  const out: import('./quota-monitor').NagiosOptions = {};
  for (const [key, flag] of [
    ['warning', '-w'],
    ['critical', '-c'],
  ] as const) {
    const text = opts[key];
    if (text === undefined) continue;
    const range = monitor.parseNagiosRange(text);
    if (!range)
      throw new CliError(
        `${flag} takes a Nagios range of requests left, or of percent of the limit: e.g. 2500: or 25%: (alert below), @500 (alert at 0 to 500).`,
        EXIT.usage,
      );
    out[key] = range;
  }
  if (opts.maxAge !== undefined) {
    const ms = monitor.parseDuration(opts.maxAge);
    if (ms === null) throw new CliError('--max-age takes a duration: e.g. 90s, 15m, 1h30m, 2d.', EXIT.usage);
    out.maxAgeMs = ms;
  }
  if (opts.warnAtRisk) out.warnAtRisk = true;
  return out;
}

/** --prometheus: every profile's figures (or the one --profile names) in the text exposition format. */
async function prometheusCommand(input: ActionInput<QuotaOptions>, io: Io): Promise<void> {
  const { prometheusText } = await import('./quota-monitor');
  const names = await withContext(input.global, async (ctx) =>
    input.global.profile !== undefined ? [ctx.profile] : profileNames(ctx.appSettings),
  );
  const figures: ProfileFigures[] = [];
  for (const name of names) {
    const one = await withContext({ ...input.global, profile: name }, async (ctx) => {
      if (!ctx.current.baseUrl) return null;
      const service = ctx.service();
      if (!input.opts.check) return { profile: profileLabel(name), state: service.state() };
      // --check: each profile asked for free; a failed check is its gauge (0) and a line on stderr, not the end.
      const checkSuccess = await check(service, input.opts, { ...io, err: () => {} }).then(
        () => true,
        (err: unknown) => {
          io.err(
            `${profileLabel(name)}: ${err instanceof CliError ? err.message : cliWords().w.cli.quota.checkFailed}`,
          );
          return false;
        },
      );
      return { profile: profileLabel(name), state: service.state(), checkSuccess };
    });
    if (one) figures.push(one);
  }
  io.out(prometheusText(figures, Date.now()).trimEnd());
}

/** The figures as lines for a terminal. `now` is the local clock. */
export function quotaText(q: QuotaState, baseUrl: string, now: number): string {
  const t = cliWords().w.cli.quota;
  const serviceNow = now + q.skewMs;
  const width = Math.max(...Object.values(t.label).map((l) => l.length)) + 1;
  const label = (k: keyof typeof t.label) => `${paint('bold', t.label[k])}${' '.repeat(width - t.label[k].length)}`;
  const level = (w: QuotaWindow, text: string) =>
    w.level === 'ok' ? text : paint(w.level === 'low' ? 'yellow' : 'red', text);
  const lines = [`${label('profile')}${profileLabel(q.profile)} · ${baseUrl}`];
  if (!q.month && !q.minute) lines.push(t.noFigures);
  if (q.month) {
    const m = q.month;
    const rest = t.monthRest(m.resetAt, serviceNow, serviceNow - m.observedAt, m.estimated);
    lines.push(`${label('month')}${level(m, t.left(m.remaining, m.limit))}${rest}`);
  }
  if (q.minutePlan === 'none') lines.push(`${label('minute')}${t.noMinuteLimit}`);
  else if (q.minute) {
    const m = q.minute;
    const rest = t.minuteRest(m.resetAt, serviceNow, serviceNow - m.observedAt, m.estimated);
    lines.push(`${label('minute')}${level(m, t.minuteLeft(m.remaining, m.limit))}${rest}`);
  }
  if (q.cooldown && q.cooldown.until > serviceNow) {
    // The end comes from the service or state.db: one no date can hold has no countdown either.
    const end = q.cooldown.until - q.skewMs;
    const how = t.cooldownRest(q.cooldown.until - serviceNow, isValidInstant(end) ? isoText(end) : null);
    lines.push(`${label('cooldown')}${paint('red', t.limitReached(q.cooldown.scope))}${how}`);
  }
  lines.push(`${label('forecast')}${t.forecast(q.forecast, serviceNow)}`);
  lines.push(`${label('check')}${t.check(q.statusCheck)}`);
  if (q.lastError) lines.push(paint('yellow', t.lastFailed));
  return lines.join('\n');
}
