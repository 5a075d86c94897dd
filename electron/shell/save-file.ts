/** Saving a file (a too-large answer, an export): the system's save dialog, then the file written where the user chose. */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { app, dialog, type BrowserWindow, type SaveDialogOptions } from 'electron';
import type { SaveTextFile } from '../core/lib/ports';
import { fileFormatOf } from '../../shared/file-formats';

/**
 * The `saveTextFile` port for the app core (the core's one save flow is saveTextThrough in core/lib/save-text.ts):
 * asks where (in Downloads by default, files of the suggested name's type offered), writes `text` there and
 * resolves to the path; null when the user cancelled.
 */
export function createSaveTextFile(parent: () => BrowserWindow | null): SaveTextFile {
  return async (suggestedName, text) => {
    // The dialog's file-type filter for the suggested name's extension.
    const format = fileFormatOf(suggestedName);
    const type = format ? { name: format.label, extensions: [format.extension] } : null;
    const options: SaveDialogOptions = {
      title: suggestedName.startsWith('answer-')
        ? 'Save the answer'
        : suggestedName.startsWith('report-')
          ? 'Save the report'
          : 'Save the export',
      defaultPath: join(app.getPath('downloads'), suggestedName),
      filters: [...(type ? [type] : []), { name: 'All files', extensions: ['*'] }],
    };
    const win = parent();
    const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
    if (r.canceled || !r.filePath) return null;
    await fs.writeFile(r.filePath, text, 'utf8');
    return r.filePath;
  };
}
