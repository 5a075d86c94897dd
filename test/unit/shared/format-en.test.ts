/**
 * The Intl-free en-US counts and dates (shared/format-en.ts, what shared/format.ts gives for 'en-US': the main
 * process's and the command line's sentences) print exactly what Intl prints, and shared/format.ts gives them.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { countText, orList, utcDayText, utcText } from '../../../shared/format-en';
import { formatCount, formatUtc, formatUtcDay } from '../../../shared/format';

/** What Intl itself prints (the reference: what the window shows for en-US). */
const intlCount = (n: number) =>
  Number.isFinite(n) ? new Intl.NumberFormat('en-US').format(Math.max(0, Math.round(n))) : '—';
const far = (t: number, now: number) => Math.abs(t - now) > 300 * 24 * 3600_000;
const intlUtcDay = (t: number, now: number) =>
  !(Number.isFinite(t) && Math.abs(t) <= 8.64e15)
    ? 'an unknown date'
    : new Intl.DateTimeFormat('en-US', {
        ...(far(t, now) ? { year: 'numeric' } : {}),
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(t));
const intlUtc = (t: number, now: number) =>
  !(Number.isFinite(t) && Math.abs(t) <= 8.64e15)
    ? 'an unknown date'
    : `${new Intl.DateTimeFormat('en-US', {
        ...(far(t, now) ? { year: 'numeric' } : {}),
        month: 'short',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZone: 'UTC',
      }).format(new Date(t))} UTC`;

it('counts: the same text as Intl.NumberFormat("en-US") and formatCount(n, "en-US")', () => {
  fc.assert(
    fc.property(
      fc.oneof(
        fc.integer({ min: -10, max: 2e9 }),
        fc.double({ min: -1e3, max: 1e12 }),
        fc.constantFrom(NaN, Infinity, 0.5, 999.5, 1e15),
      ),
      (n) => {
        expect(countText(n)).toBe(intlCount(n));
        expect(formatCount(n, 'en-US')).toBe(intlCount(n));
      },
    ),
    { numRuns: 2000 },
  );
});

it('dates: the same text as Intl and formatUtc / formatUtcDay(t, "en-US"), unknown instants included', () => {
  fc.assert(
    fc.property(
      fc.oneof(fc.integer({ min: -8.64e15, max: 8.64e15 }), fc.constantFrom(NaN, 1e300, 0, Date.UTC(2026, 11, 1))),
      fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) }),
      (t, now) => {
        expect(utcText(t, now)).toBe(intlUtc(t, now));
        expect(utcDayText(t, now)).toBe(intlUtcDay(t, now));
        expect(formatUtc(t, 'en-US', now)).toBe(intlUtc(t, now));
        expect(formatUtcDay(t, 'en-US', now)).toBe(intlUtcDay(t, now));
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

it('orList says a list of choices as a sentence does', () => {
  expect(orList(['csv', 'json', 'ndjson'])).toBe('csv, json or ndjson');
  expect(orList(['bash', 'zsh'])).toBe('bash or zsh');
  expect(orList(['csv'])).toBe('csv');
  expect(orList([])).toBe('');
});
