/**
 * English: what a checked bulk list holds beyond its addresses, from the core's facts (shared/bulk.ts BulkPrepared):
 * a log's skipped noise and ranges too large to expand. The window words them; the data (an example token) is shown
 * as found, by the caller, outside the sentence.
 */
import type { Fmt } from '../fmt';

export const bulkPreview = (f: Fmt) => ({
  /** "600,000 version-like tokens skipped, e.g." — the example follows as data (or "." when there is none). */
  noise: (count: number, withExample: boolean) =>
    `${f.count(count, { one: 'version-like token', other: 'version-like tokens' })} skipped${withExample ? ', e.g. ' : '.'}`,
  /** After the example. */
  noiseEnd: '.',
  /** Ranges asked to be expanded, over the cap. */
  rangeLimit: (total: number, max: number) =>
    `The ranges hold ${f.num(total)} addresses; at most ${f.num(max)} can be expanded. Narrow the ranges or split the list.`,
});
