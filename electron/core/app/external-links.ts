/**
 * Which links Lookup Tray may open in the user's browser: https only, no credentials, and only hosts on a fixed
 * allow-list. Not derived from the base URL: anything that can change settings could then choose what opens.
 * The core checks before asking; the shell checks again before the OS opens anything.
 */
import { MAP_HOST, isOsmMapUrl } from '../../../shared/map-link';
import { isReleasePageUrl } from '../../../shared/update';

const GITHUB_HOST = 'github.com';

/** The hosts the app may open: a map for a lookup's coordinates; a new version's release page (unsigned builds). */
export const EXTERNAL_HOST_ALLOW_LIST: readonly string[] = [MAP_HOST, GITHUB_HOST];

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
  if (!hosts.some((h) => h !== '' && host === h.toLowerCase())) return false;
  // The map: one fixed shape built from two validated numbers (shared/map-link.ts), nothing else on that host; on
  // GitHub only a release page (shared/update.ts).
  if (host === MAP_HOST) return isOsmMapUrl(raw);
  if (host === GITHUB_HOST) return isReleasePageUrl(raw);
  return true;
}
