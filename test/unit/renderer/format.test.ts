/**
 * The window's own formatting (renderer/src/format.ts): one clock, the core's sentences in the window's number
 * format, ages and sizes in words. (The window's locale is the process's: en-US here, as on CI.)
 */
import { describe, expect, it } from 'vitest';
import {
  formatAge,
  formatSize,
  formatWhen,
  localTimeOf,
  sameNumbers,
  stillLimited,
} from '../../../renderer/src/format';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('sameNumbers', () => {
  it('groups the core’s long numbers as the window does, and leaves years, times and addresses alone', () => {
    expect(sameNumbers('16 777 216 addresses in 10.0.0.0/8, 43200 s')).toBe(
      '16,777,216 addresses in 10.0.0.0/8, 43,200 s',
    );
    expect(sameNumbers('Resets Dec 1, 2026, 00:00 UTC; 1234 left; 192.168.1.10')).toBe(
      'Resets Dec 1, 2026, 00:00 UTC; 1234 left; 192.168.1.10',
    );
  });
});

describe('formatAge', () => {
  it('says how long ago in words', () => {
    expect(formatAge(10_000)).toBe('just now');
    expect(formatAge(-5_000)).toBe('just now');
    expect(formatAge(3 * MIN)).toBe('3 minutes ago');
    expect(formatAge(2 * HOUR)).toBe('2 hours ago');
    expect(formatAge(8 * 24 * HOUR)).toBe('8 days ago');
  });

  it('after "Try anyway" was refused again', () => {
    expect(stillLimited(1000, 1000)).toBe('Still limited (checked just now)');
  });
});

describe('formatWhen', () => {
  it('gives the time alone within 12 hours and the day too before that; an impossible instant is unknown', () => {
    const now = Date.UTC(2026, 10, 26, 15);
    expect(formatWhen(now - HOUR, now)).toMatch(/^at \d{2}:\d{2}$/);
    expect(formatWhen(now - 13 * HOUR, now)).toMatch(/^on [A-Z][a-z]{2} \d{1,2} at \d{2}:\d{2}$/);
    expect(formatWhen(Number.NaN, now)).toBe('at an unknown time');
  });
});

describe('localTimeOf', () => {
  it('reads the wall-clock time of an ISO timestamp with its offset, and nothing else', () => {
    expect(localTimeOf('2026-11-26T05:17:48-08:00')).toBe('05:17');
    expect(localTimeOf('tomorrow')).toBeNull();
  });
});

describe('formatSize', () => {
  it('says decimal kilobytes and megabytes, as file managers do', () => {
    expect(formatSize(20_300_000)).toBe('20.3 MB');
    expect(formatSize(1_000_000)).toBe('1.0 MB');
    expect(formatSize(2_400)).toBe('2 kB');
  });
});
