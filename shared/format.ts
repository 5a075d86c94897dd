/**
 * Formatting of counts, instants and countdowns, shared by the window, the core's messages, the alerts and
 * the tray. Instants are service-clock epoch ms. `locale` undefined = the user's locale (the window);
 * the main process passes 'en-US' where its sentences are English.
 */

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function fmt<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

/** "9,512" */
export function formatCount(n: number, locale?: string): string {
  return fmt(`n|${locale}`, () => new Intl.NumberFormat(locale)).format(Math.max(0, Math.round(n)));
}

/** "Dec 1, 00:00 UTC" */
export function formatUtc(t: number, locale?: string): string {
  if (!Number.isFinite(t)) return 'an unknown date';
  const f = fmt(
    `u|${locale}`,
    () =>
      new Intl.DateTimeFormat(locale, {
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

/** "Nov 27" (UTC calendar day). */
export function formatUtcDay(t: number, locale?: string): string {
  return fmt(
    `d|${locale}`,
    () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  ).format(new Date(t));
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
