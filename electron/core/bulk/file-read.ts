/**
 * The window's "Open file…" and drop, read in the core (docs/bulk.md, "Reading a file"): the renderer never holds the
 * file and can never name a path. A path becomes readable only when the shell grants it — the open dialog's answer,
 * or a real drop turned into a path by the preload (webUtils.getPathForFile) — and the renderer refers to it by an
 * opaque id. The file is read in 64 KiB chunks through the CLI's AddressExtractor (the same result as
 * `lookup-tray bulk FILE`), one chunk at a time: Cancel stops before the next read, so no byte is read after it.
 */
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import { AddressExtractor, type ExtractOptions, type ExtractResult } from './extract';
import type { BulkRefusal } from '../../../shared/bulk';

/** Bytes per read, as the CLI's (electron/cli/read-input.ts). */
export const FILE_CHUNK = 1 << 16;
/** Progress is reported every 200 ms, and at every 1/200 of the file (at least 1 MiB) read. */
const PROGRESS_MS = 200;
const PROGRESS_MIN_BYTES = 1 << 20;
/** At most this many files are granted at once (the oldest is forgotten first). */
const MAX_GRANTED = 20;

/** A file the shell granted: what the renderer sees of it (never the path). */
export interface GrantedFile {
  id: string;
  /** The file's name (no folder), at most 200 characters. */
  name: string;
  size: number;
}

export interface FileReadProgress {
  id: string;
  bytes: number;
  total: number;
  found: number;
  elapsedMs: number;
}

/** The part of a FileHandle the reader uses (tests wrap it to count reads). */
export interface ReadHandle {
  read(buffer: Uint8Array, offset: number, length: number, position: number | null): Promise<{ bytesRead: number }>;
  close(): Promise<void>;
}

export interface FileReadsDeps {
  now: () => number;
  /** Opens a granted path for reading (default: fs.promises.open). */
  open?: (path: string) => Promise<ReadHandle>;
  /** Awaited before every chunk is read (the web preview's test gate makes a read controllably slow); default none. */
  beforeChunk?: () => Promise<void>;
}

export type FileReadOutcome =
  { kind: 'read'; result: ExtractResult } | { kind: 'cancelled' } | { kind: 'refused'; refusal: BulkRefusal };

interface Grant {
  path: string;
  file: GrantedFile;
}

/** Granted files, their reads in progress, and the last result of each (for Start after the cost preview). */
export class FileReads {
  private readonly granted = new Map<string, Grant>();
  private readonly running = new Map<string, { cancelled: boolean }>();
  private readonly results = new Map<string, { key: string; result: ExtractResult }>();

  constructor(private readonly deps: FileReadsDeps) {}

  /**
   * Grants `path` (only the shell calls this: a dialog's answer or a real drop). A path that is not a regular file
   * is refused with null.
   */
  async grant(path: string): Promise<GrantedFile | null> {
    if (typeof path !== 'string' || path === '') return null;
    let size: number;
    try {
      const st = await fs.stat(path);
      if (!st.isFile()) return null;
      size = st.size;
    } catch {
      return null;
    }
    const file: GrantedFile = { id: randomUUID(), name: basename(path).slice(0, 200), size };
    this.granted.set(file.id, { path, file });
    while (this.granted.size > MAX_GRANTED) {
      const oldest = this.granted.keys().next().value as string;
      this.forget(oldest);
    }
    return file;
  }

  /** The granted file `id`, or null: an id the shell did not grant is refused. */
  file(id: string): GrantedFile | null {
    return this.granted.get(id)?.file ?? null;
  }

  /** Drops a granted file and its result. */
  forget(id: string): void {
    this.cancel(id);
    this.granted.delete(id);
    this.results.delete(id);
  }

  /** Stops the read of `id` before its next chunk (no-op when none runs). */
  cancel(id: string): void {
    const run = this.running.get(id);
    if (run) run.cancelled = true;
  }

  /**
   * Reads the granted file `id` through the extractor, reporting progress every 200 ms and every 1/200 of the file
   * (at least 1 MiB); the same options read again give the kept result without reading.
   */
  async read(
    id: string,
    opts: ExtractOptions,
    onProgress: (p: FileReadProgress) => void = () => {},
  ): Promise<FileReadOutcome> {
    const grant = this.granted.get(id);
    if (!grant) return { kind: 'refused', refusal: { kind: 'not-opened' } };
    const key = optionsKey(opts);
    const kept = this.results.get(id);
    if (kept?.key === key) return { kind: 'read', result: kept.result };
    this.cancel(id);
    const run = { cancelled: false };
    this.running.set(id, run);
    try {
      const result = await this.readFile(grant, opts, run, onProgress);
      if (!result) return { kind: 'cancelled' };
      this.results.set(id, { key, result });
      return { kind: 'read', result };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException)?.code ?? 'error';
      return {
        kind: 'refused',
        refusal: { kind: 'cannot-read', name: grant.file.name, code: String(code).slice(0, 40) },
      };
    } finally {
      if (this.running.get(id) === run) this.running.delete(id);
    }
  }

  private async readFile(
    grant: Grant,
    opts: ExtractOptions,
    run: { cancelled: boolean },
    onProgress: (p: FileReadProgress) => void,
  ): Promise<ExtractResult | null> {
    const { now, beforeChunk } = this.deps;
    const open = this.deps.open ?? ((p: string) => fs.open(p, 'r'));
    const handle = await open(grant.path);
    const x = new AddressExtractor(opts);
    const started = now();
    let shown = started;
    let bytes = 0;
    let shownBytes = 0;
    const step = Math.max(PROGRESS_MIN_BYTES, Math.ceil(grant.file.size / 200));
    const buf = new Uint8Array(FILE_CHUNK);
    const progress = () => ({
      id: grant.file.id,
      bytes,
      total: grant.file.size,
      found: x.found,
      elapsedMs: now() - started,
    });
    try {
      onProgress(progress());
      for (;;) {
        if (beforeChunk) await beforeChunk();
        if (run.cancelled) return null;
        const { bytesRead } = await handle.read(buf, 0, buf.length, null);
        if (bytesRead === 0) break;
        bytes += bytesRead;
        x.writeBytes(buf.subarray(0, bytesRead));
        if (bytes - shownBytes >= step || now() - shown >= PROGRESS_MS) {
          shown = now();
          shownBytes = bytes;
          onProgress(progress());
        }
      }
    } finally {
      await handle.close();
    }
    if (run.cancelled) return null;
    onProgress(progress());
    return x.end();
  }
}

function optionsKey(opts: ExtractOptions): string {
  return `${opts.includeReserved === true}:${opts.expandRanges === true}`;
}
