/**
 * The input of `lookup-tray bulk FILE` / `bulk -`, read in chunks and handed to the extractor as it arrives
 * (electron/core/bulk/extract.ts: AddressExtractor): memory holds the addresses found and one line, never the whole
 * input, so a log of any size can be read. While reading, a progress line on stderr when that is a terminal (bytes
 * read of the total, addresses found, time left), nothing otherwise; Ctrl+C stops at once (exit 130, nothing sent).
 */
import { createReadStream, existsSync, fstatSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { AddressExtractor, type ExtractOptions, type ExtractResult } from '../core/bulk/extract';
import { readProgressText } from '../../shared/read-progress';
import { CliError, EXIT } from './exit-codes';
import { oneLine, terminalSafe, type Io } from './output';
import type { ReadJob, ReadMessage } from './read-worker';
import { cliWords } from './cli-words';

/**
 * Bytes per read: 64 KiB, so each chunk's text is an ordinary young object that the next minor GC frees (a 1 MiB string
 * goes to V8's large-object space, freed only by a full GC: more memory, and slower here).
 */
const CHUNK = 1 << 16;
/** How often the progress line is redrawn. */
const REDRAW_MS = 250;

/** The size of what `source` names when it is a regular file (a pipe has none). */
function sizeOf(source: string): number | null {
  try {
    const st = source === '-' ? fstatSync(0) : statSync(source);
    return st.isFile() ? st.size : null;
  } catch {
    return null;
  }
}

/** The reading thread's built file (out/cli/chunks/read-worker.js), from a chunk or from the command's entry. */
function workerFile(): URL | null {
  for (const rel of ['./read-worker.js', './chunks/read-worker.js']) {
    const u = new URL(rel, import.meta.url);
    if (existsSync(u)) return u;
  }
  return null;
}

/**
 * The reading thread's young generation, in MB. The process's own grows to 48 MB while the addresses found survive
 * its scavenges: a 1 GB log with 100,000 addresses peaked at 153 MB read here, 126–130 MB in the thread with 4–8 MB
 * (8 about as fast as unbounded; 4 a few percent slower). docs/performance.md, "Reading a log".
 */
const YOUNG_MB = 8;

/**
 * Reads `source` (a path, or - for standard input) through the extractor, in a thread of its own (read-worker.ts)
 * when the command is built, else here. A file that cannot be read is "Cannot read FILE (CODE)", exit 4, as before;
 * Ctrl+C while reading is exit 130.
 */
export async function extractInput(source: string, opts: ExtractOptions, io: Io): Promise<ExtractResult> {
  const where = source === '-' ? cliWords().w.cli.input.stdin : source;
  const total = sizeOf(source);
  const name = terminalSafe(oneLine(where));
  const started = performance.now();
  let progress = { bytes: 0, found: 0 };
  let shown = false;
  const draw = () => {
    shown = true;
    const elapsedMs = performance.now() - started;
    process.stderr.write(`\r\x1b[2K${readProgressText(name, { ...progress, total, elapsedMs })}`);
  };
  let stop: () => void = () => {};
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    stop();
  };
  process.once('SIGINT', onSigint);
  // Redrawn on a clock, not per chunk: a pipe that stalls (a slow producer) still shows where the reading is.
  const timer = io.errTty ? setInterval(draw, REDRAW_MS) : null;
  const job: ReadJob = { source, opts, chunk: CHUNK };
  let outcome: { result: ExtractResult } | { error: string } | null;
  try {
    const file = workerFile();
    outcome = file
      ? await inThread(
          file,
          job,
          (p) => (progress = p),
          (s) => (stop = s),
        )
      : await here(
          job,
          (p) => (progress = p),
          (s) => (stop = s),
        );
  } finally {
    process.off('SIGINT', onSigint);
    if (timer) clearInterval(timer);
    if (shown) process.stderr.write('\r\x1b[2K');
  }
  if (interrupted || outcome === null) throw new CliError(cliWords().w.cli.input.stopped(where), EXIT.interrupted);
  if ('error' in outcome)
    throw new CliError(cliWords().w.cli.input.cannotRead(where, outcome.error), EXIT.invalidInput);
  return outcome.result;
}

type Progress = { bytes: number; found: number };
type Outcome = { result: ExtractResult } | { error: string } | null;

/** The reading thread; null when stopped. */
function inThread(
  file: URL,
  job: ReadJob,
  onProgress: (p: Progress) => void,
  onStop: (stop: () => void) => void,
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const w = new Worker(file, { workerData: job, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_MB } });
    let settled = false;
    const end = (o: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(o);
      void w.terminate();
    };
    onStop(() => end(null));
    w.on('message', (m: ReadMessage) => {
      if ('result' in m || 'error' in m) end(m);
      else onProgress(m);
    });
    w.on('error', (err) => (settled ? undefined : ((settled = true), reject(err))));
    w.on('exit', () => end(null));
  });
}

/** In this thread (the command run from its sources, as some tests do). */
async function here(
  job: ReadJob,
  onProgress: (p: Progress) => void,
  onStop: (stop: () => void) => void,
): Promise<Outcome> {
  const x = new AddressExtractor(job.opts);
  const stream: Readable =
    job.source === '-' ? process.stdin : createReadStream(job.source, { highWaterMark: job.chunk });
  let stopped = false;
  onStop(() => {
    stopped = true;
    stream.destroy();
  });
  let bytes = 0;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      x.writeBytes(buf);
      onProgress({ bytes, found: x.found });
    }
  } catch (err) {
    if (stopped) return null;
    return { error: (err as NodeJS.ErrnoException)?.code ?? 'error' };
  }
  return stopped ? null : { result: x.end() };
}
