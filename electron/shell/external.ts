/** Opening links in the user's browser: https only, and only to hosts on the allow-list. */
import { shell } from 'electron';

/**
 * Fixed hosts the app may always open. The configured service's own host (its dashboard, where a
 * compromised key is reset) is added at run time by main.ts. The core checks its own list first
 * (core/external-links.ts); this is the last gate before the OS opens anything.
 */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = [];

export function isAllowedExternalUrl(raw: string, hosts: readonly string[]): boolean {
  if (typeof raw !== 'string' || raw.length > 2_048) return false;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => h !== '' && host === h.toLowerCase());
}

/** The host of an https base URL (to allow the service's own pages), or null. */
export function httpsHost(baseUrl: string): string | null {
  try {
    const u = new URL(baseUrl);
    return u.protocol === 'https:' ? u.hostname.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The `openExternal` port for the app core: rejects anything not allowed, never opens it. */
export function createOpenExternal(allowedHosts: () => readonly string[]): (url: string) => Promise<void> {
  return async (url) => {
    const hosts = [...EXTERNAL_HOST_ALLOW_LIST, ...allowedHosts()];
    if (!isAllowedExternalUrl(url, hosts)) throw new Error('This link is not on the allow-list.');
    await shell.openExternal(new URL(url).toString());
  };
}
