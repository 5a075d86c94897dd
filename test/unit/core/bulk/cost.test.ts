import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { wordsFor } from '../../../../shared/i18n';
import {
  type BudgetFloor,
  type CostPreview,
  floorCount,
  formatDuration,
  previewCost,
  previewJob,
} from '../../../../electron/core/bulk/cost';
import { emptyQuotaState, type QuotaState } from '../../../../shared/quota';
import { dbQuotaStore } from '../../../../electron/core/service/store/db-quota-store';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { KEY_MINUTE, type Harness } from '../../../helpers/simulator-helpers';
import { startService, type ServiceHarness } from '../../../helpers/service-harness';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 10);

function quota(over: Partial<QuotaState> = {}): QuotaState {
  return {
    ...emptyQuotaState('default', NOW),
    month: {
      limit: 10_000,
      remaining: 9_000,
      observedAt: NOW,
      resetAt: Date.UTC(2026, 11, 1),
      level: 'ok',
      estimated: false,
    },
    minute: { limit: 60, remaining: 50, observedAt: NOW, resetAt: NOW + 50_000, level: 'ok', estimated: false },
    minutePlan: 'limited',
    ...over,
  };
}

describe('bulk cost preview', () => {
  it('says how many are free from the cache, how many are sent, the month before and after, and the time', () => {
    const p = previewCost({ unique: 300, fromCache: 20, quota: quota() });
    expect(p).toMatchObject({
      unique: 300,
      fromCache: 20,
      toSend: 280,
      month: { limit: 10_000, remainingBefore: 9_000, remainingAfter: 8_720 },
      budgetFloor: 500,
      sendable: 8_500,
      stopsEarly: false,
      minuteLimit: 60,
    });
    // 50 now, then 230 in 4 more windows: 50 s to the reset + 3 full minutes.
    expect(p.estimatedMs).toBe(50_000 + 3 * 60_000);
    expect(costLines(p)).toEqual([
      '300 unique addresses: 20 answered from the cache (free), 280 to send.',
      'Month: 9,000 of 10,000 left now, 8,720 after.',
      'Budget floor: keeps 500 requests (5 % of 10,000) for single lookups.',
      'Time at 60 a minute: about 4 min.',
    ]);
  });

  it('says when the budget floor stops the job early, and the floor is settable per job', () => {
    const q = quota({
      month: {
        limit: 1000,
        remaining: 200,
        observedAt: NOW,
        resetAt: Date.UTC(2026, 11, 1),
        level: 'low',
        estimated: false,
      },
    });
    const p = previewCost({ unique: 300, fromCache: 0, quota: q });
    expect(p).toMatchObject({ budgetFloor: 50, sendable: 150, stopsEarly: true, month: { remainingAfter: 50 } });
    expect(costLines(p)).toContain(
      'Only 150 can be sent before the budget floor: the job will stop there, keeping what it found.',
    );
    const none = previewCost({ unique: 300, fromCache: 0, quota: q, floor: { count: 0 } });
    expect(none).toMatchObject({ budgetFloor: 0, sendable: 200, stopsEarly: true, month: { remainingAfter: 0 } });
    expect(previewCost({ unique: 100, fromCache: 0, quota: q, floor: { percent: 10 } })).toMatchObject({
      budgetFloor: 100,
      sendable: 100,
      stopsEarly: false,
    });
  });

  it('with no minute limit, or one not known yet, says so instead of a time', () => {
    expect(
      costLines(previewCost({ unique: 5, fromCache: 0, quota: quota({ minutePlan: 'none', minute: null }) })),
    ).toContain('No minute limit: as fast as the service answers.');
    const fresh = previewCost({ unique: 5, fromCache: 0, quota: emptyQuotaState('default', NOW) });
    expect(fresh).toMatchObject({ month: null, budgetFloor: null, sendable: null, estimatedMs: null });
    expect(costLines(fresh)).toEqual([
      '5 unique addresses: 0 answered from the cache (free), 5 to send.',
      'Month: not known yet; the first answer tells it.',
      'Budget floor: keeps 5 % of the month limit for single lookups.',
      'Minute limit not known yet: one request at a time until the first answer tells it.',
    ]);
  });

  it('floors and durations', () => {
    expect(floorCount({ percent: 5 }, 999)).toBe(50);
    expect(floorCount({ count: 7 }, null)).toBe(7);
    expect(formatDuration(30_000)).toBe('under a minute');
    expect(formatDuration(4 * 60_000 + 1)).toBe('about 5 min');
    expect(formatDuration(130 * 60_000)).toBe('about 2 h 10 min');
  });
});

