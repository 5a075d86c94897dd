/** Locale-aware formatting for the window. Instants are service-clock epoch ms; "now" is passed in. */
import type { QuotaLevel } from '../../shared/quota';

import { formatLocalTime, isValidInstant } from '../../shared/format';

export {
  formatCount,
  formatCountOf,
  formatCountdown,
  formatLocalTime,
  formatUtc,
  formatUtcDay,
} from '../../shared/format';

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

/** "just now", "3 minutes ago", "2 hours ago", "8 days ago". */
export function formatAge(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 45) return 'just now';
  const min = Math.round(s / 60);
  if (min < 60) return relative.format(-min, 'minute');
  const h = Math.round(min / 60);
  if (h < 24) return relative.format(-h, 'hour');
  return relative.format(-Math.round(h / 24), 'day');
}

export const LEVEL_WORDS: Record<QuotaLevel, string> = {
  ok: 'OK',
  low: 'Low',
  critical: 'Critical',
  exhausted: 'Exhausted',
};

/** Local wall-clock time of an ISO timestamp with offset, e.g. "14:05". Null when unparsable. */
export function localTimeOf(iso: string): string | null {
  const m = /T(\d{2}):(\d{2})/.exec(iso);
  return m ? `${m[1]}:${m[2]}` : null;
}

const localDay = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });

/** When something happened, for a sentence: "at 15:53" (within the last 12 hours), else "on Nov 3 at 15:53". */
export function formatWhen(t: number, now: number): string {
  if (!isValidInstant(t)) return 'at an unknown time';
  if (now - t < 12 * 3_600_000) return `at ${formatLocalTime(t)}`;
  return `on ${localDay.format(t)} at ${formatLocalTime(t)}`;
}

/** After "Try anyway" was refused again: "Still limited (checked just now)". */
export function stillLimited(at: number, now: number): string {
  return `Still limited (checked ${formatAge(now - at)})`;
}

/** e.g. "20.3 MB" (decimal megabytes, as file managers show them). */
export function formatSize(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;
}
