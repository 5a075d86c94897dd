/**
 * `lookup-tray bulk <file|->`: the app's bulk engine (electron/core/bulk) on the command line. Addresses are taken
 * out of any text, the cost is previewed (cache hits are free, the budget floor is kept), then the job runs paced to
 * the minute limit, in state.db like the window's jobs (the app sees it; the lease lets one process run it), and its
 * answers are exported (shared/file-formats.ts). The core runs the job from start to export in one call
 * (BulkJobs.runToEnd); this command reads the input, asks, and prints. Split by what it does: its options
 * (bulk-options.ts), the new job's cost preview and consent or the job --resume picks (bulk-preview.ts), the run and
 * how it ended (here), the output while it runs (bulk-progress.ts), where the rows go and `bulk export`
 * (bulk-export.ts), `bulk list` (bulk-list.ts).
 */
import type { BulkJobInfo, JobRunEnd, JobToRun } from '../../core/bulk/bulk-jobs';
import type { RunEnd } from '../../core/bulk/job-types';
import { OUTCOMES, isOutcomeKind } from '../../../shared/outcome-table';
import type { OneShot } from '../../core/app/one-shot';
import { CliError, EXIT, type ExitCode } from '../exit-codes';
import { paintErr, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { printReport } from '../report-text';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';
import { type BulkOptions, exportKv, parseFloor, exportChoice, assertWritable } from './bulk-options';
import { progressBar } from './bulk-progress';
import { exportSink, exportResumed } from './bulk-export';
import { resumeJob, newJob } from './bulk-preview';

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

/**
 * What a run's end says in the command's words: the job's note (a fact) when the job is there and ended as it says,
 * else the core's English sentence (no job, or another process runs it). A stop at the floor names --budget-floor.
 */
export function endWords(end: RunEnd, info: BulkJobInfo | null): string | null {
  const note = info && end.reason !== 'busy' && end.reason !== 'missing' ? info.note : null;
  return note ? cliWords().w.bulkNote.say(note, 'cli') : end.message;
}

/** How a run ended, on stderr: the job's sentence, and how to go on when addresses are left. */
function sayEnd(end: RunEnd, info: BulkJobInfo | null, io: Io): void {
  const message = endWords(end, info);
  if (message) io.err(end.state === 'finished' ? message : paintErr('yellow', message));
  const w = cliWords().w.cliBulk;
  if (end.state === 'paused' && end.reason === 'user') io.err(w.interrupted);
  else if (end.state !== 'finished' && info && info.left > 0) io.err(w.keptResume(end.reason === 'budget-floor'));
}

export async function run(ctx: OneShot, input: ActionInput<BulkOptions>, io: Io): Promise<void> {
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
  if (!r.job)
    throw new CliError(
      (r.end.note ? cliWords().w.bulkNote.say(r.end.note, 'cli') : r.end.message) ?? '',
      r.end.reason === 'missing' ? EXIT.failure : EXIT.noKey,
    );
  const exported = opts.resume ? exportResumed(jobs, r.job, leftAtStart, sink, io) : r.exported;
  await sink.close(exported ?? 0, r.job.id);
  if (opts.report)
    printReport(jobs, r.job.id, io, choice.out ? 'stdout' : 'stderr', ctx.appSettings.reports.threatThreshold);
  if (r.job.left === 0) ctx.db.writeKv(exportKv(r.job.id), undefined);
  const code = exitOf(r.end, r.job);
  if (code !== EXIT.ok) process.exitCode = code;
}

export async function bulkCommand(input: ActionInput<BulkOptions>, io: Io = processIo): Promise<void> {
  await withContext(input.global, (ctx) => run(ctx, input, io));
}
