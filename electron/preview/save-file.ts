/** The web preview's `saveTextFile` port: a browser tab has no save dialog here, so answers go to the data folder. */
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';

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
        return where;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || n >= 1000) throw err;
      }
    }
  };
}
