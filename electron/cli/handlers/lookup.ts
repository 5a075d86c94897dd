/** `lookup-tray lookup <ip…>`: the app's lookups (cache, cooldowns, the shared state) on the command line. */
import { ANSWER_FIELDS, SECURITY_FLAGS, dataOf, placeOf, readAnswer, type Answer } from '../../../shared/answer';
import type { LookupOutcome } from '../../../shared/outcome';
import { addressKind, parseIp, rangeKind } from '../../../shared/ip';
import { wordsFor, type Words } from '../../../shared/i18n';
import { confirm } from '../prompt';
import { withContext } from '../with-context';
import { CliError, EXIT, type ExitCode } from '../exit-codes';
import { cliMessage, exitFor } from '../outcome-exit';
import { jsonText, leaves, oneLine, paint, paintErr, parseFields, pick, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { cliWords } from '../cli-words';

interface LookupOptions {
  json?: boolean;
  csv?: boolean;
  fields?: string;
  refresh?: boolean;
  force?: boolean;
  yes?: boolean;
}

type Answered = Extract<LookupOutcome, { kind: 'ok' }>;

/** An answer's note for a non-public address, in the command's words (the core's English note when not one). */
function noteOf(ip: string, note: string): string {
  const kind = addressKind(ip);
  return kind === null ? note : cliWords().w.uiResult.note(kind);
}
/**
 * The line for an answer from the cache: its age as an age ("fetched 13 min ago"), never in the countdown's
 * "13:34" form, which reads as a clock time (issue 33).
 */
function cacheLine(ip: string, ageMs: number): string {
  return cliWords().w.cli.lookup.fromCache(ip, ageMs);
}

/** The record of an answer (the service's `data` object when it sends one). */
const record = (body: unknown): unknown => dataOf(body) ?? body;

/** A field of an answer: a path in the body as sent, or in its `data` record. */
function field(body: unknown, path: string): unknown {
  return pick(body, path) ?? pick(record(body), path) ?? null;
}

/** The summary columns of `bulk` a lookup can name in --fields (the job's bookkeeping and the note, on stderr here, left out). */
const NOT_FOR_LOOKUP = new Set(['line', 'last_line', 'hits', 'status', 'error', 'flag']);

/** The value of each field of an answer: a summary column (country, city, asn …, as bulk) or a dotted path. */
async function fieldReader(): Promise<{
  columns: string[];
  csvDefault: string[];
  value: (a: Answered, f: string) => unknown;
}> {
  const { EXPORT_COLUMNS, DEFAULT_EXPORT_COLUMNS, readColumn } = await import('../../core/bulk/export');
  const columns = Object.keys(EXPORT_COLUMNS).filter((c) => !NOT_FOR_LOOKUP.has(c));
  const value = (a: Answered, f: string): unknown => {
    if (!columns.includes(f)) return field(a.body, f);
    const row: Parameters<typeof readColumn>[1] = {
      ip: a.ip,
      line: 0,
      lastLine: 0,
      hits: 1,
      flag: a.note,
      seq: 0,
      status: 'done',
      source: a.source,
      kind: 'ok',
      error: null,
      body: a.body,
      answeredAt: a.fetchedAt,
    };
    return readColumn(f as keyof typeof EXPORT_COLUMNS, row) ?? null;
  };
  return { columns, csvDefault: DEFAULT_EXPORT_COLUMNS.filter((c) => columns.includes(c)), value };
}

/** Whether `path` names something in the answer (a value or an object), as sent or in its `data` record. */
function hasPath(body: unknown, path: string): boolean {
  const has = (obj: unknown) => {
    let v: unknown = obj;
    for (const part of path.split('.')) {
      if (v === null || typeof v !== 'object' || !Object.hasOwn(v, part)) return false;
      v = (v as Record<string, unknown>)[part];
    }
    return true;
  };
  return has(body) || has(record(body));
}

/** Paths of the answer as shared/answer.ts describes it (location, location.city, location.city.name …). */
function describedPaths(): Set<string> {
  const out = new Set<string>();
  const add = (parts: readonly string[]) => parts.forEach((_, i) => out.add(parts.slice(0, i + 1).join('.')));
  for (const parts of Object.values(ANSWER_FIELDS)) add(parts);
  for (const f of SECURITY_FLAGS) add(['security', f.key]);
  for (const p of [...out]) out.add(`data.${p}`); // an answer's record may come wrapped in `data`
  return out;
}

/** How many of the profile's kept answers show which paths an answer of its service has. */
const KEPT_ANSWERS = 200;

/**
 * Refuses (exit 2) a field that is neither a summary column nor a path of the answer — as the app describes it, or
 * as an answer of the profile kept in state.db has it — before anything is sent: a typo spends no request.
 */
function checkFields(fields: string[], columns: string[], kept: () => unknown[]): void {
  const described = describedPaths();
  const unknown = fields.filter((f) => !columns.includes(f) && !described.has(f));
  if (unknown.length === 0) return;
  const bodies = kept();
  const missing = unknown.filter((f) => !bodies.some((b) => hasPath(b, f)));
  if (missing.length)
    throw new CliError(
      `Unknown field ${missing.map((u) => `"${oneLine(u)}"`).join(', ')}: no answer has it. Fields: ${columns.join(', ')}, or a dotted path of the answer such as location.city.name (--json shows them all). Nothing was sent.`,
      EXIT.usage,
    );
}

/**
 * A private, loopback or reserved address is asked about first, as the window asks: the service knows little
 * about it, and a request is spent on it. A fresh answer kept for it is shown free; --yes, --refresh and --force
 * send without asking. Null: go ahead; else the answer kept for it, or why nothing was sent.
 */
async function askFirst(
  ip: string,
  opts: LookupOptions,
  service: { lookup: (ip: string, o: { stored: true }) => Promise<LookupOutcome> },
): Promise<{ outcome: LookupOutcome } | { refused: string; english: string } | null> {
  if (opts.yes || opts.refresh || opts.force) return null;
  const parsed = parseIp(ip);
  const kind = parsed.ok ? rangeKind(parsed.range) : null;
  if (!parsed.ok || kind === null) return null;
  const kept = await service.lookup(parsed.ip, { stored: true });
  if (kept.kind === 'ok' && !kept.expired) return { outcome: kept };
  // The window's note on such an address (uiResult.note), then the command's question or what it did.
  const { w } = cliWords();
  if (await confirm(`${parsed.ip}: ${w.uiResult.note(kind)} ${w.cli.lookup.askAnyway}`)) return null;
  const refused = (v: Words) =>
    `${v.uiResult.note(kind)} ${process.stdin.isTTY ? v.cli.lookup.nothingSent : v.cli.lookup.nothingSentYes}`;
  // --json's error message stays English (docs/cli.md, "Languages").
  return { refused: refused(w), english: refused(wordsFor('en').w) };
}

/**
 * The lines of standard input that hold something, with their numbers (1-based), each trimmed; a comment (from `#` to
 * the end of the line, as in bulk's lists) left out, so `9.9.9.9  # Quad9` is the address and `# servers` nothing.
 */
export async function stdinLines(
  stdin: NodeJS.ReadableStream = process.stdin,
): Promise<Array<{ line: number; text: string }>> {
  let text = '';
  stdin.setEncoding('utf8');
  for await (const chunk of stdin) text += chunk as string;
  return text
    .split(/\r?\n/)
    .map((t, i) => ({ line: i + 1, text: t.replace(/#.*$/, '').trim() }))
    .filter((l) => l.text !== '');
}

export async function lookupCommand(input: ActionInput<LookupOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  if (opts.json && opts.csv) throw new CliError('Choose one of --json and --csv.', EXIT.usage);
  // `lookup -`: one address a line from standard input, each looked up as if given as an argument (cache first,
  // a line that is not an address reported by its number and never sent).
  const fromStdin = input.args.includes('-');
  if (fromStdin && input.args.length > 1)
    throw new CliError('"-" reads the addresses from standard input: give no other address beside it.', EXIT.usage);
  const items = fromStdin
    ? (await stdinLines()).map((l) => ({
        ip: l.text,
        label: cliWords().w.cli.lookup.line(l.line, l.text.length > 60 ? `${l.text.slice(0, 60)}…` : l.text),
      }))
    : input.args.map((ip) => ({ ip, label: ip }));
  if (fromStdin && items.length === 0) throw new CliError(cliWords().w.cli.lookup.noAddresses, EXIT.invalidInput);
  let fields = parseFields(opts.fields);
  const format = opts.csv ? 'csv' : opts.json || !io.outTty ? 'json' : 'human';
  const reader = fields.length || format === 'csv' ? await fieldReader() : null;
  // CSV without --fields: the summary columns (as bulk writes them), not every leaf of the answer.
  if (reader && format === 'csv' && !fields.length) fields = reader.csvDefault;
  // Fields: the summary columns bulk writes (country, city, asn …) or paths of the answer, checked before anything
  // is sent (checkFields); one these answers lack is null, as a column an answer lacks is empty in bulk's CSV.
  const value = (a: Answered, f: string) => (reader ? reader.value(a, f) : field(a.body, f));
  let code: ExitCode = EXIT.ok;
  const answers: Array<{ ip: string; outcome: LookupOutcome }> = [];
  /** In the order asked: each answer, or an address not looked up (nothing sent) as JSON shows it. */
  const entries: Array<
    { ip: string; outcome: LookupOutcome } | { ip: string; error: { kind: string; message: string } }
  > = [];

  await withContext(input.global, async (ctx) => {
    const service = ctx.service();
    if (reader && fields.length) checkFields(fields, reader.columns, () => ctx.keptAnswers(KEPT_ANSWERS));
    for (const { ip, label } of items) {
      const asked = await askFirst(ip, opts, service);
      if (asked && 'refused' in asked) {
        io.err(`${paintErr('yellow', `${label}:`)} ${asked.refused}`);
        entries.push({ ip, error: { kind: 'needs-consent', message: asked.english } });
        if (code === EXIT.ok) code = EXIT.needsConsent;
        continue;
      }
      const outcome =
        asked?.outcome ?? (await service.lookup(ip, { refresh: opts.refresh === true, force: opts.force === true }));
      answers.push({ ip, outcome });
      entries.push({ ip, outcome });
      if (outcome.kind === 'ok') {
        if (outcome.source === 'cache') {
          io.err(cacheLine(outcome.ip, Date.now() + service.state().skewMs - outcome.fetchedAt));
        }
        if (outcome.note) io.err(`${outcome.ip}: ${noteOf(outcome.ip, outcome.note)}`);
        // On a terminal each summary comes as it is answered: results and errors read in input order.
        if (format === 'human') io.out(human(outcome, fields, value));
      } else {
        io.err(`${paintErr('red', `${label}:`)} ${cliMessage(outcome, service.state().skewMs)}`);
        if (code === EXIT.ok) code = exitFor(outcome);
      }
    }
  });

  const ok = answers.filter((a): a is { ip: string; outcome: Answered } => a.outcome.kind === 'ok');
  if (format === 'json') {
    const picked = (o: Answered) => Object.fromEntries(fields.map((f) => [f, value(o, f)]));
    if (input.args.length === 1 && !fromStdin) {
      // One address: its answer as sent (or its chosen fields), as ever.
      const o = ok[0]?.outcome;
      if (o) io.out(jsonText(fields.length ? picked(o) : o.body));
    } else {
      // A list: every entry begins with the address asked and where its answer came from (null: none), then the
      // answer (the body as sent, or the chosen fields) or the error: one shape whichever way each address went.
      const all = entries.map((e) => {
        if (!('outcome' in e)) return { ip: e.ip, source: null, error: e.error };
        const o = e.outcome;
        if (o.kind !== 'ok')
          return { ip: e.ip, source: null, error: { kind: o.kind, message: cliMessage(o, 0, 'en') } };
        return { ip: e.ip, source: o.source, ...(fields.length ? picked(o) : { answer: o.body }) };
      });
      io.out(jsonText(all));
    }
  } else if (format === 'csv') {
    if (ok.length) {
      const { csvText } = await import('../csv');
      io.out(
        csvText(
          fields,
          ok.map((a) => fields.map((f) => value(a.outcome, f))),
        ),
      );
    }
  }
  if (code !== EXIT.ok) process.exitCode = code;
}

/** A field's value on one line of the summary (a service's text may hold newlines: they would forge rows). */
function text(v: unknown): string {
  return oneLine(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
}

/**
 * The fields a person looks at first, when the answer has them (--fields chooses others, --json shows all), labelled
 * and worded in the command's language (the service's texts as they came).
 */
export function summaryRows(a: Answer): Array<[string, string]> {
  const t = cliWords().w.cli.lookup;
  const join = (parts: Array<string | null>, sep: string) => {
    const kept = parts.filter((x): x is string => x !== null).filter((v, i, all) => all.indexOf(v) === i);
    return kept.length ? kept.join(sep) : null;
  };
  const rows: Array<[string, string | null]> = [
    [t.row.location, placeOf(a)],
    [t.row.network, join([a.organization, a.asn, a.network], ' · ')],
    [t.row.type, a.rangeType],
    [t.row.timezone, a.timezone?.id ?? null],
    [t.row.hostname, a.hostname],
  ];
  const security = a.security;
  if (security) {
    const flags = SECURITY_FLAGS.filter((f) => security.flags[f.id] === true).map((f) => t.flag[f.id]);
    const said = Object.values(security.flags).some((f) => f !== null);
    rows.push([t.row.security, flags.length ? flags.join(', ') : said ? t.nothingFlagged : t.unknown]);
    rows.push([t.row.threat, security.threatScore === null ? t.unknown : t.threatScore(security.threatScore)]);
  }
  return rows.filter((r): r is [string, string] => r[1] !== null);
}

function human(o: Answered, fields: string[], value: (a: Answered, f: string) => unknown): string {
  const data = record(o.body);
  let rows: Array<[string, string]>;
  if (fields.length) rows = fields.map((f) => [f, text(value(o, f))]);
  else {
    const answer = readAnswer(o.body);
    rows = answer ? summaryRows(answer) : [];
    if (rows.length === 0) rows = leaves(data).map(([k, v]) => [k, text(v)]);
  }
  const width = Math.min(32, Math.max(0, ...rows.map(([k]) => k.length)));
  // The address once, as the title: the location is a row of its own (the window's label would repeat it).
  const title = paint('bold', o.ip);
  return [title, ...rows.map(([k, v]) => `  ${paint('dim', k.padEnd(width))}  ${v}`)].join('\n');
}
