/**
 * The Report view's own words and sizes (pure): its bars and the map's text alternative. The figures and the words
 * every front end shares (coverage, percentages, country labels) are shared/report.ts's; nothing here counts again.
 */
import { wordsFor } from '../../shared/i18n';
import type { UiReportWords } from '../../shared/i18n/words';
import type { ReportPlace, ReportRow } from '../../shared/report';

/** The bar's width in percent of the widest: a row of 0 draws nothing, any other at least a sliver. */
export function barWidth(row: Pick<ReportRow, 'addresses'>, widest: number): number {
  if (!(widest > 0) || !(row.addresses > 0)) return 0;
  return Math.max(1, Math.round((row.addresses / widest) * 100));
}

/** A place in words: "Mountain View, United States: 400 hits from 3 addresses". */
export function placeWords(
  p: Pick<ReportPlace, 'label' | 'hits' | 'addresses'>,
  w: UiReportWords = wordsFor('en').w.uiReport,
): string {
  return w.place(p.label, p.hits, p.addresses);
}

/** The map's text alternative: the top places by hits (the report lists them most hits first), and how many more. */
export function mapAlternative(
  places: readonly ReportPlace[],
  top = 10,
  w: UiReportWords = wordsFor('en').w.uiReport,
): { lines: string[]; more: number } {
  return { lines: places.slice(0, top).map((p) => placeWords(p, w)), more: Math.max(0, places.length - top) };
}
