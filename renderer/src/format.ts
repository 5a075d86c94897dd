/** Locale-aware formatting for the window. Instants are service-clock epoch ms; "now" is passed in. */
import type { QuotaLevel } from '../../shared/quota';

import { formatCount, isValidInstant } from '../../shared/format';

export { formatCount, formatCountOf, formatCountdown, formatUtc, formatUtcDay } from '../../shared/format';

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * "15:53" in the user's time zone. The window has one clock: 24-hour, as its UTC times ("Dec 1, 00:00 UTC") are,
 * whatever the locale's habit ("05:55 PM" beside "18:54" read as two different clocks).
 */
export function formatLocalTime(t: number): string {
  return isValidInstant(t) ? clock.format(t) : 'an unknown time';
}

/**
 * A sentence from the core with its numbers in the window's format: "16 777 216" and "43200" become "16,777,216"
 * and "43,200" (years, times and addresses are left alone: only 5 digits or more, or digits grouped by spaces).
 */
export function sameNumbers(text: string): string {
  return text.replace(/(?<![\d.:,/-])(\d{1,3}(?: \d{3})+|\d{5,})(?![\d.:,/-])/g, (m) =>
    formatCount(Number(m.replace(/ /g, ''))),
  );
}

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
