/**
 * The kinds of file the app writes for the user, each once: a bulk job's exports (the window's buttons, the IPC
 * schema, the save dialog's filter, the web preview's download type, the command line's --format and its
 * reading of --out's extension all read EXPORT_FORMATS; electron/core/bulk/export.ts keys its writers by it, so a
 * format added here fails the typecheck until it has a writer). Another list of the same shape (say a report's
 * formats) joins FILE_FORMATS for the save dialog and the downloads.
 */

/** A kind of file: how it is named, offered in a save dialog and served as a download. */
export interface FileFormat {
  /** What a button and a save dialog's filter call it: "CSV". */
  label: string;
  /** The file name's extension, without the dot: "csv". */
  extension: string;
  /** The Content-Type it is served with (the web preview's downloads). */
  mime: string;
  /** Its text is JSON: printed on a terminal, control characters become \u escapes (every character kept). */
  json: boolean;
}

/** A bulk job's exports, by id (the id is what --format takes and the IPC carries). */
export const EXPORT_FORMATS = {
  csv: { label: 'CSV', extension: 'csv', mime: 'text/csv; charset=utf-8', json: false },
  json: { label: 'JSON', extension: 'json', mime: 'application/json; charset=utf-8', json: true },
  ndjson: { label: 'NDJSON', extension: 'ndjson', mime: 'application/x-ndjson; charset=utf-8', json: true },
} as const satisfies Record<string, FileFormat>;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

/** The export formats' ids in the list's order (a non-empty tuple, as z.enum takes it). */
export const EXPORT_FORMAT_IDS = Object.keys(EXPORT_FORMATS) as [ExportFormat, ...ExportFormat[]];

/** A bulk job's report, by id (the id is what the IPC carries; the command line has --markdown and --html). */
export const REPORT_FORMATS = {
  markdown: { label: 'Markdown', extension: 'md', mime: 'text/markdown; charset=utf-8', json: false },
  html: { label: 'HTML', extension: 'html', mime: 'text/html; charset=utf-8', json: false },
} as const satisfies Record<string, FileFormat>;

export type ReportFormat = keyof typeof REPORT_FORMATS;

/** The report formats' ids in the list's order. */
export const REPORT_FORMAT_IDS = Object.keys(REPORT_FORMATS) as [ReportFormat, ...ReportFormat[]];

/** A block list of a job's addresses (shared/block-list.ts), by id (what `report --block-list` and the IPC take). */
export const BLOCK_LIST_FORMATS = {
  plain: { label: 'Plain list', extension: 'txt', mime: 'text/plain; charset=utf-8', json: false },
  nftables: { label: 'nftables', extension: 'nft', mime: 'text/plain; charset=utf-8', json: false },
  ipset: { label: 'ipset', extension: 'ipset', mime: 'text/plain; charset=utf-8', json: false },
  fail2ban: { label: 'fail2ban', extension: 'txt', mime: 'text/plain; charset=utf-8', json: false },
} as const satisfies Record<string, FileFormat>;

export type BlockListFormat = keyof typeof BLOCK_LIST_FORMATS;

/** The block-list formats' ids in the list's order. */
export const BLOCK_LIST_FORMAT_IDS = Object.keys(BLOCK_LIST_FORMATS) as [BlockListFormat, ...BlockListFormat[]];

export function isBlockListFormat(id: string): id is BlockListFormat {
  return Object.hasOwn(BLOCK_LIST_FORMATS, id);
}

/** Every kind of file the app saves (bulk exports, reports, block lists; a lookup's answer is JSON): the save dialog and downloads. */
// Block lists share ".txt" (plain and fail2ban): one entry per extension, the first kept.
export const FILE_FORMATS: readonly FileFormat[] = [
  ...Object.values(EXPORT_FORMATS),
  ...Object.values(REPORT_FORMATS),
  ...Object.values(BLOCK_LIST_FORMATS),
].filter((f, i, all) => all.findIndex((g) => g.extension === f.extension) === i);

/** The extension of a file name, lower case ("" without one). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind of file a name's extension says, or null. */
export function fileFormatOf(name: string): FileFormat | null {
  const ext = extensionOf(name);
  return FILE_FORMATS.find((f) => f.extension === ext) ?? null;
}

/** The export format a file name's extension says ("results.ndjson": ndjson), or null. */
export function exportFormatOf(name: string): ExportFormat | null {
  const ext = extensionOf(name);
  return EXPORT_FORMAT_IDS.find((id) => EXPORT_FORMATS[id].extension === ext) ?? null;
}

export function isExportFormat(id: string): id is ExportFormat {
  return Object.hasOwn(EXPORT_FORMATS, id);
}
