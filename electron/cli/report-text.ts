/**
 * A bulk job's report as a person reads it in a terminal: the coverage sentence, then each breakdown
 * (shared/report.ts reportTables) as a table whose columns are padded to their widest cell, numbers to the right.
 * Used by `lookup-tray report` and `lookup-tray bulk FILE --report`.
 */
import type { BulkJobs } from '../core/bulk/bulk-jobs';
import {
  coverageText,
  reportTables,
  reportTitle,
  type BulkReport,
  type ReportSpeech,
  type ReportTable,
} from '../../shared/report';
import { oneLine, paint, terminalSafe, type Io } from './output';
import { cliWords } from './cli-words';

/** The report's words in the command's language (the exported files' are English). */
function speech(): ReportSpeech {
  const { w } = cliWords();
  return { ui: w.uiReport, table: w.reportTable, flag: w.uiResult.flag };
}

/** One table, its columns padded to their widest cell (numbers to the right). */
function aligned(t: ReportTable): string {
  const cells = [t.header, ...t.rows].map((r) => r.map((c) => oneLine(c)));
  const widths = t.header.map((_, i) => Math.max(...cells.map((r) => [...(r[i] ?? '')].length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => {
        const pad = ' '.repeat(Math.max(0, (widths[i] ?? 0) - [...c].length));
        return t.numeric[i] ? pad + c : i === r.length - 1 ? c : c + pad;
      })
      .join('  ')
      .trimEnd();
  const [head, ...rows] = cells;
  return [paint('bold', line(head ?? [])), ...rows.map(line)].join('\n');
}

/** The report as a person reads it in a terminal: the coverage, then each breakdown as an aligned table. */
export function reportText(r: BulkReport): string {
  const s = speech();
  const out = [paint('bold', oneLine(reportTitle(r, s)))];
  if (r.demo) out.push(paint('yellow', s.table.demoNote));
  out.push(coverageText(r, s));
  for (const t of reportTables(r, s)) {
    out.push('', paint('bold', t.title) + (t.inline ? ` (${t.inline})` : ''));
    out.push(t.rows.length ? aligned(t) : (t.empty ?? s.ui.noneAnswered));
  }
  return out.join('\n');
}

/**
 * Prints a job's report as tables (`bulk --report`): on stdout, or on stderr when stdout carries the job's results.
 * Nothing when there is no such job.
 */
export function printReport(
  jobs: BulkJobs,
  id: string,
  io: Io,
  where: 'stdout' | 'stderr',
  threatThreshold: number,
): void {
  const r = jobs.report(id, { threatThreshold });
  if (!r) return;
  if (where === 'stdout') io.out(`\n${reportText(r)}\n`);
  else process.stderr.write(`\n${terminalSafe(reportText(r))}\n`);
}
