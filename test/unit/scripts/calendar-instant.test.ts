import { describe, expect, it } from 'vitest';
import { calendarInstant, FAR_ZONES } from '../../../scripts/calendar-instant.mjs';

const HOUR = 3_600_000;
const ids = Array.from({ length: 400 }, (_, i) => `${i.toString(16).padStart(4, '0')}${'ab'.repeat(18)}`);

describe("the calendar run's instant, drawn from the commit", () => {
  it('is 1 to 73 hours before a UTC month begins, in a zone far from UTC, the same for one commit', () => {
    for (const id of ids) {
      const { epoch, zone } = calendarInstant(id);
      expect(calendarInstant(id)).toEqual({ epoch, zone });
      const d = new Date(epoch);
      const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
      expect(next - epoch).toBeGreaterThan(0);
      expect(next - epoch).toBeLessThanOrEqual(73 * HOUR);
      expect(FAR_ZONES).toContain(zone);
    }
  });

  it('walks over every month, the year 2028 (a leap February) and every zone across commits', () => {
    const all = ids.map((id) => calendarInstant(id));
    const months = new Set(all.map((x) => new Date(x.epoch + 73 * HOUR).getUTCMonth()));
    expect(months.size).toBe(12);
    expect(all.some((x) => new Date(x.epoch).getUTCFullYear() === 2028 && new Date(x.epoch).getUTCMonth() === 1)).toBe(
      true,
    );
    expect(new Set(all.map((x) => x.zone)).size).toBe(FAR_ZONES.length);
  });
});
