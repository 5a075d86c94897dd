import { describe, expect, it } from 'vitest';
import { quickMode } from '../../../bench/quick';

// `npm test` runs every bench section with BENCH_QUICK=1 (scripts/test-all.mjs). A value that silently meant "full
// run" would turn that layer into a ten-minute benchmark; one that silently meant "quick" would make
// `npm run bench` print meaningless figures. Anything but 1 or 0 is refused.
describe('BENCH_QUICK', () => {
  it('1 is quick mode', () => {
    expect(quickMode({ BENCH_QUICK: '1' })).toBe(true);
    expect(quickMode({ BENCH_QUICK: ' 1 ' })).toBe(true);
  });

  it('unset, empty or 0 is a full run', () => {
    expect(quickMode({})).toBe(false);
    expect(quickMode({ BENCH_QUICK: '' })).toBe(false);
    expect(quickMode({ BENCH_QUICK: '0' })).toBe(false);
  });

  it('anything else is refused, naming the value', () => {
    for (const v of ['true', 'yes', '2', 'quick'])
      expect(() => quickMode({ BENCH_QUICK: v })).toThrow(`BENCH_QUICK must be 1 (quick mode) or 0, got "${v}"`);
  });
});
