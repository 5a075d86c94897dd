/**
 * The web preview's `saveTextFile` port (the core's one save flow around it is saveTextThrough, in
 * core/lib/save-text.ts). A browser tab has no save dialog here, and the preview's data folder is usually temporary
 * (removed when it stops): a saved file is written there only to be handed to the browser as a download
 * (downloads.ts serves it once, under /__download/, then deletes it), never left there without a word.
 */
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';

/** Files this port wrote that the preview server may hand to the browser (by path; taken once). */
const waiting = new Set<string>();

/**
 * Writes `text` into `dataDir` as the suggested name (e.g. `answer-8.8.8.8-20261123-180347.json`, reduced to a
 * plain file name) and resolves to its path. Never asks, so it never resolves to null; never writes over a file
 * (a name taken gets "-2", "-3"… before its extension).
 */
export function previewSaveTextFile(dataDir: string): (suggestedName: string, text: string) => Promise<string> {
  return async (suggestedName, text) => {
    const name = basename(suggestedName).replace(/[^0-9A-Za-z._-]/g, '-') || 'answer.json';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; ; n++) {
      const where = join(dataDir, n === 1 ? name : `${stem}-${n}${ext}`);
      try {
        await fs.writeFile(where, text, { encoding: 'utf8', flag: 'wx', mode: 0o600 });
        waiting.add(where);
        return where;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw err;
      }
    }
  };
}

/** Whether `path` is a file this port wrote and has not handed over yet; it is no longer offered afterwards. */
export function takeSavedFile(path: string): boolean {
  return waiting.delete(path);
}

/** Where the preview serves a download, and how the window recognises one (`where` of a save's answer). */
export const DOWNLOAD_PREFIX = '/__download/';

/** The Content-Type a download is served with, by its extension. */
export function downloadType(name: string): string {
  if (name.endsWith('.csv')) return 'text/csv; charset=utf-8';
  if (name.endsWith('.ndjson')) return 'application/x-ndjson; charset=utf-8';
  if (name.endsWith('.json')) return 'application/json; charset=utf-8';
  if (name.endsWith('.md')) return 'text/markdown; charset=utf-8';
  if (name.endsWith('.html')) return 'text/html; charset=utf-8';
  return 'application/octet-stream';
}
