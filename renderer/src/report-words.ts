/**
 * The Report view's words (pure): how much of the job the report covers, shares, and the map's text alternative.
 * The figures are the core's (shared/report.ts); nothing here counts again.
 */
import { formatCount, formatCountOf } from './format';
import type { BulkReport, ReportPlace, ReportRow } from '../../shared/report';

/** "42 %", "< 1 %" for a share above 0 that rounds to 0, "0 %" for none. */
export function formatShare(share: number): string {
  if (!Number.isFinite(share) || share <= 0) return '0 %';
  const pct = Math.round(share * 100);
  return pct === 0 ? '< 1 %' : `${Math.min(100, pct)} %`;
}

/** The bar's width in percent of the widest: a row of 0 draws nothing, any other at least a sliver. */
export function barWidth(row: Pick<ReportRow, 'addresses'>, widest: number): number {
  if (!(widest > 0) || !(row.addresses > 0)) return 0;
  return Math.max(1, Math.round((row.addresses / widest) * 100));
}

/**
 * What the report covers, in two sentences: the job's answered share, and what was not looked up. A report never
 * sends anything, so it says so.
 */
export function coverageWords(r: BulkReport): string[] {
  const c = r.coverage;
  const lines = [
    `${formatCount(c.answered)} of ${formatCountOf(c.total, 'address', 'addresses')} answered (${formatShare(
      c.share,
    )}), seen ${formatCountOf(c.hits, 'time')} in the input. Made from the answers already kept: no request sent.`,
  ];
  const apart = [
    c.privateOrReserved > 0 ? `${formatCount(c.privateOrReserved)} private or reserved` : null,
    c.failed > 0 ? `${formatCount(c.failed)} failed` : null,
    c.pending > 0 ? `${formatCount(c.pending)} not asked yet` : null,
  ].filter((s): s is string => s !== null);
  if (apart.length > 0) lines.push(`Not looked up, counted apart: ${apart.join(', ')}.`);
  return lines;
}

/** A place in words: "Mountain View, United States: 400 hits from 3 addresses". */
export function placeWords(p: Pick<ReportPlace, 'label' | 'hits' | 'addresses'>): string {
  return `${p.label}: ${formatCountOf(p.hits, 'hit')} from ${formatCountOf(p.addresses, 'address', 'addresses')}`;
}

/** The map's text alternative: the top places by hits (the report lists them most hits first), and how many more. */
export function mapAlternative(places: readonly ReportPlace[], top = 10): { lines: string[]; more: number } {
  return { lines: places.slice(0, top).map(placeWords), more: Math.max(0, places.length - top) };
}
