/**
 * The Bulk view's sentences that follow the month as it is now (renderer/src/bulk-words.ts): what Start would do
 * for a cost, and what a job stopped at the budget floor or at an empty month waits for.
 */
import { describe, expect, it } from 'vitest';
import { floorRequests, securityWords, startPlan, stoppedWords, type MonthNow } from '../../../renderer/src/bulk-words';
import type { BulkResultRow, CostPreview } from '../../../shared/bulk';

const NOW = Date.UTC(2026, 10, 20, 12);
const RESET = Date.UTC(2026, 11, 1);

function cost(over: Partial<CostPreview>): CostPreview {
  return {
    unique: 10,
    fromCache: 0,
    toSend: 10,
    month: { limit: 1000, remainingBefore: 500, remainingAfter: 490, estimated: false },
    floor: { percent: 5 },
    budgetFloor: 50,
    sendable: 450,
    stopsEarly: false,
    minutePlan: 'limited',
    minuteLimit: 60,
    estimatedMs: 10_000,
    ...over,
  };
}

describe('floorRequests', () => {
  it('counts a share of the limit rounded up, a count as it is, and nothing while a share has no limit', () => {
    expect(floorRequests({ percent: 10 }, 1005)).toBe(101);
    expect(floorRequests({ percent: 150 }, 100)).toBe(100);
    expect(floorRequests({ count: 7.9 }, null)).toBe(7);
    expect(floorRequests({ count: -3 }, 100)).toBe(0);
    expect(floorRequests({ percent: 10 }, null)).toBeNull();
  });
});

describe('startPlan', () => {
  it('sends what fits above the floor, or everything when the month is unknown', () => {
    expect(startPlan(cost({}))).toEqual({ kind: 'send', requests: 10 });
    expect(startPlan(cost({ sendable: 4 }))).toEqual({ kind: 'send', requests: 4 });
    expect(startPlan(cost({ sendable: null, month: null }))).toEqual({ kind: 'send', requests: 10 });
  });

  it('is free when every address is answered from the cache', () => {
    expect(startPlan(cost({ toSend: 0, fromCache: 10 }))).toEqual({ kind: 'free' });
  });

  it('says why nothing can be sent: the month used up, or the floor keeping what is left', () => {
    const empty = cost({
      sendable: 0,
      month: { limit: 1000, remainingBefore: 0, remainingAfter: 0, estimated: false },
    });
    expect(startPlan(empty)).toEqual({
      kind: 'blocked',
      why: "Nothing can be sent: the month's quota is used up until it resets.",
    });
    const floor = cost({
      sendable: 0,
      fromCache: 3,
      budgetFloor: 50,
      month: { limit: 1000, remainingBefore: 1, remainingAfter: 1, estimated: false },
    });
    expect(startPlan(floor)).toEqual({
      kind: 'cache-only',
      answers: 3,
      why: 'Nothing can be sent: 1 request is left this month and the budget floor keeps 50 for single lookups. Lower the floor to start.',
    });
  });
});

describe('stoppedWords', () => {
  const counts = { done: 40, failed: 2, total: 1200 };
  const month = (remaining: number): MonthNow => ({ remaining, limit: 10_000, resetAt: RESET });

  it('keeps the core’s sentence for other reasons and while the month is unknown', () => {
    expect(stoppedWords('user', { percent: 10 }, counts, month(5), NOW)).toBeNull();
    expect(stoppedWords('budget-floor', { percent: 10 }, counts, null, NOW)).toBeNull();
  });

  it('after the month ran out: waits for the reset, or says Resume goes on once it has reset', () => {
    expect(stoppedWords('month-exhausted', { count: 0 }, counts, month(0), NOW)).toEqual({
      text: "Stopped: the month's quota is used up (resets Dec 1, 00:00 UTC). 42 of 1,200 done; the rest wait — resume after the reset.",
      waits: true,
    });
    expect(stoppedWords('month-exhausted', { count: 0 }, counts, month(10_000), NOW)).toEqual({
      text: "Stopped when the month's quota ran out. The month has reset: 10,000 of 10,000 requests are left now, so Resume goes on. 42 of 1,200 done.",
      waits: false,
    });
  });

  it('at the budget floor: says how much Resume can send now, or what it waits for', () => {
    expect(stoppedWords('budget-floor', { percent: 10 }, counts, month(1500), NOW)).toEqual({
      text: 'Stopped at the budget floor earlier. Now 1,500 of 10,000 requests are left this month and 1,000 are kept for single lookups, so Resume can send up to 500 requests. 42 of 1,200 done.',
      waits: false,
    });
    expect(stoppedWords('budget-floor', { count: 1000 }, counts, month(900), NOW)).toEqual({
      text: 'Stopped at the budget floor: 900 of 10,000 requests are left this month and 1,000 are kept for single lookups. 42 of 1,200 done; the rest wait — resume after the month resets (Dec 1, 00:00 UTC).',
      waits: true,
    });
  });
});

describe('securityWords (the results table’s Flags column)', () => {
  const done = (security: BulkResultRow['security']) => securityWords({ status: 'done', security });
  it('puts a threat from 75 first, then the flags set; none when the answer says and sets none', () => {
    expect(done({ flags: ['VPN', 'Datacenter'], threatScore: 90 }).short).toBe('Threat 90, VPN, Datacenter');
    expect(done({ flags: ['Tor'], threatScore: 40 }).short).toBe('Tor');
    expect(done({ flags: [], threatScore: 10 })).toEqual({ short: 'none', full: 'No flags set; threat score 10.' });
  });
  it('says unknown when the answer says nothing of them, and nothing before an answer', () => {
    expect(done(null).short).toBe('unknown');
    expect(securityWords({ status: 'pending', security: null }).short).toBe('');
    expect(securityWords({ status: 'failed', security: null }).short).toBe('');
  });
});
