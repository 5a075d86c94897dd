/** `lookup-tray lookup <ip…>`: the app's lookups (cache, cooldowns, the shared state) on the command line. */
import type { LookupOutcome } from '../../../shared/outcome';
import { formatCountdown } from '../../../shared/format';
import { summaryLabel } from '../../core/service/lookup-cache';
import { withContext } from '../with-context';
import { CliError, EXIT, type ExitCode } from '../exit-codes';
import { cliMessage, exitFor } from '../outcome-exit';
import { jsonText, leaves, oneLine, paint, paintErr, parseFields, pick, processIo, type Io } from '../output';
import type { ActionInput } from '../program';

interface LookupOptions {
  json?: boolean;
  csv?: boolean;
  fields?: string;
  refresh?: boolean;
  force?: boolean;
}

type Answered = Extract<LookupOutcome, { kind: 'ok' }>;

/** The record of an answer (the service's `data` object when it sends one). */
function record(body: unknown): unknown {
  return body !== null && typeof body === 'object' && 'data' in body && typeof body.data === 'object'
    ? body.data
    : body;
}

/** A field of an answer: a path in the body as sent, or in its `data` record. */
function field(body: unknown, path: string): unknown {
  return pick(body, path) ?? pick(record(body), path) ?? null;
}

export async function lookupCommand(input: ActionInput<LookupOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  if (opts.json && opts.csv) throw new CliError('Choose one of --json and --csv.', EXIT.usage);
  const fields = parseFields(opts.fields);
  const format = opts.csv ? 'csv' : opts.json || !io.outTty ? 'json' : 'human';
  let code: ExitCode = EXIT.ok;
  const answers: Array<{ ip: string; outcome: LookupOutcome }> = [];

  await withContext(input.global, async (ctx) => {
    const service = ctx.service();
    for (const ip of input.args) {
      const outcome = await service.lookup(ip, { refresh: opts.refresh === true, force: opts.force === true });
      answers.push({ ip, outcome });
      if (outcome.kind === 'ok') {
        if (outcome.source === 'cache') {
          const age = formatCountdown(Date.now() + service.state().skewMs - outcome.fetchedAt);
          io.err(`${outcome.ip}: from the cache (fetched ${age} ago): no request spent. --refresh asks the service.`);
        }
        if (outcome.note) io.err(`${outcome.ip}: ${outcome.note}`);
      } else {
        io.err(`${paintErr('red', `${ip}:`)} ${cliMessage(outcome, service.state().skewMs)}`);
        if (code === EXIT.ok) code = exitFor(outcome);
      }
    }
  });

  const ok = answers.filter((a): a is { ip: string; outcome: Answered } => a.outcome.kind === 'ok');
  if (format === 'json') {
    const one = (a: { ip: string; outcome: LookupOutcome }) =>
      a.outcome.kind === 'ok'
        ? fields.length
          ? Object.fromEntries(fields.map((f) => [f, field((a.outcome as Answered).body, f)]))
          : a.outcome.body
        : { ip: a.ip, error: { kind: a.outcome.kind, message: cliMessage(a.outcome) } };
    if (answers.length === 1) {
      if (ok.length === 1) io.out(jsonText(one(answers[0]!)));
    } else io.out(jsonText(answers.map(one)));
  } else if (format === 'csv') {
    const cols = fields.length ? fields : unionOfLeaves(ok.map((a) => record(a.outcome.body)));
    if (ok.length) {
      const { csvText } = await import('../csv');
      const rows = ok.map((a) => cols.map((c) => field(a.outcome.body, c)));
      io.out(csvText(cols, rows));
    }
  } else {
    for (const a of ok) io.out(human(a.outcome, fields));
  }
  if (code !== EXIT.ok) process.exitCode = code;
}

function unionOfLeaves(records: unknown[]): string[] {
  const seen = new Set<string>();
  for (const r of records) for (const [k] of leaves(r)) seen.add(k);
  return [...seen];
}

/** A field's value on one line of the summary (a service's text may hold newlines: they would forge rows). */
function text(v: unknown): string {
  return oneLine(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
}

/** The fields a person looks at first, when the answer has them (--fields chooses others, --json shows all). */
function summaryRows(data: unknown): Array<[string, string]> {
  const str = (p: string) => {
    const v = pick(data, p);
    return v === undefined || v === null || v === '' ? null : text(v);
  };
  const join = (parts: Array<string | null>, sep: string) => {
    const kept = parts.filter((x): x is string => x !== null).filter((v, i, all) => all.indexOf(v) === i);
    return kept.length ? kept.join(sep) : null;
  };
  const asn = str('connection.asn');
  const rows: Array<[string, string | null]> = [
    ['location', join([str('location.city.name'), str('location.region.name'), str('location.country.name')], ', ')],
    ['network', join([str('connection.organization'), asn && `AS${asn}`, str('connection.range')], ' · ')],
    ['type', str('range_type.description') ?? str('range_type.type')],
    ['timezone', str('timezone.id')],
    ['hostname', str('hostname')],
  ];
  if (pick(data, 'security') !== undefined) {
    const flags = leaves(pick(data, 'security'))
      .filter(([, v]) => v === true)
      .map(([k]) => k.replace(/^is_/, '').replace(/_/g, ' '));
    rows.push(['security', flags.length ? flags.join(', ') : 'nothing flagged']);
  }
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

function human(o: Answered, fields: string[]): string {
  const data = record(o.body);
  let rows: Array<[string, string]>;
  if (fields.length) rows = fields.map((f) => [f, text(field(o.body, f))]);
  else {
    rows = summaryRows(data);
    if (rows.length === 0) rows = leaves(data).map(([k, v]) => [k, text(v)]);
  }
  const width = Math.min(32, Math.max(0, ...rows.map(([k]) => k.length)));
  const title = `${paint('bold', o.ip)}  ${oneLine(summaryLabel(o.ip, o.body))}`;
  return [title, ...rows.map(([k, v]) => `  ${paint('dim', k.padEnd(width))}  ${v}`)].join('\n');
}
