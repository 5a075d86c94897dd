/**
 * `lookup-tray bulk --follow FILE`: a growing log followed as `tail -F` does (electron/core/bulk/follow.ts), its new
 * addresses looked up by one bulk job as lines arrive (paced, within the budget floor, the cache first), each answer
 * an NDJSON line on standard output as it comes (the shape of `bulk --format ndjson`). Ctrl+C or SIGTERM stops it:
 * the job is kept (`lookup-tray report` reads it), and `bulk --follow FILE --resume` goes on where the reading
 * stopped, without looking anything up again.
 */
import path from 'node:path';
import type { OneShot } from '../../core/app/one-shot';
import type { BulkJobInfo, BulkJobs } from '../../core/bulk/bulk-jobs';
import { floorCount, type BudgetFloor } from '../../core/bulk/cost';
import { writeExport } from '../../core/bulk/export';
import { LogFollow, type FollowEnd } from '../../core/bulk/follow';
import type { TailPosition } from '../../core/bulk/follow-tail';
import { nodeTailFs } from '../../core/bulk/node-tail-fs';
import { NO_SERVICE } from '../../core/bulk/messages';
import { cliWords } from '../cli-words';
import type { ActionInput } from '../action';
import { CliError, EXIT } from '../exit-codes';
import { escapeJsonControls, oneLine, paintErr, processIo, type Io } from '../output';
import { confirm } from '../prompt';
import { printReport } from '../report-text';
import { withContext } from '../with-context';
import { endWords, exitOf } from './bulk';
import { shortId } from './bulk-list';
import { parseFloor, type BulkOptions } from './bulk-options';

type FollowOpts = BulkOptions;

/** Where a follow of a file stands (state.db kv, keyed by the file's absolute path): its job and the reading. */
interface FollowState {
  jobId: string;
  at: TailPosition | null;
  lines: number;
}

const followKv = (file: string) => `cli.bulkFollow.${file}`;

function readState(ctx: OneShot, file: string): FollowState | null {
  const v = ctx.db.readKv(followKv(file)) as Record<string, unknown> | null;
  if (!v || typeof v !== 'object' || typeof v.jobId !== 'string') return null;
  const at = v.at as Record<string, unknown> | null;
  const pos =
    at && typeof at.id === 'string' && typeof at.offset === 'number' && at.offset >= 0
      ? { id: at.id, offset: at.offset }
      : null;
  return { jobId: v.jobId, at: pos, lines: typeof v.lines === 'number' && v.lines >= 0 ? v.lines : 0 };
}

/** What --follow cannot go with (its output is NDJSON on standard output, its input a file): usage errors. */
function refuseOptions(opts: FollowOpts, source: string | undefined): string {
  if (source === undefined || source === '-')
    throw new CliError('--follow follows a file: give its path (standard input cannot be followed).', EXIT.usage);
  const bad = [
    opts.out !== undefined && '--out',
    opts.format !== undefined && opts.format !== 'ndjson' && '--format',
    opts.fields !== undefined && '--fields',
    opts.bom && '--bom',
    opts.expandRanges && '--expand-ranges',
  ].filter((x): x is string => typeof x === 'string');
  if (bad.length)
    throw new CliError(
      `--follow writes NDJSON on standard output, one line per answer: ${bad.join(', ')} cannot go with it (lookup-tray bulk export JOB writes the job in any format).`,
      EXIT.usage,
    );
  return path.resolve(source);
}

