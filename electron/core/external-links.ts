/** Hosts whose pages Lookup Tray may open in the browser (key reset, plan upgrade). */
const ALLOWED_HOSTS = new Set<string>([]);

/**
 * Only https URLs, and only to the configured service's own host or an allow-listed host.
 * Everything else (http, file:, javascript:, other hosts, credentials in the URL) is refused.
 */
export function isAllowedExternalUrl(url: string, baseUrl: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'https:' || u.username || u.password) return false;
  if (ALLOWED_HOSTS.has(u.hostname)) return true;
  try {
    const base = new URL(baseUrl);
    return base.protocol === 'https:' && base.hostname === u.hostname;
  } catch {
    return false;
  }
}
