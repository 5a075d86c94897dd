/** Opening links in the user's browser, and the data folder in the file manager: the last gate before the OS opens anything. */
import { resolve } from 'node:path';
import { shell } from 'electron';
import { isAllowedExternalUrl } from '../core/app/external-links';

export { EXTERNAL_HOST_ALLOW_LIST, isAllowedExternalUrl } from '../core/app/external-links';

/** The `openExternal` port for the app core: rejects anything not allowed, never opens it. */
export function createOpenExternal(allowedHosts: () => readonly string[]): (url: string) => Promise<void> {
  return async (url) => {
    if (!isAllowedExternalUrl(url, allowedHosts())) throw new Error('This link is not on the allow-list.');
    await shell.openExternal(new URL(url).toString());
  };
}

/** The `openPath` port: opens `folder` (the data folder) and nothing else. Resolves to '' or the OS's error. */
export function createOpenFolder(folder: string): (path: string) => Promise<string> {
  const allowed = resolve(folder);
  return async (path) => {
    if (resolve(path) !== allowed) return 'Only the data folder can be opened.';
    return shell.openPath(allowed);
  };
}
