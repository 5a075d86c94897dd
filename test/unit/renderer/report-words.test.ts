import { describe, expect, it } from 'vitest';
import type { BulkReport, ReportPlace } from '../../../shared/report';
import { barWidth, coverageWords, formatShare, mapAlternative, placeWords } from '../../../renderer/src/report-words';

function report(coverage: Partial<BulkReport['coverage']>): BulkReport {
  return {
    jobId: 'j',
    label: 'auth.log',
    state: 'finished',
    madeAt: 0,
    requests: 0,
    coverage: {
      total: 0,
      answered: 0,
      failed: 0,
      pending: 0,
      privateOrReserved: 0,
      notLookedUp: 0,
      hits: 0,
      share: 0,
      ...coverage,
    },
    countries: [],
    asns: [],
    flags: [],
    threat: [],
    top: [],
    places: [],
  };
}

describe('the Report view in words', () => {
  it('gives shares in whole percent, a sliver as "< 1 %", nothing and nonsense as 0 %', () => {
    expect(formatShare(0.4249)).toBe('42 %');
    expect(formatShare(1)).toBe('100 %');
    expect(formatShare(0.004)).toBe('< 1 %');
    expect(formatShare(0)).toBe('0 %');
    expect(formatShare(Number.NaN)).toBe('0 %');
  });

  it('draws bars against the widest row: 0 draws nothing, any other row at least 1 %', () => {
    expect(barWidth({ addresses: 50 }, 100)).toBe(50);
    expect(barWidth({ addresses: 100 }, 100)).toBe(100);
    expect(barWidth({ addresses: 1 }, 10_000)).toBe(1);
    expect(barWidth({ addresses: 0 }, 100)).toBe(0);
    expect(barWidth({ addresses: 3 }, 0)).toBe(0);
  });

  it('says how much of the job is covered and counts what was not looked up apart', () => {
    const r = report({ total: 10, answered: 6, failed: 1, pending: 2, privateOrReserved: 1, hits: 420, share: 0.6 });
    expect(coverageWords(r)).toEqual([
      '6 of 10 addresses answered (60 %), seen 420 times in the input. Made from the answers already kept: no request sent.',
      'Not looked up, counted apart: 1 private or reserved, 1 failed, 2 not asked yet.',
    ]);
    expect(coverageWords(report({ total: 1, answered: 1, hits: 1, share: 1 }))).toEqual([
      '1 of 1 address answered (100 %), seen 1 time in the input. Made from the answers already kept: no request sent.',
    ]);
  });

  it('lists the top places as the map’s text alternative, and how many more', () => {
    const places: ReportPlace[] = Array.from({ length: 12 }, (_, i) => ({
      lat: i,
      lon: i,
      hits: 12 - i,
      addresses: 1,
      flag: 'none',
      label: `Place ${i}`,
    }));
    const alt = mapAlternative(places);
    expect(alt.lines).toHaveLength(10);
    expect(alt.lines[0]).toBe('Place 0: 12 hits from 1 address');
    expect(alt.more).toBe(2);
    expect(placeWords({ label: 'Lima, Peru', hits: 1, addresses: 2 })).toBe('Lima, Peru: 1 hit from 2 addresses');
  });
});
