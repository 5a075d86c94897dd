/**
 * `lookup-tray bulk`'s options read and checked before anything is sent: the budget floor, where and how the results
 * are written (--out, --format, --fields, --bom) and the choice a job's first run was told, kept for --resume.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BUDGET_FLOOR, type BudgetFloor } from '../../core/bulk/cost';
import { EXPORT_COLUMNS, isExportColumn, type ExportColumn } from '../../core/bulk/export';
import {
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  exportFormatOf,
  isExportFormat,
  type ExportFormat,
} from '../../../shared/file-formats';
import type { OneShot } from '../../core/app/one-shot';
import { CliError, EXIT } from '../exit-codes';
import { oneLine, parseFields } from '../output';
import { cliWords } from '../cli-words';

/** Why --out cannot be written, in the command's words. */
const u = () => cliWords().w.cliBulk.unwritable;
/** The options of `bulk` (and of `bulk --follow`, which refuses the ones it cannot take: bulk-follow.ts). */
export interface BulkOptions {
  out?: string;
  format?: string;
  fields?: string;
  bom?: boolean;
  budgetFloor?: string;
  yes?: boolean;
  resume?: boolean;
  includeReserved?: boolean;
  expandRanges?: boolean;
  report?: boolean;
  /** Follow the file as it grows (bulk-follow.ts). */
  follow?: boolean;
}

/** Where a job's results go, as its first run was told: --resume writes them the same way unless told otherwise. */
export interface ExportChoice {
  out?: string;
  format?: string;
  fields?: string;
  /** CSV begins with a byte-order mark (--bom). */
  bom?: boolean;
}

/** state.db kv of a job's export choice (the CLI's own: the job's rows are the core's). */
export const exportKv = (jobId: string) => `cli.bulkExport.${jobId}`;

export function readExportChoice(ctx: OneShot, jobId: string): ExportChoice {
  const v = ctx.db.readKv(exportKv(jobId));
  if (v === null || typeof v !== 'object') return {};
  const pick = (k: keyof ExportChoice) => {
    const x = (v as Record<string, unknown>)[k];
    return typeof x === 'string' ? { [k]: x } : {};
  };
  const bom = (v as Record<string, unknown>).bom === true ? { bom: true } : {};
  return { ...pick('out'), ...pick('format'), ...pick('fields'), ...bom };
}

/** "50" (requests) or "5%" (of the month limit). */
export function parseFloor(raw: string | undefined): BudgetFloor {
  if (raw === undefined) return DEFAULT_BUDGET_FLOOR;
  const m = /^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$/.exec(raw);
  if (!m)
    throw new CliError(
      `--budget-floor must be a number of requests (e.g. 500) or a share (e.g. 5%), not "${raw}".`,
      EXIT.usage,
    );
  const n = Number(m[1]);
  if (m[2]) {
    if (n > 100) throw new CliError('--budget-floor as a share must be at most 100%.', EXIT.usage);
    return { percent: n };
  }
  if (!Number.isInteger(n)) throw new CliError('--budget-floor in requests must be a whole number.', EXIT.usage);
  return { count: n };
}

/**
 * The format of an export: --format, else --out's extension, else CSV. An --out whose extension is not a format
 * ("x.xlsx") without --format is refused: its content would not be what its name says.
 */
export function formatOf(opts: { out?: string; format?: string }): ExportFormat {
  const ext = opts.out === undefined ? '' : path.extname(opts.out).slice(1);
  const byName = opts.out === undefined ? null : exportFormatOf(opts.out);
  if (opts.format === undefined && ext !== '' && byName === null)
    throw new CliError(
      `--out ${oneLine(path.basename(opts.out ?? ''))}: .${oneLine(ext)} is not a format lookup-tray writes. ` +
        `Name the file ${EXPORT_FORMAT_IDS.map((id) => `.${EXPORT_FORMATS[id].extension}`).join(', ')}, or give --format (${EXPORT_FORMAT_IDS.join(', ')}). Nothing was written.`,
      EXIT.usage,
    );
  const f = opts.format ?? byName ?? 'csv';
  if (!isExportFormat(f))
    throw new CliError(`--format must be one of ${EXPORT_FORMAT_IDS.join(', ')}, not "${f}".`, EXIT.usage);
  return f;
}

export function columnsOf(raw: string | undefined): ExportColumn[] | undefined {
  const fields = parseFields(raw);
  const bad = fields.filter((f) => !isExportColumn(f));
  if (bad.length)
    throw new CliError(
      `Unknown field ${bad.map((b) => `"${b}"`).join(', ')}. Fields: ${Object.keys(EXPORT_COLUMNS).join(', ')}.`,
      EXIT.usage,
    );
  return fields.length ? (fields as ExportColumn[]) : undefined;
}

/**
 * Why `file` cannot take the results (a missing folder, a folder given as the file, no permission), or null. Checked
 * before anything is sent: a run's answers must not be spent and then have nowhere to go.
 */
export function unwritable(file: string): string | null {
  let isFile = false;
  try {
    const st = statSync(file);
    if (st.isDirectory()) return u().folder(file);
    isFile = true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException)?.code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') return u().code(file, code ?? 'error');
  }
  const dir = path.dirname(file);
  try {
    if (!statSync(dir).isDirectory()) return u().notAFolder(file, dir);
  } catch {
    return u().noFolder(file, dir);
  }
  try {
    accessSync(isFile ? file : dir, constants.W_OK);
  } catch {
    return isFile ? u().noPermissionFile(file) : u().noPermissionDir(dir);
  }
  return null;
}

/** --out, --format and --fields as one export choice, the format and fields checked (usage errors) before anything. */
export function exportChoice(opts: { out?: string; format?: string; fields?: string; bom?: boolean }): ExportChoice {
  const choice: ExportChoice = {
    ...(opts.out !== undefined ? { out: path.resolve(opts.out) } : {}),
    ...(opts.format !== undefined ? { format: opts.format } : {}),
    ...(opts.fields !== undefined ? { fields: opts.fields } : {}),
    ...(opts.bom === true ? { bom: true } : {}),
  };
  checkChoice(choice);
  return choice;
}

/** The choice's format and fields checked (usage errors): --bom is for CSV only. */
function checkChoice(choice: ExportChoice): void {
  const format = formatOf(choice);
  columnsOf(choice.fields);
  if (choice.bom && format !== 'csv')
    throw new CliError(`--bom is for CSV: ${EXPORT_FORMATS[format].label} has no byte-order mark.`, EXIT.usage);
}

/** Refuses an --out that cannot be written (exit 4), before anything is done; `then` is said after the reason. */
export function assertWritable(out: string | undefined, then = u().nothingSent): void {
  const why = out === undefined ? null : unwritable(out);
  if (why !== null) throw new CliError(`${oneLine(why)}${then}`, EXIT.invalidInput);
}

/** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
function shellWord(s: string): string {
  return /^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`;
}

/**
 * The export choice kept with a job that this command line does not repeat, as a suggestion to copy (each value
 * quoted for a shell, a long one left out), or null. Kept values are data from the folder: shown, never used.
 */
export function keptChoiceHint(saved: ExportChoice, given: ExportChoice): string | null {
  const kept = (['out', 'format', 'fields'] as const).filter(
    (k) => saved[k] !== undefined && given[k] === undefined && saved[k].length <= 300,
  );
  if (!kept.length) return null;
  const where = given.out === undefined ? null : shellWord(given.out);
  return cliWords().w.cliBulk.keptChoice(kept.map((k) => `--${k} ${shellWord(oneLine(saved[k]!))}`).join(' '), where);
}
