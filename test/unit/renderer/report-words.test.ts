import { describe, expect, it } from 'vitest';
import type { ReportPlace } from '../../../shared/report';
import { barWidth, mapAlternative, placeWords } from '../../../renderer/src/report-words';

describe('the Report view in words', () => {
  it('draws bars against the widest row: 0 draws nothing, any other row at least 1 %', () => {
    expect(barWidth({ addresses: 50 }, 100)).toBe(50);
    expect(barWidth({ addresses: 100 }, 100)).toBe(100);
    expect(barWidth({ addresses: 1 }, 10_000)).toBe(1);
    expect(barWidth({ addresses: 0 }, 100)).toBe(0);
    expect(barWidth({ addresses: 3 }, 0)).toBe(0);
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
