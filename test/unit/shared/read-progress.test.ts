import { describe, expect, it } from 'vitest';
import { formatBytes, readProgressText } from '../../../shared/read-progress';

describe('bulk: the progress line while reading the input (a terminal only)', () => {
  it('says bytes read of the total, addresses found and the time left', () => {
    const p = { bytes: 2_500_000_000, total: 10_000_000_000, found: 52_000, elapsedMs: 10_000 };
    expect(readProgressText('big.log', p)).toBe('big.log: 2.5 GB of 10 GB read, 52,000 addresses, 0:30 left');
  });

  it('off a file (a pipe) there is no total and no time left; the first second has no estimate', () => {
    expect(readProgressText('standard input', { bytes: 999, total: null, found: 1, elapsedMs: 5000 })).toBe(
      'standard input: 999 bytes read, 1 address',
    );
    expect(readProgressText('a.log', { bytes: 10, total: 100, found: 0, elapsedMs: 500 })).toBe(
      'a.log: 10 bytes of 100 bytes read, 0 addresses',
    );
  });

  it('sizes in powers of 1000', () => {
    expect([0, 999, 1000, 12_345, 850_000_000, 1_234_567_890].map(formatBytes)).toEqual([
      '0 bytes',
      '999 bytes',
      '1.0 kB',
      '12 kB',
      '850 MB',
      '1.2 GB',
    ]);
  });
});
