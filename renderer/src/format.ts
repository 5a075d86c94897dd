/** Locale-aware formatting for the window. Instants are service-clock epoch ms; "now" is passed in. */
import type { QuotaLevel } from '../../shared/quota';

const numberFormat = new Intl.NumberFormat(undefined);
const utcFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const utcDayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });

export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "Dec 1, 00:00 UTC" */
export function formatUtc(t: number): string {
  return `${utcFormat.format(new Date(t))} UTC`;
}

/** "Nov 27" (UTC calendar day). */
export function formatUtcDay(t: number): string {
  return utcDayFormat.format(new Date(t));
}

/** Countdown text: "0:37", "12:05", "5 h 12 min", "8 d 9 h". Rounds up so 0:00 means it is over. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  if (total < 3600) {
    const m = Math.floor(total / 60);
    const s = total % 60;
    return `${m}:${String(s).padStart(2, '0')}`;
  }
  const minutes = Math.ceil(total / 60);
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const min = minutes % 60;
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  return min > 0 ? `${h} h ${min} min` : `${h} h`;
}

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
