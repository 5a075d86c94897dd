/**
 * `lookup --csv`: CSV written the way the bulk exporter writes it (electron/core/bulk/export.ts): csv-stringify with
 * RFC 4180 quoting and escape_formulas, so a cell (or a header taken from an answer's field names) that begins with
 * =, +, -, @, tab or CR gets a leading apostrophe and never runs as a spreadsheet formula — whois fields are written
 * by strangers. Numbers stay numbers (-33.9 is not escaped), booleans are true/false, objects and arrays JSON.
 * Loaded only for --csv.
 */
import { stringify } from 'csv-stringify/sync';

/** A header row of `columns` and one row per entry of `rows`, each line ending in \n. */
export function csvText(columns: readonly string[], rows: readonly unknown[][]): string {
  return stringify([...rows], {
    header: true,
    columns: [...columns],
    escape_formulas: true,
    cast: { boolean: (b) => (b ? 'true' : 'false') },
  });
}
