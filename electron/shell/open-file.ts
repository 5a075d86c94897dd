/**
 * Bulk → "Open file…" and a drop, in the Electron shell (docs/bulk.md, "Reading a file"): the system's open dialog
 * answers the core's `openFile` port, and a dropped file's path arrives from the preload (webUtils.getPathForFile)
 * on DROP_FILE_CHANNEL, outside the page's API. Either way the core grants the path and the page gets an id only.
 */
import { dialog, ipcMain, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { DROP_FILE_CHANNEL, type BulkOpenedFile } from '../../shared/ipc';
import type { Logger } from '../core/lib/ports';
import type { SenderCheck } from './ipc';

/** The `openFile` port: one file, lists and logs offered first; null when the user cancelled. */
export function createOpenFile(parent: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const options: OpenDialogOptions = {
      title: 'Open a list or log',
      properties: ['openFile'],
      filters: [
        { name: 'Lists and logs', extensions: ['txt', 'csv', 'tsv', 'log'] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const win = parent();
    const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
    return r.canceled || r.filePaths.length === 0 ? null : (r.filePaths[0] ?? null);
  };
}

/**
 * Handles the preload's drop channel: from the app's own page only, one non-empty path string, which the core grants
 * when it is a regular file. Returns a function that removes the handler.
 */
export function registerDropFile(
  grant: (path: string) => Promise<BulkOpenedFile | null>,
  deps: { isAppSender: SenderCheck; logger: Logger },
): () => void {
  ipcMain.handle(DROP_FILE_CHANNEL, async (event, ...args: unknown[]) => {
    if (!deps.isAppSender(event.senderFrame?.url)) {
      deps.logger.warn('IPC from an unknown sender refused', { channel: 'drop-file' });
      throw new Error('Refused drop-file: unknown sender');
    }
    const path = args[0];
    if (args.length !== 1 || typeof path !== 'string' || path === '' || path.length > 4096 || path.includes('\0'))
      return null;
    return grant(path);
  });
  return () => ipcMain.removeHandler(DROP_FILE_CHANNEL);
}
