import { describe, expect, it } from 'vitest';
import { autoCheckDelay } from '../../../../electron/core/quota/auto-check-cadence';
import { autoCheckCostPerDay } from '../../../../shared/auto-check';

const MIN = 60_000;

describe('auto-check cadence', () => {
  it('is the interval, halved when low, quartered when critical or exhausted, never under a minute', () => {
    expect(autoCheckDelay(5 * MIN, 'ok', 0)).toBe(5 * MIN);
    expect(autoCheckDelay(5 * MIN, null, 0)).toBe(5 * MIN);
    expect(autoCheckDelay(5 * MIN, 'low', 0)).toBe(2.5 * MIN);
    expect(autoCheckDelay(5 * MIN, 'critical', 0)).toBe(1.25 * MIN);
    expect(autoCheckDelay(5 * MIN, 'exhausted', 0)).toBe(1.25 * MIN);
    expect(autoCheckDelay(2 * MIN, 'critical', 0)).toBe(MIN);
  });

  it('doubles per consecutive failure up to an hour (or the interval when longer)', () => {
    expect([1, 2, 3, 4, 5, 30].map((f) => autoCheckDelay(5 * MIN, 'ok', f) / MIN)).toEqual([10, 20, 40, 60, 60, 60]);
    expect(autoCheckDelay(120 * MIN, 'ok', 3)).toBe(120 * MIN);
  });

  it('falls back to 5 minutes for a nonsense interval', () => {
    expect(autoCheckDelay(Number.NaN, 'ok', 0)).toBe(5 * MIN);
    expect(autoCheckDelay(-1, 'ok', 0)).toBe(5 * MIN);
  });

  it('says what spending checks cost per day', () => {
    expect(autoCheckCostPerDay(5 * MIN)).toBe(288);
    expect(autoCheckCostPerDay(60 * MIN)).toBe(24);
    expect(autoCheckCostPerDay(1000)).toBe(1440);
  });
});
