/**
 * Formatting of counts, instants and countdowns, shared by the window, the core's messages, the alerts and
 * the tray. Instants are service-clock epoch ms. `locale` undefined = the user's locale (the window);
 * the main process passes 'en-US' where its sentences are English.
 */

import { YEAR_SHOWN_BEYOND_MS, countText, isValidInstant, utcDayText, utcText } from './format-en';

export { isValidInstant };

type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules;
const cache = new Map<string, Formatter>();
function fmt<T extends Formatter>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** "9,512" ("—" for a count that is not a number) */
export function formatCount(n: number, locale?: string): string {
  if (!Number.isFinite(n)) return '—';
  if (locale === 'en-US') return countText(n); // the main process's sentences: no ICU load (format-en.ts)
  return fmt(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(Math.max(0, Math.round(n)));
}

function farOff(t: number, now: number): boolean {
  return Math.abs(t - now) > YEAR_SHOWN_BEYOND_MS;
}

/** "Dec 1, 00:00 UTC"; "Nov 21, 2036, 00:00 UTC" when it is far from `now`. */
export function formatUtc(t: number, locale: string | undefined, now: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  if (locale === 'en-US') return utcText(t, now);
  const year = farOff(t, now);
  const f = fmt(
    `u|${locale}|${year}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        ...(year ? { year: 'numeric' } : {}),
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }),
  );
  return `${f.format(new Date(t))} UTC`;
}

/** "Nov 27" (UTC calendar day); "Nov 27, 2036" when it is far from `now`. */
export function formatUtcDay(t: number, locale: string | undefined, now: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  if (locale === 'en-US') return utcDayText(t, now);
  const year = farOff(t, now);
  return fmt(
    `d|${locale}|${year}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        ...(year ? { year: 'numeric' } : {}),
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }),
  ).format(new Date(t));
}

/** "15:53" in the user's time zone (the tray's "paused until"). */
export function formatLocalTime(t: number, locale?: string): string {
  if (!isValidInstant(t)) return 'an unknown time';
  // 24-hour, as the window's and the UTC times are: "05:55 PM" beside "18:54" reads as two clocks.
  return fmt(
    `t|${locale}`,
    () => new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  ).format(t);
}

/** Countdown text: "0:37", "12:05", "5 h 12 min", "8 d 9 h". Rounds up so 0:00 means it is over. */
export function formatCountdown(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
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

/**
 * A count with its noun in the right form, by English plural rules (Intl.PluralRules): "1 request", "2 requests",
 * "1,000 addresses". `other` defaults to `one` + "s".
 */
export function formatCountOf(n: number, one: string, other = `${one}s`, locale?: string): string {
  // The nouns are English: English rules pick their form, whatever the locale the digits follow.
  const rules = fmt('p|en', () => new Intl.PluralRules('en-US'));
  const shown = Number.isFinite(n) ? Math.max(0, Math.round(n)) : n;
  return `${formatCount(n, locale)} ${rules.select(shown) === 'one' ? one : other}`;
}
