/** Opening links in the user's browser: the last gate before the OS opens anything. */
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
