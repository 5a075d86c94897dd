import { describe, expect, it } from 'vitest';
import { sameState } from '../../../../../electron/core/service/store/state-emitter';
import type { QuotaState } from '../../../../../shared/quota';

const base: QuotaState = {
  profile: 'p',
  month: { limit: 1000, remaining: 900, observedAt: 1, resetAt: 2, level: 'ok', estimated: false },
  minute: null,
  minutePlan: 'none',
  cooldown: null,
  forecast: { kind: 'runs-out', pace: 1.2, runsOutAt: 50 },
  lastError: null,
  asOf: 10,
  skewMs: 0,
  statusCheck: 'unknown',
};

describe('sameState (what counts as a quota state change)', () => {
  it('ignores the snapshot instant and the pace drifting with time', () => {
    expect(sameState(base, { ...base, asOf: 99, forecast: { kind: 'runs-out', pace: 1.3, runsOutAt: 50 } })).toBe(true);
    expect(sameState(base, structuredClone(base))).toBe(true);
  });

  it('sees a change in any figure, window, cooldown, forecast kind or end, error, skew or status support', () => {
    const changed: Partial<QuotaState>[] = [
      { month: { ...base.month!, remaining: 899 } },
      { month: null },
      { minute: { limit: 10, remaining: 9, observedAt: 1, resetAt: 2, level: 'ok', estimated: false } },
      { minutePlan: 'limited' },
      { cooldown: { scope: 'minute', until: 5, since: 1 } },
      { forecast: { kind: 'runs-out', pace: 1.2, runsOutAt: 51 } },
      { forecast: { kind: 'lasts', pace: 1.2 } },
      { lastError: 'server-error' },
      { skewMs: 1 },
      { statusCheck: 'supported' },
      { profile: 'q' },
    ];
    for (const c of changed) expect(sameState(base, { ...base, ...c }), JSON.stringify(c)).toBe(false);
  });
});
