/**
 * The en-US counts and UTC dates of shared/format.ts, without Intl: the first Intl.NumberFormat of a process loads
 * ICU data, which costs more than the rest of `lookup-tray quota` (50–100 ms here). Same text for every value:
 * test/cli/format-fast.test.ts compares them with shared/format.ts.
 */
import { isValidInstant } from '../../shared/format';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** formatCount(n, 'en-US'): "9,512" ("—" for a count that is not a number). */
export function countText(n: number): string {
  if (!Number.isFinite(n)) return '—';
  const r = Math.max(0, Math.round(n));
  return r >= 1e21 ? r.toLocaleString('en-US') : String(r).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** formatUtcDay(t, 'en-US'): "Nov 27". */
export function utcDayText(t: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  const d = new Date(t);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** formatUtc(t, 'en-US'): "Dec 1, 00:00 UTC". */
export function utcText(t: number): string {
  if (!isValidInstant(t)) return 'an unknown date';
  const d = new Date(t);
  return `${utcDayText(t)}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
