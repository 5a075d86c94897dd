import type { BulkPrepared, CostPreview } from '../../../shared/bulk';
import { formatCount } from '../../../shared/format';
import { countText } from '../../../shared/format-en';
import type { ExtractResult } from './extract';
import { parseIp, type IpProblem } from '../../../shared/ip';
import { MAX_EXPANDED } from './ranges';

/**
 * What a text holds and what looking it up costs, as one preview for every front end: the window's Bulk view (through
 * bulkPreview) and `lookup-tray bulk` both render `lines`, so a list with ranges reads the same in both. Pure.
 */

const LISTED = 100;

/**
 * The ranges a job leaves out unless they are expanded, in a sentence ("2 ranges (45.0.0.0/30, 45.1.1.1-45.1.1.5)
 * hold 9 addresses: Expand ranges looks them up too (up to 9 more requests)."), or null when there are none or they
 * are already expanded. `expandHint` names the way to expand them where the preview is shown.
 */
export function rangesNote(
  x: Pick<ExtractResult, 'ranges' | 'rangeAddresses' | 'expanded'>,
  expandHint: string,
): string | null {
  if (x.expanded || x.ranges.length === 0) return null;
  const shown = x.ranges.slice(0, 3).map((r) => r.text);
  const more = x.ranges.length > 3 ? `, … ${x.ranges.length - 3} more` : '';
  const count = x.ranges.length;
  const total = x.rangeAddresses;
  const n = formatCount(total, 'en-US');
  const held = `${count} range${count === 1 ? '' : 's'} (${shown.join(', ')}${more}) hold${count === 1 ? 's' : ''} ${n} address${total === 1 ? '' : 'es'}`;
  if (total > MAX_EXPANDED)
    return `${held}, more than the ${formatCount(MAX_EXPANDED, 'en-US')} that can be expanded: narrow ${count === 1 ? 'it' : 'them'} or split the list.`;
  return `${held}: ${expandHint} looks ${count === 1 ? 'it' : 'them'} up too (up to ${n} more request${total === 1 ? '' : 's'}).`;
}

/**
 * The preview in sentences: the cost (when there is one to show), then the ranges not counted in it; with no single
 * address, only what the ranges hold.
 */
export function previewLines(unique: number, cost: CostPreview | null, note: string | null): string[] {
  if (unique === 0) return note ? [`No single addresses, only ranges: ${note}`] : [];
  return [...(cost?.lines ?? []), ...(note ? [`Not counted above: ${note}`] : [])];
}

/**
 * A log's noise in one sentence ("600,000 version-like tokens skipped, e.g. 120.0.6099.109."), or null when there is
 * none (a list has none: its bad tokens are entries with their lines).
 */
export function noiseSentence(x: Pick<ExtractResult, 'noise' | 'noiseExample'>): string | null {
  if (x.noise === 0) return null;
  const n = `${countText(x.noise)} version-like token${x.noise === 1 ? '' : 's'}`;
  return `${n} skipped${x.noiseExample === null ? '' : `, e.g. ${x.noiseExample}`}.`;
}

/** An entry's problem as a fact when its message is parseIp's for its text as listed (not a range's, not cut). */
function problemOf(i: { text: string; message: string }): IpProblem | null {
  const p = parseIp(i.text);
  return !p.ok && p.message === i.message ? p.problem : null;
}

/** The whole preview of an extracted text, with its cost (null: no key, or no service to ask). */
export function prepareBulk(x: ExtractResult, cost: CostPreview | null, expandHint: string): BulkPrepared {
  const note = rangesNote(x, expandHint);
  return {
    unique: x.addresses.length,
    sample: x.addresses.slice(0, LISTED).map((a) => a.ip),
    excluded: x.excluded.slice(0, LISTED).map(({ ip, line, flag }) => ({ ip, line, flag })),
    excludedCount: x.excluded.length,
    invalid: x.invalid.map((i) => ({ ...i, problem: problemOf(i) })),
    invalidCount: x.invalidCount,
    noise: noiseSentence(x),
    noiseCount: x.noise,
    noiseExample: x.noiseExample,
    duplicates: x.duplicates,
    ranges: x.ranges,
    rangeAddresses: x.rangeAddresses,
    expanded: x.expanded,
    rangeMessage: x.rangeMessage,
    rangeLimit: x.rangeMessage === null ? null : { total: x.rangeAddresses, max: MAX_EXPANDED },
    lines: x.lines,
    preview: cost,
    rangesNote: note,
    previewLines: previewLines(x.addresses.length, cost, note),
  };
}
