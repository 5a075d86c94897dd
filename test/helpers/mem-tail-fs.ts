/** An in-memory file system for the follow's tail (electron/core/bulk/follow-tail.ts's TailFs), driven by tests. */
import type { TailFile, TailFs } from '../../electron/core/bulk/follow-tail';

interface Node {
  id: string;
  data: Uint8Array;
}

/** Files as a path → node map: a rename moves the node (an open file keeps reading it), a new file is a new node. */
export class MemFs implements TailFs {
  private readonly files = new Map<string, Node>();
  private n = 0;
  private readonly watchers = new Set<() => void>();
  reads = 0;
  /** Set: every read fails with this code (EIO: a disk gone). */
  failReads: string | null = null;
  /** Calls of stat and open: a reading has begun. */
  looks = 0;
  watchable = true;

  write(path: string, text: string | Uint8Array): void {
    this.files.set(path, { id: `ino${++this.n}`, data: bytes(text) });
    this.changed();
  }
  append(path: string, text: string | Uint8Array): void {
    const f = this.files.get(path);
    if (!f) return this.write(path, text);
    const add = bytes(text);
    const d = new Uint8Array(f.data.length + add.length);
    d.set(f.data);
    d.set(add, f.data.length);
    f.data = d;
    this.changed();
  }
  rename(from: string, to: string): void {
    const f = this.files.get(from);
    if (!f) return;
    this.files.delete(from);
    this.files.set(to, f);
    this.changed();
  }
  truncate(path: string): void {
    const f = this.files.get(path);
    if (f) f.data = new Uint8Array(0);
    this.changed();
  }
  private changed(): void {
    for (const w of this.watchers) w();
  }
  stat(path: string): Promise<{ id: string; size: number } | null> {
    this.looks++;
    const f = this.files.get(path);
    return Promise.resolve(f ? { id: f.id, size: f.data.length } : null);
  }
  open(path: string): Promise<TailFile | null> {
    this.looks++;
    const f = this.files.get(path);
    if (!f) return Promise.resolve(null);
    return Promise.resolve({
      id: f.id,
      size: () => Promise.resolve(f.data.length),
      read: (position: number, length: number) => {
        if (this.failReads) return Promise.reject(Object.assign(new Error('read failed'), { code: this.failReads }));
        this.reads++;
        return Promise.resolve(f.data.slice(position, position + length));
      },
      close: () => Promise.resolve(),
    });
  }
  watch(_path: string, changed: () => void): (() => void) | null {
    if (!this.watchable) return null;
    this.watchers.add(changed);
    return () => this.watchers.delete(changed);
  }
}

export const bytes = (t: string | Uint8Array) => (typeof t === 'string' ? new TextEncoder().encode(t) : t);
