import { stringify } from 'csv-stringify/sync';
import { answerForExport, sentValue, type AnswerField, type SecurityFlagId } from '../../../shared/answer';
import { fileStamp } from '../lib/file-stamp';
import type { BulkItemRow } from '../storage/state-db-bulk';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/file-formats';

/**
 * Exports of a bulk job's rows, in input order, one writer per format of shared/file-formats.ts: CSV (chosen summary
 * columns) through csv-stringify, JSON and NDJSON (the whole answer per address). Written in chunks to a sink, so a 10 000-row job never becomes one
 * string in memory. CSV cells that begin with =, +, -, @, tab or CR get a leading apostrophe (csv-stringify's
 * escape_formulas): whois fields are written by strangers and must not run as spreadsheet formulas.
 */

/**
 * A column of the answer: the field as the service sent it (shared/answer.ts knows where each one sits). An export
 * keeps what was said — the raw ASN number, a name with a line break in it — and the CSV writer escapes it.
 */
const fromAnswer = (field: AnswerField | SecurityFlagId) => (r: BulkItemRow) => sentValue(r.body, field);

/** The summary fields a CSV can hold, read from the answer's `data` (or the body itself). */
export const EXPORT_COLUMNS = {
  ip: { label: 'ip', read: (r: BulkItemRow) => r.ip },
  line: { label: 'line', read: (r: BulkItemRow) => r.line },
  last_line: { label: 'last_line', read: (r: BulkItemRow) => r.lastLine },
  hits: { label: 'hits', read: (r: BulkItemRow) => r.hits },
  status: { label: 'status', read: (r: BulkItemRow) => r.status },
  source: { label: 'source', read: (r: BulkItemRow) => r.source },
  error: { label: 'error', read: (r: BulkItemRow) => r.error },
  flag: { label: 'note', read: (r: BulkItemRow) => r.flag },
  type: { label: 'type', read: fromAnswer('type') },
  hostname: { label: 'hostname', read: fromAnswer('hostname') },
  range_type: { label: 'range_type', read: fromAnswer('rangeType') },
  country_code: { label: 'country_code', read: fromAnswer('countryCode') },
  country: { label: 'country', read: fromAnswer('countryName') },
  region: { label: 'region', read: fromAnswer('region') },
  city: { label: 'city', read: fromAnswer('city') },
  zip: { label: 'zip', read: fromAnswer('zip') },
  latitude: { label: 'latitude', read: fromAnswer('latitude') },
  longitude: { label: 'longitude', read: fromAnswer('longitude') },
  timezone: { label: 'timezone', read: fromAnswer('timezone') },
  asn: { label: 'asn', read: fromAnswer('asn') },
  organization: { label: 'organization', read: fromAnswer('organization') },
  isp: { label: 'isp', read: fromAnswer('isp') },
  network: { label: 'network', read: fromAnswer('network') },
  threat_score: { label: 'threat_score', read: fromAnswer('threatScore') },
  is_vpn: { label: 'is_vpn', read: fromAnswer('vpn') },
  is_proxy: { label: 'is_proxy', read: fromAnswer('proxy') },
  is_tor: { label: 'is_tor', read: fromAnswer('tor') },
  is_datacenter: { label: 'is_datacenter', read: fromAnswer('datacenter') },
  is_abuser: { label: 'is_abuser', read: fromAnswer('abuser') },
} as const satisfies Record<string, { label: string; read: (r: BulkItemRow) => unknown }>;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

/** The fields of a results-table row (a subset of the export columns), for the window's table. */
export const TABLE_COLUMNS: readonly ExportColumn[] = [
  'country_code',
  'country',
  'region',
  'city',
  'asn',
  'organization',
  'isp',
  'threat_score',
  'is_vpn',
  'is_proxy',
  'is_tor',
];

/** A CSV's columns unless chosen: the address, its status, the table's fields and the error. */
export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumn[] = ['ip', 'hits', 'status', ...TABLE_COLUMNS, 'error'];

export function isExportColumn(c: string): c is ExportColumn {
  return Object.hasOwn(EXPORT_COLUMNS, c);
}

/** The value of column `c` for row `r`. */
export function readColumn(c: ExportColumn, r: BulkItemRow): unknown {
  return (EXPORT_COLUMNS[c].read as (r: BulkItemRow) => unknown)(r);
}

export interface ExportOptions {
  format: ExportFormat;
  /** CSV only (default DEFAULT_EXPORT_COLUMNS), in the order given. */
  columns?: readonly ExportColumn[];
  /**
   * CSV only: begin with a UTF-8 byte-order mark (U+FEFF), so a spreadsheet opened by a double-click (Excel) or with
   * LibreOffice's default import reads the file as UTF-8 ("São Paulo", not "SÃ£o Paulo"). Off unless asked
   * (`--bom`, the window's export): scripts reading the CSV get its first column's name as it is.
   */
  bom?: boolean;
}

