/**
 * en-US counts and UTC dates without Intl: what shared/format.ts gives for the locale 'en-US' (the main process's and
 * the command line's sentences). The first Intl formatter of a process loads ICU data, which costs more than the
 * rest of a `lookup-tray quota` (50–100 ms). Same text as Intl for every value: test/unit/shared/format-en.test.ts.
 */

/** An instant a Date can hold (±8.64e15 ms); anything else (NaN, 1e300, …) is shown as unknown, never thrown on. */
export const isValidInstant = (t: number): boolean => Number.isFinite(t) && Math.abs(t) <= 8.64e15;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** Intl.NumberFormat('en-US'): "9,512" ("—" for a count that is not a number). */
export function countText(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const r = Math.max(0, Math.round(n));
  return r >= 1e21 ? r.toLocaleString('en-US') : String(r).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Dates further than this from now carry their year ("Nov 21, 2036"): without it they read as this year's. */
export const YEAR_SHOWN_BEYOND_MS = 300 * 24 * 3600_000;

/** The UTC calendar day: "Nov 27"; "Nov 27, 2036" far from now. */
export function utcDayText(t: number, now: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  const d = new Date(t);
  const day = `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
  if (Math.abs(t - now) <= YEAR_SHOWN_BEYOND_MS) return day;
  const y = d.getUTCFullYear();
  return `${day}, ${y > 0 ? y : 1 - y}`; // Intl's year of an instant BC has no sign (and no era in this format)
}

/** The UTC day and time: "Dec 1, 00:00 UTC"; "Nov 21, 2036, 00:00 UTC" far from now. */
export function utcText(t: number, now: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  const d = new Date(t);
  return `${utcDayText(t, now)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}

/**
 * An instant as ISO 8601 to the second ("2026-12-01T00:00:00Z", what scripts read in the CLI's reset times);
 * "an unknown date" for one no Date can hold (a hostile Retry-After or state.db row: toISOString would throw).
 */
export function isoText(t: number): string {
  return isValidInstant(t) ? new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z') : 'an unknown date';
}

/** "csv, json or ndjson": a list of choices in a sentence. */
export function orList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