describe('bulk cost preview against the service (real HTTP, simulator)', () => {
  let h: ServiceHarness | null = null;
  afterEach(async () => {
    await h?.close();
    h = null;
  });

  it('counts the addresses the lookup cache answers for free, and reads the live quota', async () => {
    h = await startService();
    await h.service.lookup('8.8.8.8');
    await h.service.lookup('1.1.1.1');
    const sent = h.sim.log.length;
    const p = previewJob(h.service, ['8.8.8.8', '9.9.9.9', '1.1.1.1', '4.4.4.4']);
    expect(h.sim.log.length).toBe(sent); // a preview sends nothing
    expect(p).toMatchObject({
      unique: 4,
      fromCache: 2,
      toSend: 2,
      month: { limit: 100, remainingBefore: 98, remainingAfter: 96 },
      budgetFloor: 5,
      minuteLimit: 5,
    });
    expect(h.sim.usage(KEY_MINUTE).month).toBe(2);
  });
});

describe('the cost preview of a long list counts the cache in one pass', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => {
    for (const c of cleanups.splice(0)) c();
  });

  it('the answers this process and another process cached, fresh ones only, as many as asking address by address', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lt-cost-'));
    let now = (): number => NOW;
    const db = StateDb.open({ dir, now: () => now() }); // the store decides freshness on the services' clock
    const first = await startService({ store: dbQuotaStore(db, 'default', '') });
    now = () => first.clock.now();
    cleanups.push(() => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const harness: Harness = { sim: first.sim, clock: first.clock };
    const second = await startService({ store: dbQuotaStore(db, 'default', ''), harness });
    cleanups.unshift(() => void second.close());
    // Another process, while this one runs: one answer a day old (expired by then), three fresh ones (one IPv6).
    await first.service.lookup('8.8.8.8');
    first.clock.advance(25 * 3_600_000);
    for (const ip of ['1.1.1.1', '2606:4700:4700::1111', '9.9.9.9']) await first.service.lookup(ip);
    first.service.flush();
    first.service.dispose();
    await second.service.lookup('4.4.4.4'); // this process's own
    // 5,000 addresses: the cached ones spread over more than one batch of the store's read.
    const ips = Array.from({ length: 5000 }, (_, i) => `10.${i >> 8}.${i & 255}.1`);
    ips[10] = '8.8.8.8';
    ips[100] = '1.1.1.1';
    ips[4100] = '9.9.9.9';
    ips[4999] = '2606:4700:4700::1111';
    ips[2500] = '4.4.4.4';
    const sent = second.sim.log.length;
    const p = previewJob(second.service, ips);
    expect(p).toMatchObject({ unique: 5000, fromCache: 4, toSend: 4996 });
    expect(second.sim.log.length).toBe(sent);
    expect(ips.filter((ip) => second.service.isCached(ip)).length).toBe(4);
  });
});

/** The cost as the faces say it in English, line by line (bulkPreview.cost). */
function costLines(c: CostPreview): string[] {
  const w = wordsFor('en').w.bulkPreview.cost(c);
  return [w.first, w.month, w.floor, ...(w.stops ? [w.stops] : []), w.time];
}

/** The floor as the faces say it in English (bulkPreview.floor, from the floor's count). */
const describeFloor = (fl: BudgetFloor, limit: number | null) =>
  wordsFor('en').w.bulkPreview.floor(fl, floorCount(fl, limit), limit);

describe('the floor in words', () => {
  it('one request is "1 request", others "N requests"', () => {
    expect(describeFloor({ count: 1 }, 100)).toBe('1 request');
    expect(describeFloor({ count: 5 }, 100)).toBe('5 requests');
    expect(describeFloor({ percent: 1 }, 100)).toBe('1 request (1 % of 100)');
    expect(describeFloor({ percent: 5 }, 1000)).toBe('50 requests (5 % of 1,000)');
  });
});
