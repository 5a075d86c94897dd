/**
 * The tray model is total: whatever state it is given — absurd instants (1e300), NaN, negative or huge counts,
 * windows that disagree — it returns a model and never throws (a throw there used to stop the app at every start).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { buildTrayModel } from '../../../../electron/shell/tray-words';
import type { QuotaWindow } from '../../../../shared/quota';
import { NOW, snapshot } from '../../../helpers/fake-core';

const anyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(NaN, Infinity, -Infinity, 1e300, -1e300, 8.64e15 + 1, 0, NOW),
);
const level = fc.constantFrom('ok', 'low', 'critical', 'exhausted' as const);
const win: fc.Arbitrary<QuotaWindow | null> = fc.option(
  fc.record({
    limit: anyNumber,
    remaining: anyNumber,
    observedAt: anyNumber,
    resetAt: anyNumber,
    level,
    estimated: fc.boolean(),
  }),
);

it('never throws, whatever the snapshot holds', () => {
  fc.assert(
    fc.property(
      win,
      win,
      fc.option(fc.record({ scope: fc.constantFrom('minute', 'month' as const), until: anyNumber, since: anyNumber })),
      fc.option(anyNumber),
      anyNumber,
      anyNumber,
      fc.boolean(),
      fc.boolean(),
      (month, minute, cooldown, pausedUntil, skewMs, now, demo, hasKey) => {
        const s = snapshot(
          {
            demo: { active: demo },
            key: hasKey
              ? { hasKey, masked: '••••••abcd', storage: 'keychain' }
              : { hasKey, masked: null, storage: 'none' },
            notifications: { pausedUntil },
          },
          { month, minute, cooldown, skewMs, lastError: null },
        );
        const m = buildTrayModel(s, now);
        expect(m.statusLines.every((l) => typeof l === 'string')).toBe(true);
        expect(typeof m.tooltip).toBe('string');
        expect(m.nextChangeAt === null || typeof m.nextChangeAt === 'number').toBe(true);
      },
    ),
    { numRuns: 3000 },
  );
});
