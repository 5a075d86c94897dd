import { afterEach, describe, expect, it } from 'vitest';
import { dailyUsage, DAY, monthSeries } from '../../../../electron/core/quota/history';
import { compactionPlan, HISTORY_KEEP_MS } from '../../../../electron/core/storage/history-tiers';
import { HISTORY_MONTHS, monthWindowStart, type QuotaSample } from '../../../../shared/quota';
import { makeEnv, type Env } from '../storage/helpers';

const START = Date.UTC(2025, 9, 1); // 1 Oct 2025
const END = Date.UTC(2026, 10, 22, 12); // 22 Nov 2026, noon: 14 months later
const LIMIT = 50_000;

/**
 * A sample every 5 minutes from 08:00 to 20:00 UTC on weekdays, 2 requests each, resets to the limit on the
 * 1st of each month, one plan change (limit 50 000 -> 60 000) mid-month. Deterministic.
 */
function busyYear(): QuotaSample[] {
  const out: QuotaSample[] = [];
  let limit = LIMIT;
  let remaining = limit;
  let month = new Date(START).getUTCMonth();
  for (let t = START; t < END; t += 5 * 60_000) {
    const d = new Date(t);
    if (d.getUTCMonth() !== month) {
      month = d.getUTCMonth();
      remaining = limit;
      out.push({ at: t, remaining, limit }); // the first figure after the reset
    }
    if (t === Date.UTC(2026, 5, 15, 12)) {
      remaining += 10_000;
      limit = 60_000;
      out.push({ at: t, remaining, limit });
      continue;
    }
    const hour = d.getUTCHours();
    const weekday = d.getUTCDay() % 6 !== 0;
    if (!weekday || hour < 8 || hour >= 20) continue;
    remaining = Math.max(0, remaining - 2);
    out.push({ at: t, remaining, limit });
  }
  return out;
}

function applyPlan(samples: QuotaSample[], now: number): QuotaSample[] {
  const drop = new Set(compactionPlan(samples, now));
  return samples.filter((_, i) => !drop.has(i));
}

describe('history tiers (what state.db keeps as samples age)', () => {
  const samples = busyYear();
  const kept = applyPlan(samples, END);

  it('thins 14 months of busy samples to a bounded count', () => {
    expect(samples.length).toBeGreaterThan(40_000);
    expect(kept.length).toBeLessThan(15_000);
  });

  it('keeps every sample of the last two days and drops what is older than 13 months', () => {
    const recent = (s: QuotaSample[]) => s.filter((x) => x.at > END - 2 * DAY);
    expect(recent(kept)).toEqual(recent(samples));
    expect(kept.every((s) => END - s.at <= HISTORY_KEEP_MS)).toBe(true);
    expect(kept[0]!.at - (END - HISTORY_KEEP_MS)).toBeLessThan(3 * DAY); // the cut fell on a weekend
  });

  it('keeps every sample of the HISTORY_MONTHS windows History shows, whatever the reset day', () => {
    for (let anchor = 1; anchor <= 31; anchor++) {
      for (let day = 0; day < 2 * 366; day += 5) {
        const now = Date.UTC(2026, 0, 1) + day * DAY + 23 * 3_600_000;
        let start = monthWindowStart(now, anchor);
        for (let i = 1; i < HISTORY_MONTHS; i++) start = monthWindowStart(start - 1, anchor);
        expect(now - start, `anchor ${anchor}, day ${day}`).toBeLessThanOrEqual(HISTORY_KEEP_MS);
      }
    }
  });

  it('per-day usage is exactly the same after thinning (resets and the plan change included)', () => {
    // From the day after the oldest kept sample (its own first drop is measured from a dropped sample).
    const from = Math.ceil(kept[0]!.at / DAY) * DAY;
    const before = dailyUsage(samples, from, END);
    const after = dailyUsage(kept, from, END);
    expect(after).toEqual(before);
    expect(before.reduce((n, d) => n + d.used, 0)).toBeGreaterThan(50_000);
  });

  it('is idempotent: thinning what was kept deletes nothing more', () => {
    expect(compactionPlan(kept, END)).toEqual([]);
  });
});

describe('dailyUsage', () => {
  it('counts drops on their day, ignores rises (a reset), and lists quiet days as zero', () => {
    const d0 = Date.UTC(2026, 0, 30);
    const s: QuotaSample[] = [
      { at: d0 + 1000, remaining: 100, limit: 100 },
      { at: d0 + 2000, remaining: 90, limit: 100 },
      // 31 Jan: nothing. 1 Feb: the reset, then 3 used.
      { at: d0 + 2 * DAY + 10, remaining: 100, limit: 100 },
      { at: d0 + 2 * DAY + 20, remaining: 97, limit: 100 },
    ];
    expect(dailyUsage(s, d0, d0 + 3 * DAY)).toEqual([
      { day: d0, used: 10 },
      { day: d0 + DAY, used: 0 },
      { day: d0 + 2 * DAY, used: 3 },
    ]);
  });
});

describe('monthSeries', () => {
  it('groups by the reset day, newest window first, thinned to maxPoints', () => {
    const samples = busyYear();
    const series = monthSeries(samples, 15, 3, 100);
    expect(series).toHaveLength(3);
    expect(series.map((m) => new Date(m.start).toISOString().slice(0, 10))).toEqual([
      '2026-11-15',
      '2026-10-15',
      '2026-09-15',
    ]);
    expect(series[0]!.end).toBe(Date.UTC(2026, 11, 15));
    for (const m of series) {
      expect(m.points.length).toBeLessThanOrEqual(100);
      expect(m.points.every(([at]) => at >= m.start && at < m.end)).toBe(true);
    }
    // The last point of a window is its last sample.
    const octNov = samples.filter((s) => s.at >= series[1]!.start && s.at < series[1]!.end).at(-1)!;
    expect(series[1]!.points.at(-1)).toEqual([octNov.at, octNov.remaining]);
  });
});

describe('state.db thins history as it is appended', () => {
  let env: Env;
  afterEach(() => env.cleanup());

  it('a year of samples appended in batches stays bounded and keeps every day’s usage', () => {
    env = makeEnv('history-');
    const db = env.open();
    const samples = busyYear();
    for (let i = 0; i < samples.length; i += 500) db.appendHistory('p', samples.slice(i, i + 500));
    const stored = db.readHistory('p');
    expect(stored.length).toBeLessThan(15_000);
    const from = Math.ceil(stored[0]!.at / DAY) * DAY;
    expect(dailyUsage(stored, from, END)).toEqual(dailyUsage(samples, from, END));
    expect(db.readHistoryTail('p', 3)).toEqual(samples.slice(-3));
  });
});
