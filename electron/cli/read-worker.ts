/**
 * The thread that reads `lookup-tray bulk`'s input (electron/cli/read-input.ts starts it): the extractor's work in a
 * heap of its own whose young generation is bounded (Worker `resourceLimits`), so a log of any size is read in
 * about 100 MB of memory. V8 grows a process's young generation while the addresses found survive its scavenges
 * (about 50 MB more on a 10 GB log with 100,000 addresses), and its size cannot be set from inside a running process.
 *
 * Messages to the starting thread: `{ bytes, found }` now and then, then `{ result }` or `{ error: code }`.
 */
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { AddressExtractor, type ExtractOptions, type ExtractResult } from '../core/bulk/extract';

export interface ReadJob {
  /** A path, or '-' for standard input (read from file descriptor 0: the process's, shared by its threads). */
  source: string;
  opts: ExtractOptions;
  /** Bytes per read (64 KiB: each chunk's text an ordinary young object, freed by the next scavenge). */
  chunk: number;
}

export type ReadMessage = { bytes: number; found: number } | { result: ExtractResult } | { error: string };

/** How often the reading thread tells how far it is. */
const TELL_MS = 100;

async function read(job: ReadJob, post: (m: ReadMessage) => void): Promise<void> {
  const x = new AddressExtractor(job.opts);
  const stream =
    job.source === '-'
      ? createReadStream('', { fd: 0, autoClose: false, highWaterMark: job.chunk })
      : createReadStream(job.source, { highWaterMark: job.chunk });
  let bytes = 0;
  let told = -1;
  // On a clock, not per chunk: a pipe that stalls still shows all it has read.
  const tell = () => {
    if (bytes === told) return;
    told = bytes;
    post({ bytes, found: x.found });
  };
  const timer = setInterval(tell, TELL_MS);
  try {
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      bytes += buf.length;
      x.writeBytes(buf);
    }
  } catch (err) {
    post({ error: (err as NodeJS.ErrnoException)?.code ?? 'error' });
    return;
  } finally {
    clearInterval(timer);
  }
  post({ bytes, found: x.found });
  post({ result: x.end() });
}

if (parentPort) {
  const port = parentPort;
  void read(workerData as ReadJob, (m) => port.postMessage(m));
}
