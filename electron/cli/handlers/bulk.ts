/**
 * `lookup-tray bulk <file|->`: the app's bulk engine (electron/core/bulk) on the command line. Addresses are taken
 * out of any text, the cost is previewed (cache hits are free, the budget floor is kept), then the job runs paced to
 * the minute limit, in state.db like the window's jobs (the app sees it; the lease lets one process run it), and its
 * answers are exported (shared/file-formats.ts). The core runs the job from start to export in one call
 * (BulkJobs.runToEnd); this command reads the input, asks, and prints. A progress bar on stderr when that is a
 * terminal, nothing otherwise.
 */
import { accessSync, constants, createWriteStream, statSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { DEFAULT_BUDGET_FLOOR, type BudgetFloor } from '../../core/bulk/cost';
import type { BulkJobInfo, BulkJobs, CreateJobRequest, JobRunEnd, JobToRun } from '../../core/bulk/bulk-jobs';
import { EXPORT_COLUMNS, isExportColumn, type ExportColumn, type ExportOptions } from '../../core/bulk/export';
import {
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  exportFormatOf,
  isExportFormat,
  type ExportFormat,
} from '../../../shared/file-formats';
import { noiseSentence, prepareBulk } from '../../core/bulk/prepare';
import type { BulkProgress, RunEnd } from '../../core/bulk/job-types';
import { formatCountdown } from '../../../shared/format';
import { profileLabel } from '../../../shared/settings';
import { OUTCOMES, isOutcomeKind } from '../../../shared/outcome-table';
import type { OneShot } from '../../core/app/one-shot';
import { CliError, EXIT, type ExitCode } from '../exit-codes';
import { escapeJsonControls, oneLine, paintErr, parseFields, processIo, terminalSafe, type Io } from '../output';
import type { ActionInput } from '../action';
import { confirm } from '../prompt';
import { extractInput } from '../read-input';
import { printReport } from '../report-text';
import { withContext } from '../with-context';

/** The options of `bulk` (and of `bulk --follow`, which refuses the ones it cannot take: bulk-follow.ts). */
export interface BulkOptions {
  out?: string;
  format?: string;
  fields?: string;
  bom?: boolean;
  budgetFloor?: string;
  yes?: boolean;
  resume?: boolean;
  includeReserved?: boolean;
  expandRanges?: boolean;
  report?: boolean;
  /** Follow the file as it grows (bulk-follow.ts). */
  follow?: boolean;
}

/** Where a job's results go, as its first run was told: --resume writes them the same way unless told otherwise. */
interface ExportChoice {
  out?: string;
  format?: string;
  fields?: string;
  /** CSV begins with a byte-order mark (--bom). */
  bom?: boolean;
}

/** state.db kv of a job's export choice (the CLI's own: the job's rows are the core's). */
const exportKv = (jobId: string) => `cli.bulkExport.${jobId}`;

function readExportChoice(ctx: OneShot, jobId: string): ExportChoice {
  const v = ctx.db.readKv(exportKv(jobId));
  if (v === null || typeof v !== 'object') return {};
  const pick = (k: keyof ExportChoice) => {
    const x = (v as Record<string, unknown>)[k];
    return typeof x === 'string' ? { [k]: x } : {};
  };
  const bom = (v as Record<string, unknown>).bom === true ? { bom: true } : {};
  return { ...pick('out'), ...pick('format'), ...pick('fields'), ...bom };
}

/** "50" (requests) or "5%" (of the month limit). */
export function parseFloor(raw: string | undefined): BudgetFloor {
  if (raw === undefined) return DEFAULT_BUDGET_FLOOR;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(raw);
  if (!m)
    throw new CliError(
      `--budget-floor must be a number of requests (e.g. 500) or a share (e.g. 5%), not "${raw}".`,
      EXIT.usage,
    );
  const n = Number(m[1]);
  if (m[2]) {
    if (n > 100) throw new CliError('--budget-floor as a share must be at most 100%.', EXIT.usage);
    return { percent: n };
  }
  if (!Number.isInteger(n)) throw new CliError('--budget-floor in requests must be a whole number.', EXIT.usage);
  return { count: n };
}

/**
 * The format of an export: --format, else --out's extension, else CSV. An --out whose extension is not a format
 * ("x.xlsx") without --format is refused: its content would not be what its name says.
 */
function formatOf(opts: { out?: string; format?: string }): ExportFormat {
  const ext = opts.out === undefined ? '' : path.extname(opts.out).slice(1);
  const byName = opts.out === undefined ? null : exportFormatOf(opts.out);
  if (opts.format === undefined && ext !== '' && byName === null)
    throw new CliError(
      `--out ${oneLine(path.basename(opts.out ?? ''))}: .${oneLine(ext)} is not a format lookup-tray writes. ` +
        `Name the file ${EXPORT_FORMAT_IDS.map((id) => `.${EXPORT_FORMATS[id].extension}`).join(', ')}, or give --format (${EXPORT_FORMAT_IDS.join(', ')}). Nothing was written.`,
      EXIT.usage,
    );
  const f = opts.format ?? byName ?? 'csv';
  if (!isExportFormat(f))
    throw new CliError(`--format must be one of ${EXPORT_FORMAT_IDS.join(', ')}, not "${f}".`, EXIT.usage);
  return f;
}

export function columnsOf(raw: string | undefined): ExportColumn[] | undefined {
  const fields = parseFields(raw);
  const bad = fields.filter((f) => !isExportColumn(f));
  if (bad.length)
    throw new CliError(
      `Unknown field ${bad.map((b) => `"${b}"`).join(', ')}. Fields: ${Object.keys(EXPORT_COLUMNS).join(', ')}.`,
      EXIT.usage,
    );
  return fields.length ? (fields as ExportColumn[]) : undefined;
}

/**
 * Why `file` cannot take the results (a missing folder, a folder given as the file, no permission), or null. Checked
 * before anything is sent: a run's answers must not be spent and then have nowhere to go.
 */
export function unwritable(file: string): string | null {
  let isFile = false;
  try {
    const st = statSync(file);
    if (st.isDirectory()) return `${file} is a folder: give a file name for --out.`;
    isFile = true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return `Cannot write ${file} (${code ?? 'error'}).`;
  }
  const dir = path.dirname(file);
  try {
    if (!statSync(dir).isDirectory()) return `Cannot write ${file}: ${dir} is not a folder.`;
  } catch {
    return `Cannot write ${file}: the folder ${dir} does not exist.`;
  }
  try {
    accessSync(isFile ? file : dir, constants.W_OK);
  } catch {
    return isFile ? `Cannot write ${file}: no permission to change it.` : `Cannot write in ${dir}: no permission.`;
  }
  return null;
}

/** --out, --format and --fields as one export choice, the format and fields checked (usage errors) before anything. */
function exportChoice(opts: { out?: string; format?: string; fields?: string; bom?: boolean }): ExportChoice {
  const choice: ExportChoice = {
    ...(opts.out !== undefined ? { out: path.resolve(opts.out) } : {}),
    ...(opts.format !== undefined ? { format: opts.format } : {}),
    ...(opts.fields !== undefined ? { fields: opts.fields } : {}),
    ...(opts.bom === true ? { bom: true } : {}),
  };
  checkChoice(choice);
  return choice;
}

/** The choice's format and fields checked (usage errors): --bom is for CSV only. */
function checkChoice(choice: ExportChoice): void {
  const format = formatOf(choice);
  columnsOf(choice.fields);
  if (choice.bom && format !== 'csv')
    throw new CliError(`--bom is for CSV: ${EXPORT_FORMATS[format].label} has no byte-order mark.`, EXIT.usage);
}

/** Refuses an --out that cannot be written (exit 4), before anything is done; `then` is said after the reason. */
export function assertWritable(out: string | undefined, then = ' Nothing was sent.'): void {
  const why = out === undefined ? null : unwritable(out);
  if (why !== null) throw new CliError(`${oneLine(why)}${then}`, EXIT.invalidInput);
}

/** The exit code of how a run ended. */
export function exitOf(end: RunEnd, info: BulkJobInfo | null): ExitCode {
  if (end.state === 'finished') return info && info.failed > 0 ? EXIT.partialBulk : EXIT.ok;
  const reason = end.reason;
  if (reason !== null && isOutcomeKind(reason)) return EXIT[OUTCOMES[reason].exit]; // the outcome that stopped it
  switch (reason) {
    case 'network':
      return EXIT.network;
    case 'busy':
    case 'missing':
      return EXIT.failure;
    case 'budget-floor':
    case 'month-exhausted':
    case 'storage':
    case 'user':
    case 'interrupted':
    case 'profile':
    case 'stalled':
    case 'long-wait':
    case null:
      return EXIT.partialBulk; // some addresses are left
    default:
      return EXIT.partialBulk; // a reason state.db holds from a newer build
  }
}

/** A progress bar on stderr (cli-progress), only when stderr is a terminal. */
async function progressBar(io: Io, total: number): Promise<{ update(p: BulkProgress): void; stop(): void }> {
  if (!io.errTty) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      // {left}, not {eta}: cli-progress fills {eta} with its own estimate, whatever the payload says.
      format: '{bar} {value}/{total} | {sent} sent, {cached} from the cache, {failed} failed | {rate} | {left}',
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { sent: 0, cached: 0, failed: 0, rate: '…', left: '…' });
  let stopped = false;
  return {
    update: (p) =>
      bar.update(p.done + p.failed, {
        sent: p.sent,
        cached: p.fromCache,
        failed: p.failed,
        rate: paceText(p),
        left: timeLeft(p),
      }),
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

/**
 * The bar's pace: "paced to 10/min" when the job paces to a minute limit; the answers of the last 60 s otherwise
 * ("42/min"). Not that count under a limit: paced across two of the service's minute windows, 60 s can hold the end
 * of one and the start of the next (19 at 10 a minute), which reads as over the limit when it is not.
 */
export function paceText(p: Pick<BulkProgress, 'minuteLimit' | 'ratePerMinute'>): string {
  return p.minuteLimit !== null ? `paced to ${p.minuteLimit}/min` : `${p.ratePerMinute}/min`;
}

/** The bar's last field: the time left, or what the job waits for. */
export function timeLeft(p: BulkProgress): string {
  if (p.left === 0 || p.state === 'finished') return 'done';
  if (p.waitingUntil !== null) return 'waiting for the limit';
  if (p.state === 'paused' || p.state === 'stopped') return p.state;
  return p.etaMs === null ? '…' : `${formatCountdown(p.etaMs)} left`;
}

/** Where exported rows go: standard output (made terminal-safe) or the --out file, as `bulk` and `bulk export` write. */
interface ExportSink {
  options: ExportOptions;
  /** Opens the destination (the file is created only now); the writer of its chunks. */
  open(): (chunk: string) => void;
  /** Closes it once `rows` of job `jobId` were written: says so, or fails with what to run to get them again. */
  close(rows: number, jobId: string): Promise<void>;
}

function exportSink(opts: ExportChoice, io: Io): ExportSink {
  const options: ExportOptions = { format: formatOf(opts), columns: columnsOf(opts.fields), bom: opts.bom === true };
  const out = opts.out;
  if (!out) {
    // Printed: made terminal-safe like all output (JSON keeps every character, as \u escapes). A file gets the data as is.
    const safe = EXPORT_FORMATS[options.format].json ? escapeJsonControls : terminalSafe;
    return { options, open: () => (chunk) => void process.stdout.write(safe(chunk)), close: async () => undefined };
  }
  let file: WriteStream | null = null;
  let failed: NodeJS.ErrnoException | null = null;
  return {
    options,
    open: () => {
      const f = (file = createWriteStream(out));
      f.on('error', (e) => (failed = e));
      return (chunk) => void f.write(chunk);
    },
    close: async (rows, jobId) => {
      if (!file) return;
      file.end();
      await once(file, 'close').catch(() => undefined);
      if (failed)
        throw new CliError(
          `Cannot write ${out} (${(failed as NodeJS.ErrnoException).code ?? 'error'}). The answers are kept: lookup-tray bulk export ${shortId(jobId)} --out FILE writes them.`,
          EXIT.failure,
        );
      io.err(`Wrote ${rows} row${rows === 1 ? '' : 's'} to ${out}.`);
    },
  };
}

/** The job --resume picks: the newest of the profile's that has addresses left and is not running elsewhere. */
function resumable(jobs: BulkJobs): BulkJobInfo | null {
  const interrupted = new Set(jobs.interrupted());
  return (
    jobs
      .list()
      .find(
        (j) =>
          j.left > 0 && (interrupted.has(j.id) || j.state === 'paused' || j.state === 'stopped' || j.state === 'ready'),
      ) ?? null
  );
}

/**
 * --resume: the job to go on with. Its results go where this command line says, and only there: the export choice kept
 * with the job (state.db, which a folder someone hands over may have written) is shown as a suggestion, never followed.
 */
function resumeJob(
  ctx: OneShot,
  jobs: BulkJobs,
  given: ExportChoice,
  io: Io,
): { job: BulkJobInfo; choice: ExportChoice } {
  const job = resumable(jobs);
  if (!job)
    throw new CliError('No bulk job to resume: every job finished, or one runs in another process.', EXIT.usage);
  io.err(`Resuming "${job.label}": ${job.left} of ${job.total} left.`);
  const hint = keptChoiceHint(readExportChoice(ctx, job.id), given);
  if (hint) io.err(hint);
  return { job, choice: given };
}

/** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/**
 * The export choice kept with a job that this command line does not repeat, as a suggestion to copy (each value
 * quoted for a shell, a long one left out), or null. Kept values are data from the folder: shown, never used.
 */
export function keptChoiceHint(saved: ExportChoice, given: ExportChoice): string | null {
  const kept = (['out', 'format', 'fields'] as const).filter(
    (k) => saved[k] !== undefined && given[k] === undefined && saved[k].length <= 300,
  );
  if (!kept.length) return null;
  const where = given.out === undefined ? 'standard output' : shellWord(given.out);
  return `It was started with ${kept.map((k) => `--${k} ${shellWord(oneLine(saved[k]!))}`).join(' ')}: this run writes to ${where} as its own options say (give them again to use them).`;
}

/**
 * A new job's addresses out of the input, what they cost (on stderr), and consent to send (--yes or the prompt).
 * Sends nothing; creates nothing.
 */
async function newJob(
  ctx: OneShot,
  jobs: BulkJobs,
  input: ActionInput<BulkOptions>,
  floor: BudgetFloor,
  io: Io,
): Promise<CreateJobRequest> {
  const { opts } = input;
  const source = input.args[0];
  if (source === undefined)
    throw new CliError('Give a file of addresses, or - for standard input (or --resume).', EXIT.usage);
  const found = await extractInput(
    source,
    { includeReserved: opts.includeReserved === true, expandRanges: opts.expandRanges === true },
    io,
  );
  if (found.rangeMessage) throw new CliError(found.rangeMessage, EXIT.invalidInput);
  for (const bad of found.invalid.slice(0, 5)) io.err(`line ${bad.line}: ${bad.message}`);
  if (found.invalidCount > 5) io.err(`… and ${found.invalidCount - 5} more entries that are not addresses.`);
  const noise = noiseSentence(found);
  if (noise !== null) io.err(oneLine(noise));
  if (found.excluded.length)
    io.err(
      `${found.excluded.length} private or reserved address${found.excluded.length === 1 ? '' : 'es'} left out (--include-reserved keeps them).`,
    );
  if (found.duplicates)
    io.err(`${found.duplicates} repeated address${found.duplicates === 1 ? '' : 'es'} looked up once.`);
  const where = source === '-' ? 'standard input' : source;
  const ips = found.addresses.map((a) => a.ip);
  const preview = ips.length > 0 ? jobs.preview(ips, floor) : null;
  // The same preview as the window's (electron/core/bulk/prepare.ts): the cost, then the ranges not counted in it.
  const prepared = prepareBulk(found, preview, '--expand-ranges');
  if (found.addresses.length === 0)
    throw new CliError(
      prepared.rangesNote
        ? `${where}: ${oneLine(prepared.previewLines.join(' '))}`
        : `No IP addresses found in ${where}.`,
      EXIT.invalidInput,
    );
  for (const line of prepared.previewLines)
    io.err(line.startsWith('Budget floor:') ? line.replace(/\.$/, ' (--budget-floor sets it).') : oneLine(line));
  if (preview && preview.toSend > 0) {
    if (!(await ctx.vault.get(ctx.account()).catch(() => null)))
      throw new CliError('No API key yet. Run: lookup-tray key set', EXIT.noKey);
    if (!opts.yes) {
      const most = preview.sendable === null ? preview.toSend : Math.min(preview.toSend, preview.sendable);
      const ask = `Send up to ${most} request${most === 1 ? '' : 's'}?`;
      if (!(await confirm(ask)))
        throw new CliError(
          process.stdin.isTTY && source !== '-'
            ? 'Nothing sent.'
            : `This spends up to ${preview.toSend} request${preview.toSend === 1 ? '' : 's'}: add --yes to go ahead.`,
          EXIT.needsConsent,
        );
    }
  }
  // Labelled by the file's name, not its path: the label lands in report titles and tickets.
  const label = source === '-' ? 'stdin' : path.basename(source);
  return { addresses: found.addresses, label, floor, origin: 'command line' };
}

/** How a run ended, on stderr: the job's sentence, and how to go on when addresses are left. */
function sayEnd(end: RunEnd, info: BulkJobInfo | null, io: Io): void {
  const floorHint = 'lookup-tray bulk --resume --budget-floor N (requests, or a share such as 1%)';
  const message =
    end.reason === 'budget-floor' && end.message
      ? end.message.replace('resume with a lower floor', `resume with a lower floor: ${floorHint}`)
      : end.message;
  if (message) io.err(end.state === 'finished' ? message : paintErr('yellow', message));
  if (end.state === 'paused' && end.reason === 'user') io.err('Interrupted: run "lookup-tray bulk --resume" to go on.');
  else if (end.state !== 'finished' && info && info.left > 0)
    io.err(
      end.reason === 'budget-floor'
        ? `The answers so far are kept: "lookup-tray bulk --resume" goes on later, with a lower --budget-floor now.`
        : 'The answers so far are kept: "lookup-tray bulk --resume" goes on later.',
    );
}

async function run(ctx: OneShot, input: ActionInput<BulkOptions>, io: Io): Promise<void> {
  const { opts } = input;
  const given = exportChoice(opts);
  assertWritable(given.out);
  const floor = parseFloor(opts.budgetFloor);
  ctx.service(); // no base URL: refused here (exit 3), before the input is read
  const jobs = await ctx.bulkJobs();
  let what: JobToRun;
  let choice = given;
  let total: number;
  if (opts.resume) {
    const r = resumeJob(ctx, jobs, given, io);
    what = { resume: r.job.id, ...(opts.budgetFloor !== undefined ? { floor } : {}) };
    choice = r.choice;
    total = r.job.total;
  } else {
    const create = await newJob(ctx, jobs, input, floor, io);
    what = { create };
    total = create.addresses.length;
  }

  const sink = exportSink(choice, io);
  const bar = await progressBar(io, total);
  // Ctrl+C pauses the job: the answers in flight are kept, the results so far written, "--resume" goes on.
  const interrupt = new AbortController();
  const onSigint = () => interrupt.abort();
  process.once('SIGINT', onSigint);
  const stop = () => {
    process.off('SIGINT', onSigint);
    bar.stop();
  };
  let r: JobRunEnd;
  let leftAtStart = total;
  try {
    r = await jobs.runToEnd(what, {
      // Where its results went is kept with the job: --resume shows it as a suggestion.
      onStart: (job) => {
        leftAtStart = job.left;
        if (Object.keys(choice).length > 0) ctx.db.writeKv(exportKv(job.id), choice);
      },
      onProgress: (p) => bar.update(p),
      signal: interrupt.signal,
      onEnd: (end, info) => {
        stop();
        sayEnd(end, info, io);
      },
      // A resumed job's rows are written below, only when this run looked something up.
      ...(opts.resume ? {} : { exportTo: { options: sink.options, open: sink.open } }),
    });
  } finally {
    stop();
  }
  if (!r.job) throw new CliError(r.end.message ?? '', r.end.reason === 'missing' ? EXIT.failure : EXIT.noKey);
  const exported = opts.resume ? exportResumed(jobs, r.job, leftAtStart, sink, io) : r.exported;
  await sink.close(exported ?? 0, r.job.id);
  if (opts.report)
    printReport(jobs, r.job.id, io, choice.out ? 'stdout' : 'stderr', ctx.appSettings.reports.threatThreshold);
  if (r.job.left === 0) ctx.db.writeKv(exportKv(r.job.id), undefined);
  const code = exitOf(r.end, r.job);
  if (code !== EXIT.ok) process.exitCode = code;
}

/** A resumed job's rows, written only when the run looked something up (else nothing is written); the count. */
function exportResumed(jobs: BulkJobs, job: BulkJobInfo, leftAtStart: number, sink: ExportSink, io: Io): number | null {
  if (job.left < leftAtStart) return jobs.export(job.id, sink.options, sink.open());
  io.err(
    `Nothing new was looked up, so nothing was written: lookup-tray bulk export ${shortId(job.id)} writes what it holds.`,
  );
  return null;
}

/** A job's id as `bulk list` shows it (its first 8 characters; `bulk export` takes any unique beginning). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The job an id or the beginning of one names (any profile's), or a usage error. */
export function jobNamed(jobs: BulkJobs, given: string | undefined): BulkJobInfo {
  const want = (given ?? '').trim();
  if (want === '') throw new CliError('Give the job: lookup-tray bulk list shows them.', EXIT.usage);
  const all = jobs.list(null, 10_000);
  const exact = all.find((j) => j.id === want);
  if (exact) return exact;
  const matches = all.filter((j) => j.id.startsWith(want));
  if (matches.length === 1) return matches[0] as BulkJobInfo;
  throw new CliError(
    matches.length === 0
      ? `No bulk job "${oneLine(want)}": lookup-tray bulk list shows them.`
      : `"${oneLine(want)}" begins ${matches.length} jobs' ids: give more of it.`,
    EXIT.usage,
  );
}

/** "2026-11-26 10:30 +01:00": local time with its offset from UTC, so the zone is never a guess. */
export function when(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const east = -d.getTimezoneOffset();
  const zone = `${east < 0 ? '-' : '+'}${p(Math.floor(Math.abs(east) / 60))}:${p(Math.abs(east) % 60)}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())} ${zone}`;
}

/** `lookup-tray bulk list`: every job of the data folder, newest first, finished ones included. */
export async function bulkListCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const jobs = await ctx.bulkJobs();
    const interrupted = new Set(jobs.interrupted());
    const list = jobs.list(null, 10_000);
    const state = (j: BulkJobInfo) => (interrupted.has(j.id) ? 'interrupted' : j.state);
    if (input.opts.json) {
      const rows = list.map((j) => ({
        id: j.id,
        label: j.label,
        profile: j.profile,
        origin: j.origin ?? null,
        demo: j.demo === true,
        state: state(j),
        total: j.total,
        done: j.done,
        fromCache: j.fromCache,
        failed: j.failed,
        left: j.left,
        sent: j.sent,
        createdAt: new Date(j.createdAt).toISOString(),
      }));
      io.out(escapeJsonControls(JSON.stringify(rows, null, 2)));
      return;
    }
    if (list.length === 0) {
      io.err('No bulk jobs yet: lookup-tray bulk FILE starts one.');
      return;
    }
    const header = ['ID', 'STATE', 'DONE', 'FAILED', 'LEFT', 'TOTAL', 'CREATED', 'FROM', 'PROFILE', 'LABEL'];
    const rows = list.map((j) => [
      shortId(j.id),
      state(j),
      String(j.done),
      String(j.failed),
      String(j.left),
      String(j.total),
      when(j.createdAt),
      j.origin ?? '-',
      terminalSafe(oneLine(profileLabel(j.profile))),
      terminalSafe(oneLine(j.label)) + (j.demo ? ' (DEMO)' : ''),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
    const numeric = new Set([2, 3, 4, 5]);
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
        .join('  ');
    io.out([line(header), ...rows.map(line)].join('\n'));
    io.err("lookup-tray bulk export ID --out FILE writes a job's results again.");
  });
}

/** `lookup-tray bulk export JOB [--out FILE] [--format F] [--fields …]`: a job's results again; sends nothing. */
export async function bulkExportCommand(
  input: ActionInput<{ out?: string; format?: string; fields?: string; bom?: boolean }>,
  io: Io = processIo,
): Promise<void> {
  const { opts } = input;
  const choice = exportChoice(opts);
  assertWritable(choice.out, '');
  await withContext(input.global, async (ctx) => {
    const jobs = await ctx.bulkJobs();
    const job = jobNamed(jobs, input.args[0]);
    if (job.left > 0)
      io.err(
        `"${oneLine(job.label)}" has ${job.left} of ${job.total} addresses not looked up yet: they are exported as pending.`,
      );
    const sink = exportSink(choice, io);
    await sink.close(jobs.export(job.id, sink.options, sink.open()) ?? 0, job.id);
  });
}

export async function bulkCommand(input: ActionInput<BulkOptions>, io: Io = processIo): Promise<void> {
  await withContext(input.global, (ctx) => run(ctx, input, io));
}
