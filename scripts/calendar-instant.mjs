/**
 * The instant and time zone of the calendar run (issue 39): `npm test` runs the unit layer and the ui layer's
 * demo-mode specs a second time under libfaketime, near the end of a month in a zone far from UTC, so a test that
 * depends on the wall calendar fails in the gate instead of on the last days of some month. The instant is drawn
 * from the commit, as the model-based test's seeds are: one commit always runs at the same instant (replayable), and
 * commits walk over months, hours and zones.
 */
import { createHash } from 'node:crypto';

/** Zones far from UTC, each an edge users live on: +14, +13/+12 with summer time, +5:45, −3:30/−2:30 with summer time, −11, −10. */
export const FAR_ZONES = [
  'Pacific/Kiritimati',
  'Pacific/Auckland',
  'Asia/Kathmandu',
  'America/St_Johns',
  'Pacific/Pago_Pago',
  'Pacific/Honolulu',
];

const HOUR = 3_600_000;

/**
 * From a commit id: a UTC instant 1 to 72 hours before a month begins (months of 2026–2029, leap February and the
 * year's turn among them) and a zone of FAR_ZONES.
 */
export function calendarInstant(commit) {
  const h = createHash('sha256').update(String(commit)).digest();
  const year = 2026 + (h[0] % 4);
  const month = h[1] % 12; // the month that begins: January's start is the year's turn
  const hoursBefore = 1 + (h.readUInt16BE(2) % 72);
  const epoch = Date.UTC(year, month, 1) - hoursBefore * HOUR + (h[4] % 60) * 60_000;
  const zone = FAR_ZONES[h[5] % FAR_ZONES.length];
  return { epoch, zone };
}