/** The UTF-8 byte-order mark, as the first character of a text written as UTF-8. */
export const BOM = '\uFEFF';

const CHUNK = 500;

/** A format's writer: `rows` (input order) to `write`, in chunks; returns the number of rows written. */
type Writer = (rows: Iterable<BulkItemRow>, opts: ExportOptions, write: (chunk: string) => void) => number;

/**
 * CSV: the chosen summary columns (default DEFAULT_EXPORT_COLUMNS), through csv-stringify; a value the answer does not
 * give (missing, or a word that says unknown: shared/answer.ts UNKNOWN_WORDS) is an empty cell, whichever column.
 */
function writeCsv(rows: Iterable<BulkItemRow>, opts: ExportOptions, write: (chunk: string) => void): number {
  let n = 0;
  const cols = (opts.columns?.length ? opts.columns : DEFAULT_EXPORT_COLUMNS).filter(isExportColumn);
  const csv = (records: unknown[][], header: boolean) =>
    stringify(records, {
      header,
      columns: cols.map((c) => EXPORT_COLUMNS[c].label),
      escape_formulas: true,
      cast: { boolean: (b) => (b ? 'true' : 'false') },
    });
  let batch: unknown[][] = [];
  let first = true;
  const flush = () => {
    if (batch.length === 0 && !first) return;
    write(first && opts.bom ? `${BOM}${csv(batch, true)}` : csv(batch, first));
    first = false;
    batch = [];
  };
  for (const r of rows) {
    batch.push(cols.map((c) => readColumn(c, r)));
    n++;
    if (batch.length >= CHUNK) flush();
  }
  flush();
  return n;
}

/** One address's record in JSON and NDJSON: where it came from, how it ended and the whole answer. */
const record = (r: BulkItemRow) =>
  JSON.stringify({
    ip: r.ip,
    line: r.line,
    last_line: r.lastLine,
    hits: r.hits,
    status: r.status,
    source: r.source,
    error: r.error,
    answer: answerForExport(r.body),
  });

function writeNdjson(rows: Iterable<BulkItemRow>, _opts: ExportOptions, write: (chunk: string) => void): number {
  let n = 0;
  let buf: string[] = [];
  for (const r of rows) {
    buf.push(record(r));
    n++;
    if (buf.length >= CHUNK) {
      write(`${buf.join('\n')}\n`);
      buf = [];
    }
  }
  if (buf.length) write(`${buf.join('\n')}\n`);
  return n;
}

function writeJson(rows: Iterable<BulkItemRow>, _opts: ExportOptions, write: (chunk: string) => void): number {
  let n = 0;
  write('[');
  let buf: string[] = [];
  for (const r of rows) {
    buf.push(`${n === 0 ? '' : ','}\n${record(r)}`);
    n++;
    if (buf.length >= CHUNK) {
      write(buf.join(''));
      buf = [];
    }
  }
  write(`${buf.join('')}${n ? '\n' : ''}]\n`);
  return n;
}

/** One writer per format of EXPORT_FORMATS (shared/file-formats.ts). */
const WRITERS: Record<ExportFormat, Writer> = { csv: writeCsv, json: writeJson, ndjson: writeNdjson };

/** Writes `rows` (input order) as `format` to `write`, in chunks. Returns the number of rows written. */
export function writeExport(rows: Iterable<BulkItemRow>, opts: ExportOptions, write: (chunk: string) => void): number {
  return WRITERS[opts.format](rows, opts, write);
}

/** The whole export as one string (small jobs, tests). */
export function exportToString(rows: Iterable<BulkItemRow>, opts: ExportOptions): string {
  const parts: string[] = [];
  writeExport(rows, opts, (c) => parts.push(c));
  return parts.join('');
}

/**
 * "bulk-sign-ups-20261123-120347.csv": the job's label and the moment of the export to the second, so two exports
 * never share a name (the web preview also never writes over a file: save-file.ts).
 */
export function exportFileName(label: string, exportedAt: number, format: ExportFormat): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^0-9A-Za-z]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `bulk-${slug ? `${slug}-` : ''}${fileStamp(exportedAt)}.${EXPORT_FORMATS[format].extension}`;
}

export function summaryFields(
  r: BulkItemRow,
  columns: readonly ExportColumn[] = TABLE_COLUMNS,
): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const c of columns) {
    const v = readColumn(c, r);
    out[c] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  }
  return out;
}
