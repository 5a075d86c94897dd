import type { BulkPrepared, CostPreview, RangesLeft } from '../../../shared/bulk';
import type { ExtractResult } from './extract';
import { MAX_EXPANDED } from './ranges';

/**
 * What a text holds and what looking it up costs, as one preview of facts for every front end: the window's Bulk view
 * (through bulkPreview) and `lookup-tray bulk` word them with the same catalog area (bulkPreview), so a list with
 * ranges reads the same in both. Pure.
 */

const LISTED = 100;

/** The ranges a job leaves out unless they are expanded, as a fact, or null when there are none or they are expanded. */
export function rangesLeft(x: Pick<ExtractResult, 'ranges' | 'rangeAddresses' | 'expanded'>): RangesLeft | null {
  if (x.expanded || x.ranges.length === 0) return null;
  return {
    count: x.ranges.length,
    shown: x.ranges.slice(0, 3).map((r) => r.text),
    total: x.rangeAddresses,
    max: MAX_EXPANDED,
  };
}

/** The whole preview of an extracted text, with its cost (null: no key, or no service to ask). */
export function prepareBulk(x: ExtractResult, cost: CostPreview | null): BulkPrepared {
  return {
    unique: x.addresses.length,
    sample: x.addresses.slice(0, LISTED).map((a) => a.ip),
    excluded: x.excluded.slice(0, LISTED).map(({ ip, line, flag }) => ({ ip, line, flag })),
    excludedCount: x.excluded.length,
    invalid: x.invalid,
    invalidCount: x.invalidCount,
    noiseCount: x.noise,
    noiseExample: x.noiseExample,
    duplicates: x.duplicates,
    ranges: x.ranges,
    rangeAddresses: x.rangeAddresses,
    expanded: x.expanded,
    rangeLimit: x.rangeLimit,
    lines: x.lines,
    preview: cost,
    rangesLeft: rangesLeft(x),
  };
}
