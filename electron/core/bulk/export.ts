import { stringify } from 'csv-stringify/sync';
import { fileStamp } from '../lib/file-stamp';
import { isObj } from '../lib/guards';
import type { BulkItemRow } from '../storage/state-db-bulk';

/**
 * Exports of a bulk job's rows, in input order: CSV (chosen summary columns) through csv-stringify, JSON and
 * NDJSON (the whole answer per address). Written in chunks to a sink, so a 10 000-row job never becomes one
 * string in memory. CSV cells that begin with =, +, -, @, tab or CR get a leading apostrophe (csv-stringify's
 * escape_formulas): whois fields are written by strangers and must not run as spreadsheet formulas.
 */

export type ExportFormat = 'csv' | 'json' | 'ndjson';

type Data = Record<string, unknown>;

const str = (v: unknown): string | number | boolean | null =>
  typeof v === 'string' || typeof v === 'boolean' ? v : typeof v === 'number' && Number.isFinite(v) ? v : null;
const at = (d: Data | null, ...path: string[]): unknown => {
  let v: unknown = d;
  for (const p of path) v = isObj(v) ? v[p] : undefined;
  return v;
};

/** A column read from the answer's fields at `path`. */
const fromAnswer =
  (...path: string[]) =>
  (_r: BulkItemRow, d: Data | null) =>
    str(at(d, ...path));

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
  range_type: { label: 'range_type', read: fromAnswer('range_type', 'type') },
  country_code: { label: 'country_code', read: fromAnswer('location', 'country', 'alpha2') },
  country: { label: 'country', read: fromAnswer('location', 'country', 'name') },
  region: { label: 'region', read: fromAnswer('location', 'region', 'name') },
  city: { label: 'city', read: fromAnswer('location', 'city', 'name') },
  zip: { label: 'zip', read: fromAnswer('location', 'zip') },
  latitude: { label: 'latitude', read: fromAnswer('location', 'latitude') },
  longitude: { label: 'longitude', read: fromAnswer('location', 'longitude') },
  timezone: { label: 'timezone', read: fromAnswer('timezone', 'id') },
  asn: { label: 'asn', read: fromAnswer('connection', 'asn') },
  organization: { label: 'organization', read: fromAnswer('connection', 'organization') },
  isp: { label: 'isp', read: fromAnswer('connection', 'isp') },
  network: { label: 'network', read: fromAnswer('connection', 'range') },
  threat_score: { label: 'threat_score', read: fromAnswer('security', 'threat_score') },
  is_vpn: { label: 'is_vpn', read: fromAnswer('security', 'is_vpn') },
  is_proxy: { label: 'is_proxy', read: fromAnswer('security', 'is_proxy') },
  is_tor: { label: 'is_tor', read: fromAnswer('security', 'is_tor') },
  is_datacenter: { label: 'is_datacenter', read: fromAnswer('security', 'is_datacenter') },
  is_abuser: { label: 'is_abuser', read: fromAnswer('security', 'is_abuser') },
} as const satisfies Record<string, { label: string; read: (r: BulkItemRow, d: Data | null) => unknown }>;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

export const DEFAULT_EXPORT_COLUMNS: readonly ExportColumn[] = [
  'ip',
  'hits',
  'status',
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
  'error',
];

export function isExportColumn(c: string): c is ExportColumn {
  return Object.hasOwn(EXPORT_COLUMNS, c);
}

/** The `data` object of `{"data": {...}}`, or the body itself when it is an object without one. */
function dataOf(body: unknown): Data | null {
  if (!isObj(body)) return null;
  return isObj(body.data) ? body.data : body;
}

export interface ExportOptions {
  format: ExportFormat;
  /** CSV only (default DEFAULT_EXPORT_COLUMNS), in the order given. */
  columns?: readonly ExportColumn[];
}

const CHUNK = 500;

/** Writes `rows` (input order) as `format` to `write`, in chunks. Returns the number of rows written. */
export function writeExport(rows: Iterable<BulkItemRow>, opts: ExportOptions, write: (chunk: string) => void): number {
  let n = 0;
  if (opts.format === 'csv') {
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
      write(csv(batch, first));
      first = false;
      batch = [];
    };
    for (const r of rows) {
      const d = dataOf(r.body);
      batch.push(cols.map((c) => (EXPORT_COLUMNS[c].read as (r: BulkItemRow, d: Data | null) => unknown)(r, d)));
      n++;
      if (batch.length >= CHUNK) flush();
    }
    flush();
    return n;
  }
  const record = (r: BulkItemRow) =>
    JSON.stringify({
      ip: r.ip,
      line: r.line,
      last_line: r.lastLine,
      hits: r.hits,
      status: r.status,
      source: r.source,
      error: r.error,
      answer: r.body,
    });
  if (opts.format === 'ndjson') {
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
  return `bulk-${slug ? `${slug}-` : ''}${fileStamp(exportedAt)}.${format}`;
}

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

export function summaryFields(
  r: BulkItemRow,
  columns: readonly ExportColumn[] = TABLE_COLUMNS,
): Record<string, string | number | boolean | null> {
  const d = dataOf(r.body);
  const out: Record<string, string | number | boolean | null> = {};
  for (const c of columns) {
    const v = (EXPORT_COLUMNS[c].read as (r: BulkItemRow, d: Data | null) => unknown)(r, d);
    out[c] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;
  }
  return out;
}
