/** Bulk → Follow a file…: the system's open dialog picks the log (the window never names a path). */
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';

/**
 * The `pickFollowFile` port for the app core (core/app/bulk-follows.ts): one existing file, logs offered first;
 * resolves to its path, or null when the user cancelled.
 */
export function createPickFollowFile(parent: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options: OpenDialogOptions = {
      title: 'Follow a log file',
      buttonLabel: 'Follow',
      properties: ['openFile'],
      filters: [
        { name: 'Logs', extensions: ['log', 'txt'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const win = parent();
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    const path = r.canceled ? undefined : r.filePaths[0];
    return path ?? null;
  };
}
