/**
 * Where `lookup-tray bulk` and `bulk export` write a job's rows: standard output (terminal-safe) or the --out file
 * (shared/file-formats.ts), and `bulk export JOB`: a job's results again; sends nothing.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { BulkJobInfo, BulkJobs } from '../../core/bulk/bulk-jobs';
import type { ExportOptions } from '../../core/bulk/export';
import { EXPORT_FORMATS } from '../../../shared/file-formats';
import { CliError, EXIT } from '../exit-codes';
import { escapeJsonControls, oneLine, processIo, terminalSafe, type Io } from '../output';
import { cliWords } from '../cli-words';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { type ExportChoice, formatOf, columnsOf, exportChoice, assertWritable } from './bulk-options';
import { shortId, jobNamed } from './bulk-list';

/** Where exported rows go: standard output (made terminal-safe) or the --out file, as `bulk` and `bulk export` write. */
interface ExportSink {
  options: ExportOptions;
  /** Opens the destination (the file is created only now); the writer of its chunks. */
  open(): (chunk: string) => void;
  /** Closes it once `rows` of job `jobId` were written: says so, or fails with what to run to get them again. */
  close(rows: number, jobId: string): Promise<void>;
}

export function exportSink(opts: ExportChoice, io: Io): ExportSink {
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
          cliWords().w.cliBulk.cannotWriteKept(
            oneLine(out),
            (failed as NodeJS.ErrnoException).code ?? 'error',
            shortId(jobId),
          ),
          EXIT.failure,
        );
      io.err(cliWords().w.cliBulk.wrote(rows, oneLine(out)));
    },
  };
}

/** A resumed job's rows, written only when the run looked something up (else nothing is written); the count. */
export function exportResumed(
  jobs: BulkJobs,
  job: BulkJobInfo,
  leftAtStart: number,
  sink: ExportSink,
  io: Io,
): number | null {
  if (job.left < leftAtStart) return jobs.export(job.id, sink.options, sink.open());
  io.err(cliWords().w.cliBulk.nothingNew(shortId(job.id)));
  return null;
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
    if (job.left > 0) io.err(cliWords().w.cliBulk.pendingExported(oneLine(job.label), job.left, job.total));
    const sink = exportSink(choice, io);
    await sink.close(jobs.export(job.id, sink.options, sink.open()) ?? 0, job.id);
  });
}
