/**
 * One JSON document in one file, that never stops the app from starting:
 * - a damaged file (garbage, truncated, empty, not what `validate` accepts) is moved aside as
 *   `<name>.corrupt-<timestamp>.json`, defaults are used, and one notice says so;
 * - an unreadable file, or one that cannot be moved aside, is left untouched, defaults are used in
 *   memory for this session and nothing is written over it;
 * - writes are atomic (temp file + rename); a failed write is logged and noticed, never thrown.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { NoticeFact } from '../../../shared/ipc';
import { silentLogger, type JsonStore, type Logger } from '../lib/ports';
import { NoticeHolder, raiseNotice } from './notice-board';
import { readTextNoFollow } from './no-follow';

export interface JsonFileStoreOptions<T> {
  defaults: () => T;
  /** The document from parsed JSON, or null when it is not acceptable. May migrate. */
  validate: (raw: unknown) => T | null;
  logger?: Logger;
  /** Clock for the `.corrupt-<timestamp>` name. */
  now?: () => number;
  /** What the file is, in notices ("settings", "saved quota state"). Default: the file name. */
  label?: string;
  /** fsync each write before the rename (default true). */
  fsync?: boolean;
}

export type LoadState = 'missing' | 'loaded' | 'corrupt' | 'unreadable';

const errCode = (err: unknown): string => (err as NodeJS.ErrnoException)?.code ?? (err as Error)?.name ?? 'error';

/** `settings.json` + instant -> `settings.corrupt-2026-11-22T12-00-00-000Z.json` (unused name). */
export function corruptAsidePath(file: string, at: number): string {
  const dir = path.dirname(file);
  const ext = path.extname(file) || '.json';
  const stem = path.basename(file, path.extname(file));
  const stamp = new Date(at).toISOString().replace(/[:.]/g, '-');
  for (let i = 1; ; i++) {
    const candidate = path.join(dir, `${stem}.corrupt-${stamp}${i === 1 ? '' : `-${i}`}${ext}`);
    if (!fs.existsSync(candidate)) return candidate;
  }
}

/** Write `data` to `file` atomically: a temp file in the same directory, then rename over. */
export function writeFileAtomic(file: string, data: string, opts: { fsync?: boolean } = {}): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 }); // the data folder is its owner's only
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  let fd: number | null = null;
  try {
    fd = fs.openSync(tmp, 'w', 0o600);
    fs.writeSync(fd, data);
    if (opts.fsync !== false) fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(tmp, file);
  } catch (err) {
    if (fd !== null) fs.closeSync(fd);
    fs.rmSync(tmp, { force: true });
    throw err;
  }
}

/** Its notices (notice-board.ts's NoticeHolder): a damaged, unreadable or unwritable file. */
export class JsonFileStore<T> extends NoticeHolder implements JsonStore<T> {
  readonly path: string;
  /** How the file looked when the store was opened. */
  readonly loadState: LoadState;
  /** Where a damaged file was moved to, if it was. */
  readonly corruptPath: string | null = null;
  private value: T;
  /** Set when writing could destroy a file we could not read or move aside. */
  private readonly frozen: boolean;
  private writeFailureReported = false;
  private readonly opts: JsonFileStoreOptions<T>;
  private readonly logger: Logger;
  private readonly label: string;

  constructor(file: string, opts: JsonFileStoreOptions<T>) {
    super();
    this.path = file;
    this.opts = opts;
    this.logger = opts.logger ?? silentLogger;
    this.label = opts.label ?? path.basename(file);
    const now = opts.now ?? Date.now;

    let text: string;
    try {
      text = readTextNoFollow(file); // a symbolic link: unreadable (ELOOP), so nothing is written either
    } catch (err) {
      const code = errCode(err);
      this.value = opts.defaults();
      // ENOTDIR: a parent is a file, so there is no file to protect either; writes will report it.
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        this.loadState = 'missing';
        this.frozen = false;
        return;
      }
      this.loadState = 'unreadable';
      this.frozen = true;
      this.logger.warn('store file unreadable; using defaults in memory', { file, code });
      this.addNotice({ kind: 'unreadable', file: this.label, code, path: file, then: 'defaults' });
      return;
    }

    const parsed = this.parse(text);
    if (parsed !== null) {
      this.value = parsed;
      this.loadState = 'loaded';
      this.frozen = false;
      return;
    }

    this.value = opts.defaults();
    this.loadState = 'corrupt';
    const aside = corruptAsidePath(file, now());
    try {
      fs.renameSync(file, aside);
      this.corruptPath = aside;
      this.frozen = false;
      this.logger.warn('store file damaged; moved aside and reset', { file, aside });
      this.addNotice({ kind: 'reset', file: this.label, newer: false, aside });
    } catch (err) {
      const code = errCode(err);
      this.frozen = true;
      this.logger.warn('store file damaged and could not be moved aside', { file, code });
      this.addNotice({ kind: 'stuck', file: this.label, code, path: file, then: 'defaults' });
    }
  }

  private parse(text: string): T | null {
    const body = text.replace(/^\uFEFF/, '');
    if (body.trim() === '') return null;
    try {
      return this.opts.validate(JSON.parse(body) as unknown);
    } catch {
      return null;
    }
  }

  /** A notice about this file, by its fact (its id: `store-<unreadable|damaged|unwritable>:<file name>`). */
  private addNotice(fact: NoticeFact): void {
    const kind = fact.kind === 'reset' || fact.kind === 'stuck' ? 'damaged' : fact.kind;
    this.pending.add(raiseNotice(`store-${kind}:${path.basename(this.path)}`, fact));
  }

  /** The current document (a copy: change it through write()). */
  read(): T {
    return structuredClone(this.value);
  }

  /**
   * What the file holds now, when another process wrote a valid document there: taken as the current value and
   * returned. Null when the file is missing, unreadable or invalid (the current value stays, the file is left
   * alone: it is someone else's write in progress or mistake, not this store's to move aside), or writes are frozen.
   */
  reread(): T | null {
    if (this.frozen) return null;
    let text: string;
    try {
      text = readTextNoFollow(this.path);
    } catch {
      return null;
    }
    const parsed = this.parse(text);
    if (parsed === null) return null;
    this.value = parsed;
    return structuredClone(parsed);
  }

  /** Keep `value` and persist it atomically. Never throws; returns whether it reached the disk. */
  write(value: T): boolean {
    this.value = structuredClone(value);
    if (this.frozen) return false;
    try {
      writeFileAtomic(this.path, `${JSON.stringify(value, null, 2)}\n`, { fsync: this.opts.fsync });
      return true;
    } catch (err) {
      const code = errCode(err);
      this.logger.warn('could not save store file', { file: this.path, code });
      if (!this.writeFailureReported) {
        this.writeFailureReported = true;
        this.addNotice({ kind: 'unwritable', file: this.label, code, dir: path.dirname(this.path) });
      }
      return false;
    }
  }

  /** Whether writes go to disk (false after an unreadable file or one that could not be moved aside). */
  get writable(): boolean {
    return !this.frozen;
  }
}
