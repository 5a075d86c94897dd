/** The property tests' seed is fixed: two draws of the same arbitrary in this layer give the same values. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { FC_SEED } from '../../helpers/fast-check-seed';

it(`fast-check draws from the fixed seed (${FC_SEED}) in every property test of the unit layer`, () => {
  expect(fc.readConfigureGlobal().seed).toBe(FC_SEED);
  const draws: number[][] = [];
  for (let k = 0; k < 2; k++) {
    const seen: number[] = [];
    fc.assert(
      fc.property(fc.integer(), (n) => {
        seen.push(n);
      }),
      { numRuns: 5 },
    );
    draws.push(seen);
  }
  expect(draws[0]).toEqual(draws[1]);
});
