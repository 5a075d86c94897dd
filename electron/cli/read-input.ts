/**
 * The input of `lookup-tray bulk FILE` / `bulk -`, read in chunks and handed to the extractor as it arrives
 * (electron/core/bulk/extract.ts: AddressExtractor): memory holds the addresses found and one line, never the whole
 * input, so a log of any size can be read. While reading, a progress line on stderr when that is a terminal (bytes
 * read of the total, addresses found, time left), nothing otherwise; Ctrl+C stops at once (exit 130, nothing sent).
 */
import { createReadStream, fstatSync, statSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { AddressExtractor, type ExtractOptions, type ExtractResult } from '../core/bulk/extract';
import { readProgressText } from '../../shared/read-progress';
import { CliError, EXIT } from './exit-codes';
import { oneLine, terminalSafe, type Io } from './output';

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

/**
 * Reads `source` (a path, or - for standard input) through the extractor. A file that cannot be read is "Cannot read
 * FILE (CODE)", exit 4, as before; Ctrl+C while reading is exit 130.
 */
export async function extractInput(source: string, opts: ExtractOptions, io: Io): Promise<ExtractResult> {
  const where = source === '-' ? 'standard input' : source;
  const total = sizeOf(source);
  const x = new AddressExtractor(opts);
  const stream: Readable = source === '-' ? process.stdin : createReadStream(source, { highWaterMark: CHUNK });
  const name = terminalSafe(oneLine(where));
  const started = performance.now();
  let bytes = 0;
  let shown = false;
  const draw = () => {
    shown = true;
    const elapsedMs = performance.now() - started;
    process.stderr.write(`\r\x1b[2K${readProgressText(name, { bytes, total, found: x.found, elapsedMs })}`);
  };
  let interrupted = false;
  const onSigint = () => {
    interrupted = true;
    stream.destroy();
  };
  process.once('SIGINT', onSigint);
  // Redrawn on a clock, not per chunk: a pipe that stalls (a slow producer) still shows where the reading is.
  const timer = io.errTty ? setInterval(draw, REDRAW_MS) : null;
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      x.writeBytes(buf);
    }
  } catch (err) {
    if (!interrupted) {
      const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
      throw new CliError(`Cannot read ${where} (${code}).`, EXIT.invalidInput);
    }
  } finally {
    process.off('SIGINT', onSigint);
    if (timer) clearInterval(timer);
    if (shown) process.stderr.write('\r\x1b[2K');
  }
  if (interrupted) throw new CliError(`Stopped reading ${where} (Ctrl+C): nothing was sent.`, EXIT.interrupted);
  return x.end();
}
