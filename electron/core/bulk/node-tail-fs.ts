/** node:fs for a followed log's tail (follow-tail.ts): `lookup-tray bulk --follow` and the window's Follow a file…. */
import { watch } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { TailFile, TailFs } from './follow-tail';

/** node:fs for the tail: a file's identity is its device and inode (bigint: exact on every platform). */
export const nodeTailFs: TailFs = {
  async stat(p) {
    try {
      const s = await stat(p, { bigint: true });
      return { id: `${s.dev}:${s.ino}`, size: Number(s.size) };
    } catch {
      return null;
    }
  },
  async open(p): Promise<TailFile | null> {
    let fh;
    try {
      fh = await open(p, 'r');
    } catch {
      return null;
    }
    const s = await fh.stat({ bigint: true });
    const h = fh;
    return {
      id: `${s.dev}:${s.ino}`,
      size: async () => Number((await h.stat({ bigint: true })).size),
      read: async (position, length) => {
        const buf = Buffer.alloc(length);
        const { bytesRead } = await h.read(buf, 0, length, position);
        return buf.subarray(0, bytesRead);
      },
      close: () => h.close(),
    };
  },
  watch(p, changed) {
    // The folder, not the file: a rotation renames the file and creates another at its path.
    try {
      const name = path.basename(p);
      const w = watch(path.dirname(p), { persistent: false }, (_e, f) => {
        if (f === null || f.toString() === name) changed();
      });
      w.on('error', () => w.close());
      return () => w.close();
    } catch {
      return null; // no watch here (inotify's limit, a network drive): the poll alone
    }
  },
};
