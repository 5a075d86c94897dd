/** The CLI's Intl-free counts and dates (electron/cli/format-fast.ts) print exactly what shared/format.ts prints. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { countText, utcDayText, utcText } from '../../electron/cli/format-fast';
import { formatCount, formatUtc, formatUtcDay } from '../../shared/format';

it('counts: the same text as formatCount(n, "en-US")', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -10, max: 2e9 }),
        fc.double({ min: -1e3, max: 1e12 }),
        fc.constantFrom(NaN, Infinity, 0.5, 999.5, 1e15),
      ),
      (n) => {
        expect(countText(n)).toBe(formatCount(n, 'en-US'));
      },
    ),
    { numRuns: 2000 },
  );
});

it('dates: the same text as formatUtc / formatUtcDay(t, "en-US"), unknown instants included', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.constantFrom(NaN, 1e300, 0, Date.UTC(2026, 11, 1))),
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
      (t, now) => {
        expect(utcText(t, now)).toBe(formatUtc(t, 'en-US', now));
        expect(utcDayText(t, now)).toBe(formatUtcDay(t, 'en-US', now));
      },
    ),
    { numRuns: 2000 },
  );
});

it('a date more than a year away carries its year; a near one does not', () => {
  const now = Date.UTC(2026, 10, 25);
  expect(formatUtc(Date.UTC(2036, 10, 21), 'en-US', now)).toBe('Nov 21, 2036, 00:00 UTC');
  expect(utcText(Date.UTC(2036, 10, 21), now)).toBe('Nov 21, 2036, 00:00 UTC');
  expect(formatUtc(Date.UTC(2026, 11, 1), 'en-US', now)).toBe('Dec 1, 00:00 UTC');
});
