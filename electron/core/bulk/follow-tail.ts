import type { Clock, TimerHandle } from '../lib/ports';

/**
 * Reading a growing log as `tail -F` does (`lookup-tray bulk --follow`): what the file holds, then what is appended,
 * whole lines only (a last line without its newline waits for it). It survives rotation: a new file at the path
 * (rename + create) is read from its start once the old one is read to its end; a file that shrank (copytruncate)
 * is read again from its start. Woken by a watch of the file's folder (fs.watch) when there is one, and by a stat
 * poll in any case (a watch misses events on network drives and some platforms). File access and time are ports:
 * the command gives node:fs and the system clock, tests their own.
 */

/** A file opened for reading: its identity (device and inode) and its bytes. */
export interface TailFile {
  readonly id: string;
  size(): Promise<number>;
  /** Up to `length` bytes from `position` (fewer at the end). */
  read(position: number, length: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface TailFs {
  /** The file at `path` now (its identity and size), or null when there is none. */
  stat(path: string): Promise<{ id: string; size: number } | null>;
  /** Opens the file at `path`; null when there is none. */
  open(path: string): Promise<TailFile | null>;
  /** Calls `changed` when the file may have changed; a function that stops watching, or null (the poll alone). */
  watch(path: string, changed: () => void): (() => void) | null;
}

/** Where the reading is: the file's identity and the bytes read of it up to the end of a whole line. */
export interface TailPosition {
  id: string;
  offset: number;
}

export interface LogTailOptions {
  fs: TailFs;
  clock: Clock;
  path: string;
  /** New whole lines (each ending with a newline, or cut at MAX_LINE) and where the reading is after them. */
  onLines: (text: string, at: TailPosition) => void;
  /** Something to tell the user (the file rotated, shrank, is missing). */
  onNotice?: (message: string) => void;
  /** The file could not be read (or onLines threw): the tail has stopped; the error as it came. */
  onError?: (err: unknown) => void;
  /** A stored position: the same file goes on from there, another one is read from its start. */
  from?: TailPosition | null;
  /** How often the file is stat-ed without a watch event (default 1 s). */
  pollMs?: number;
}

/** A line longer than this without a newline is taken as it is (a log line is never this long; memory stays bounded). */
export const MAX_LINE = 1 << 20;
const CHUNK = 1 << 16;
const NL = 0x0a;

export class LogTail {
  private file: TailFile | null = null;
  /** Bytes of `file` read, and the last line's bytes so far (no newline yet). */
  private pos = 0;
  private partial: Uint8Array[] = [];
  private partialBytes = 0;
  private timer: TimerHandle | null = null;
  private unwatch: (() => void) | null = null;
  private checking: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private missingSaid = false;
  private readonly decoder = new TextDecoder();

  constructor(private readonly o: LogTailOptions) {}

  /** Reads what is there, then watches; resolves once the first reading is done. */
  async start(): Promise<void> {
    this.unwatch = this.o.fs.watch(this.o.path, () => void this.check());
    await this.check();
    this.arm();
  }

  /** Stops watching and polling, after the reading under way; the file is closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.unwatch?.();
    this.unwatch = null;
    await this.checking;
    await this.file?.close().catch(() => undefined);
    this.file = null;
  }

  private arm(): void {
    if (this.stopped) return;
    this.timer = this.o.clock.setTimeout(() => {
      this.timer = null;
      void this.check().finally(() => this.arm());
    }, this.o.pollMs ?? 1000);
  }

  /** Reads what is new (one reading at a time: a call during one makes it read once more). */
  check(): Promise<void> {
    if (this.checking) {
      this.again = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.again = false;
        if (!this.stopped) await this.readNew().catch((err: unknown) => this.failed(err));
      } while (this.again && !this.stopped);
    })().finally(() => (this.checking = null));
    return this.checking;
  }

  /** A reading failed: the tail stops (timer, watch) and says why once. */
  private failed(err: unknown): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.timer !== null) this.o.clock.clearTimeout(this.timer);
    this.timer = null;
    this.unwatch?.();
    this.unwatch = null;
    this.o.onError?.(err);
  }

  private async readNew(): Promise<void> {
    if (!this.file && !(await this.openAt(this.o.from ?? null))) return;
    await this.drain();
    const now = await this.o.fs.stat(this.o.path);
    if (!now || !this.file) return; // renamed away, no new file yet: the old one is read until one comes
    if (now.id !== this.file.id) {
      this.flushPartial();
      await this.file.close().catch(() => undefined);
      this.file = null;
      this.o.onNotice?.(`${this.o.path} was replaced (rotated): reading the new file from its start.`);
      if (await this.openAt(null)) await this.drain();
    } else if (now.size < this.pos) {
      this.flushPartial();
      this.pos = 0;
      this.o.onNotice?.(`${this.o.path} shrank (truncated): reading it again from its start.`);
      await this.drain();
    }
  }

  /** Opens the file at the path: at `from`'s offset when it is that file and still that long, else at 0. */
  private async openAt(from: TailPosition | null): Promise<boolean> {
    const f = await this.o.fs.open(this.o.path);
    if (!f) {
      if (!this.missingSaid) this.o.onNotice?.(`${this.o.path} does not exist (yet): waiting for it.`);
      this.missingSaid = true;
      return false;
    }
    this.missingSaid = false;
    this.file = f;
    this.pos = from && from.id === f.id && from.offset <= (await f.size()) ? from.offset : 0;
    return true;
  }

  /** Reads the open file to its end, giving its whole lines. */
  private async drain(): Promise<void> {
    const f = this.file;
    if (!f) return;
    for (;;) {
      if (this.stopped) return;
      const bytes = await f.read(this.pos, CHUNK);
      if (bytes.length === 0) return;
      this.pos += bytes.length;
      this.take(bytes, f.id);
    }
  }

  /** Bytes read: the whole lines among them (with the partial line before) are given, the rest kept. */
  private take(bytes: Uint8Array, id: string): void {
    const last = bytes.lastIndexOf(NL);
    if (last < 0) {
      this.partial.push(bytes);
      this.partialBytes += bytes.length;
      if (this.partialBytes >= MAX_LINE) this.flushPartial();
      return;
    }
    const head = this.partial.length
      ? concat([...this.partial, bytes.subarray(0, last + 1)])
      : bytes.subarray(0, last + 1);
    this.partial = last + 1 < bytes.length ? [bytes.slice(last + 1)] : [];
    this.partialBytes = bytes.length - last - 1;
    this.o.onLines(this.decoder.decode(head), { id, offset: this.pos - this.partialBytes });
  }

  /** The line so far without its newline, given as a whole line (the file was replaced or cut under it, or it is too long). */
  private flushPartial(): void {
    if (!this.partialBytes || !this.file) return;
    const text = `${this.decoder.decode(concat(this.partial))}\n`;
    this.partial = [];
    this.partialBytes = 0;
    this.o.onLines(text, { id: this.file.id, offset: this.pos });
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