/** The job to follow with: a new one, or (--resume) the one that followed this file, its floor changed when given. */
async function jobToFollow(
  ctx: OneShot,
  jobs: BulkJobs,
  file: string,
  opts: FollowOpts,
  floor: BudgetFloor,
  io: Io,
): Promise<{ job: BulkJobInfo; state: FollowState | null }> {
  if (opts.resume) {
    const state = readState(ctx, file);
    const job = state ? jobs.get(state.jobId) : null;
    if (!state || !job) throw new CliError(cliWords().w.cliBulk.follow.noneToResume(oneLine(file)), EXIT.usage);
    io.err(cliWords().w.cliBulk.follow.resuming(oneLine(file), shortId(job.id), job.left, job.total));
    return { job: opts.budgetFloor !== undefined ? (jobs.setFloor(job.id, floor) ?? job) : job, state };
  }
  const limit = ctx.service().state().month?.limit ?? null;
  if (!opts.yes) {
    const { w } = cliWords();
    const ask = w.cliBulk.follow.ask(oneLine(file), w.bulkPreview.floor(floor, floorCount(floor, limit), limit));
    if (!(await confirm(ask)))
      throw new CliError(
        process.stdin.isTTY ? w.cliBulk.follow.nothingSent : w.cliBulk.follow.needsYes,
        EXIT.needsConsent,
      );
  }
  const job = jobs.create({ addresses: [], label: path.basename(file), floor, origin: 'command line' });
  if (!job) throw new CliError(cliWords().w.bulkNote.say(NO_SERVICE, 'cli'), EXIT.noKey);
  return { job, state: null };
}

async function follow(ctx: OneShot, input: ActionInput<FollowOpts>, io: Io): Promise<void> {
  const { opts } = input;
  const file = refuseOptions(opts, input.args[0]);
  const floor = parseFloor(opts.budgetFloor);
  ctx.service(); // no base URL: refused here (exit 3)
  if (!(await ctx.vault.get(ctx.account()).catch(() => null)))
    throw new CliError('No API key yet. Run: lookup-tray key set', EXIT.noKey);
  const jobs = await ctx.bulkJobs();
  const { job, state } = await jobToFollow(ctx, jobs, file, opts, floor, io);
  const save = (at: TailPosition | null, lines: number) =>
    ctx.db.writeKv(followKv(file), { jobId: job.id, at, lines } satisfies FollowState);
  if (!state) save(null, 0);
  const write = (chunk: string) => void process.stdout.write(escapeJsonControls(chunk));
  const run = new LogFollow({
    jobs,
    jobId: job.id,
    path: file,
    fs: nodeTailFs,
    from: state?.at ?? null,
    linesBefore: state?.lines ?? 0,
    includeReserved: opts.includeReserved === true,
    onAnswers: (rows) => writeExport(rows, { format: 'ndjson' }, write),
    onPosition: save,
    onFloor: (end) => {
      const said = endWords(end, jobs.get(job.id));
      if (said) io.err(paintErr('yellow', said));
      io.err(cliWords().w.cliBulk.follow.stillFollowing);
    },
    onNotice: (m) => io.err(oneLine(m)),
  });
  // Ctrl+C or SIGTERM: the follow stops, the job is kept. (A reader of standard output gone, `| head`, ends the
  // process at once as for every command, run.ts: the answers are in state.db already, the position as of the last batch.)
  const stop = () => void run.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let ended: FollowEnd;
  try {
    io.err(cliWords().w.cliBulk.follow.started(oneLine(file), shortId(job.id)));
    await run.start();
    ended = await run.done;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  sayEnd(ended, jobs.get(job.id), file, io);
  if (opts.report) printReport(jobs, job.id, io, 'stderr', ctx.appSettings.reports.threatThreshold);
  const info = jobs.get(job.id);
  const code =
    ended.by === 'read'
      ? EXIT.invalidInput
      : ended.by === 'storage'
        ? EXIT.failure
        : ended.by === 'job' && ended.end
          ? exitOf(ended.end, info)
          : info && (info.left > 0 || info.failed > 0)
            ? EXIT.partialBulk
            : EXIT.ok;
  if (code !== EXIT.ok) process.exitCode = code;
}

function sayEnd(ended: FollowEnd, info: BulkJobInfo | null, file: string, io: Io): void {
  const said = ended.by === 'job' && ended.end ? endWords(ended.end, info) : null;
  if (said) io.err(paintErr('yellow', said));
  const w = cliWords().w.cliBulk.follow;
  if (ended.by === 'read') io.err(paintErr('red', w.cannotRead(oneLine(file), ended.code)));
  if (ended.by === 'storage') io.err(paintErr('red', w.notWritten(ended.code)));
  if (!info) return;
  io.err(w.stopped(oneLine(file), info, shortId(info.id)));
}

export async function bulkFollowCommand(input: ActionInput<FollowOpts>, io: Io = processIo): Promise<void> {
  await withContext(input.global, (ctx) => follow(ctx, input, io));
}
