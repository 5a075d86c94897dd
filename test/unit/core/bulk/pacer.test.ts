import { describe, expect, it } from 'vitest';
import { pace, type PaceInput } from '../../../../electron/core/bulk/pacer';
import { emptyQuotaState, type QuotaState } from '../../../../shared/quota';

/** Server clock 12:00:10; the local clock is 3 s behind (skew +3 s). */
const NOW = Date.UTC(2026, 10, 22, 12, 0, 10);
const RESET = Date.UTC(2026, 10, 22, 12, 1, 0);
const SKEW = 3000;

function input(over: Partial<QuotaState> = {}, p: Partial<PaceInput> = {}): PaceInput {
  const quota: QuotaState = {
    ...emptyQuotaState('default', NOW),
    asOf: NOW,
    skewMs: SKEW,
    minutePlan: 'limited',
    month: {
      limit: 1000,
      remaining: 500,
      observedAt: NOW,
      resetAt: Date.UTC(2026, 11, 1),
      level: 'ok',
      estimated: false,
    },
    minute: { limit: 60, remaining: 10, observedAt: NOW, resetAt: RESET, level: 'ok', estimated: false },
    ...over,
  };
  return { quota, inFlight: 0, maxInFlight: 1, floor: 50, reserve: 1, releaseMs: 2000, seen: null, ...p };
}

const minute = (remaining: number, resetAt = RESET) => ({
  limit: 60,
  remaining,
  observedAt: NOW,
  resetAt,
  level: 'ok' as const,
  estimated: false,
});

describe('bulk pacer', () => {
  it('sends while the minute window has more left than the kept slot', () => {
    expect(pace(input())).toEqual({ kind: 'send' });
    expect(pace(input({ minute: minute(2) }))).toEqual({ kind: 'send' });
  });

  it('keeps the last slot of a window for single lookups until 2 s before the reset (local clock)', () => {
    expect(pace(input({ minute: minute(1) }))).toEqual({ kind: 'wait', until: RESET - 2000 - SKEW, why: 'reserve' });
    expect(pace(input({ minute: minute(1), asOf: RESET - 2000 }))).toEqual({ kind: 'send' });
  });

  it('waits for the window to reset when nothing is left (on the server clock, turned local)', () => {
    expect(pace(input({ minute: minute(0) }))).toEqual({ kind: 'wait', until: RESET - SKEW, why: 'minute-window' });
  });

  it('counts requests in flight, and the lowest remaining seen in this window', () => {
    expect(pace(input({ minute: minute(3) }, { inFlight: 2, maxInFlight: 4 }))).toEqual({
      kind: 'wait',
      until: null,
      why: 'in-flight',
    });
    expect(pace(input({ minute: minute(9) }, { seen: { resetAt: RESET, remaining: 1 } }))).toMatchObject({
      kind: 'wait',
      why: 'reserve',
    });
    expect(pace(input({ minute: minute(9) }, { seen: { resetAt: RESET - 60_000, remaining: 0 } }))).toEqual({
      kind: 'send',
    });
  });

  it("counts other jobs' requests in flight to the same service: the last slot they took is not sent again", () => {
    // Two left, one kept for single lookups, another job's request in flight: nothing to send; its answer wakes us.
    expect(pace(input({ minute: minute(2) }, { othersInFlight: 1 }))).toEqual({
      kind: 'wait',
      until: null,
      why: 'in-flight',
    });
    expect(pace(input({ minute: minute(3) }, { othersInFlight: 1, maxInFlight: 2 }))).toEqual({ kind: 'send' });
  });

  it('jobs of one service take turns: at most maxInFlight requests in flight to it, whatever the number of jobs', () => {
    // Slots left in the minute and the month, but another job's request is in flight: one refusal at most if the
    // month ran out elsewhere, not one per job.
    const wait = { kind: 'wait', until: null, why: 'in-flight' };
    expect(pace(input({ minute: minute(5) }, { othersInFlight: 1, maxInFlight: 1 }))).toEqual(wait);
    expect(
      pace(input({ minutePlan: 'none', minute: null }, { othersInFlight: 1, inFlight: 1, maxInFlight: 2 })),
    ).toEqual(wait);
    expect(pace(input({ minutePlan: 'none', minute: null }, { othersInFlight: 1, maxInFlight: 2 }))).toEqual({
      kind: 'send',
    });
  });

  it('an unknown minute limit: one request at a time; no minute limit: up to maxInFlight', () => {
    const unknown = input({ minutePlan: 'unknown', minute: null });
    expect(pace(unknown)).toEqual({ kind: 'send' });
    expect(pace({ ...unknown, inFlight: 1, maxInFlight: 4 })).toMatchObject({ kind: 'wait', until: null });
    const none = input({ minutePlan: 'none', minute: null }, { maxInFlight: 4, inFlight: 3 });
    expect(pace(none)).toEqual({ kind: 'send' });
  });

  it('a cooldown is waited out; a month cooldown stops the job', () => {
    expect(pace(input({ cooldown: { scope: 'minute', until: RESET, since: NOW } }))).toEqual({
      kind: 'wait',
      until: RESET - SKEW,
      why: 'cooldown',
    });
    expect(pace(input({ cooldown: { scope: 'month', until: Date.UTC(2026, 11, 1), since: NOW } }))).toEqual({
      kind: 'stop',
      reason: 'month-exhausted',
    });
  });

  it('stops before the month remaining would fall below the floor', () => {
    const month = (remaining: number) => ({
      limit: 1000,
      remaining,
      observedAt: NOW,
      resetAt: Date.UTC(2026, 11, 1),
      level: 'low' as const,
      estimated: false,
    });
    expect(pace(input({ month: month(51) }))).toEqual({ kind: 'send' }); // 50 left after it: at the floor
    expect(pace(input({ month: month(50) }))).toEqual({ kind: 'stop', reason: 'budget-floor' });
    expect(pace(input({ month: month(0) }, { floor: 0 }))).toEqual({ kind: 'stop', reason: 'month-exhausted' });
    expect(pace(input({ month: month(52) }, { inFlight: 2, maxInFlight: 4 }))).toMatchObject({ kind: 'wait' });
    // The month not known yet: one request at a time until it is.
    expect(pace(input({ month: null }, { floor: null, inFlight: 1, maxInFlight: 4 }))).toMatchObject({ kind: 'wait' });
  });
});
