import { describe, expect, it } from 'vitest';
import { extractAddresses } from '../../../../electron/core/bulk/extract';
import { prepareBulk } from '../../../../electron/core/bulk/prepare';
import { previewCost } from '../../../../electron/core/bulk/cost';
import type { QuotaState } from '../../../../shared/quota';
import type { BulkPrepared } from '../../../../shared/bulk';
import { wordsFor } from '../../../../shared/i18n';
import type { CostFace } from '../../../../shared/i18n/en/bulk-preview';

/** The preview as both faces say it in English: the cost's lines, then the ranges it does not count (or only them). */
function previewLines(p: BulkPrepared, face: CostFace): string[] {
  const w = wordsFor('en').w.bulkPreview;
  const note = p.rangesLeft && w.rangesNote(p.rangesLeft, face);
  if (p.unique === 0) return note ? [w.onlyRanges(note)] : [];
  const c = p.preview && w.cost(p.preview, face);
  const cost = c ? [c.first, c.month, c.floor, ...(c.stops ? [c.stops] : []), c.time] : [];
  return [...cost, ...(note ? [w.notCounted(note)] : [])];
}

const quota = {
  month: { limit: 1000, remaining: 1000, resetAt: 0, estimated: false },
  minute: null,
  minutePlan: 'none',
  asOf: 0,
} as unknown as QuotaState;

describe('bulk preview: one for the window and the command line', () => {
  it('a list of only ranges says what they hold (no "0 unique addresses"), with or without a cost', () => {
    const x = extractAddresses('45.0.0.0/30\n45.1.1.1-45.1.1.5\n');
    const p = prepareBulk(x, null);
    expect(p.unique).toBe(0);
    expect(previewLines(p, 'cli')).toEqual([
      'No single addresses, only ranges: 2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 9 addresses: --expand-ranges looks them up too (up to 9 more requests).',
    ]);
  });

  it('beside single addresses, the ranges follow the cost as "Not counted above"; expanded, they are counted', () => {
    const text = '8.8.8.8\n45.0.0.0/30\n45.1.1.1-45.1.1.5\n';
    const x = extractAddresses(text);
    const p = prepareBulk(x, previewCost({ unique: 1, fromCache: 0, quota }));
    expect(previewLines(p, 'window')[0]).toBe('1 unique address: 0 answered from the cache (free), 1 to send.');
    expect(previewLines(p, 'window').at(-1)).toBe(
      'Not counted above: 2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5) hold 9 addresses: “Expand ranges” looks them up too (up to 9 more requests).',
    );
    const e = extractAddresses(text, { expandRanges: true });
    const pe = prepareBulk(e, previewCost({ unique: e.addresses.length, fromCache: 0, quota }));
    expect(previewLines(pe, 'cli')[0]).toBe('10 unique addresses: 0 answered from the cache (free), 10 to send.');
    expect(pe.rangesLeft).toBeNull();
  });

  it('ranges beyond the expansion cap say so instead of offering to expand them', () => {
    const p = prepareBulk(extractAddresses('198.18.0.0/15\n45.0.0.0/30\n'), null);
    expect(previewLines(p, 'cli')).toEqual([
      'No single addresses, only ranges: 2 ranges (198.18.0.0/15, 45.0.0.0/30) hold 131,076 addresses, more than the 65,536 that can be expanded: narrow them or split the list.',
    ]);
  });
});
