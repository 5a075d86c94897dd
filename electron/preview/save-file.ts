/** The web preview's `saveTextFile` port: a browser tab has no save dialog here, so answers go to the data folder. */
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Writes `text` into `dataDir` as the suggested name (e.g. `answer-8.8.8.8-20261123-180347.json`, reduced to a
 * plain file name) and resolves to its path. Never asks, so it never resolves to null.
 */
export function previewSaveTextFile(dataDir: string): (suggestedName: string, text: string) => Promise<string> {
  return async (suggestedName, text) => {
    const name = basename(suggestedName).replace(/[^0-9A-Za-z._-]/g, '-') || 'answer.json';
    const where = join(dataDir, name);
    await fs.writeFile(where, text, 'utf8');
    return where;
  };
}
