/** Saving a too-large answer: the system's save dialog, then the file written where the user chose. */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';

/**
 * The `saveTextFile` port for the app core: asks where (in Downloads by default, JSON files offered), writes
 * `text` there and resolves to the path; null when the user cancelled.
 */
export function createSaveTextFile(
  parent: () => BrowserWindow | null,
): (suggestedName: string, text: string) => Promise<string | null> {
  return async (suggestedName, text) => {
    const options: SaveDialogOptions = {
      title: 'Save the answer',
      defaultPath: join(app.getPath('downloads'), suggestedName),
      filters: [
        { name: 'JSON', extensions: ['json'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const win = parent();
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (r.canceled || !r.filePath) return null;
    await fs.writeFile(r.filePath, text, 'utf8');
    return r.filePath;
  };
}
