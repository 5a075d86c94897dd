/**
 * Which links Lookup Tray may open in the user's browser: https only, no credentials, and only hosts on the
 * allow-list — the fixed list below plus the configured service's own host (its dashboard, where a
 * compromised key is reset). The core checks before asking; the shell checks again before the OS opens anything.
 */

/** Fixed hosts the app may always open. */
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

/** The allow-list in force for a configured base URL. */
export function allowedExternalHosts(baseUrl: string): string[] {
  const own = httpsHost(baseUrl);
  return own ? [...EXTERNAL_HOST_ALLOW_LIST, own] : [...EXTERNAL_HOST_ALLOW_LIST];
}
