/**
 * Removing a data folder right after the app that used it has closed. On Windows, Chromium's child processes (GPU,
 * utility, renderer) can still hold files in it for a moment after `app.close()` resolves, so a plain `rmSync` fails
 * with EBUSY or EPERM and turns the job red. This tries again with a growing wait, a bounded number of times, and then
 * fails naming the folder and the last error. Used by the `_electron` specs (test/electron/electron-env.ts) and the
 * real app's bench (bench/electron-bench.ts).
 */
import { rm as fsRm } from 'node:fs/promises';

/** The errors of a file still held by another process (Windows: EBUSY, EPERM; ENOTEMPTY while it lets go). */
export const HELD_CODES: ReadonlySet<string> = new Set(['EBUSY', 'EPERM', 'ENOTEMPTY', 'EMFILE', 'ENFILE']);

export interface RemoveDirOptions {
  rm?: (path: string, opts: { recursive: true; force: true }) => Promise<void>;
  sleep?: (ms: number) => Promise<void>;
  /** How many times rm is called at most (10). */
  tries?: number;
  /** The wait after the first failure; the n-th waits n times this (100 ms: at most 4.5 s in all by default). */
  delayMs?: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Removes `path` (recursively; a missing one is fine). Resolves with the number of tries it took. */
export async function removeDir(path: string, o: RemoveDirOptions = {}): Promise<number> {
  const { rm = fsRm, sleep = wait, tries = 10, delayMs = 100 } = o;
  for (let attempt = 1; ; attempt++) {
    try {
      await rm(path, { recursive: true, force: true });
      return attempt;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code ?? '';
      if (!HELD_CODES.has(code)) throw err;
      if (attempt >= tries)
        throw new Error(`could not remove ${path}: still ${code} after ${tries} tries`, { cause: err });
      await sleep(delayMs * attempt);
    }
  }
}
