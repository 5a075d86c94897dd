/** `lookup-tray bulk list`: every job of the data folder, and how a job is named on the command line. */
import type { BulkJobInfo, BulkJobs } from '../../core/bulk/bulk-jobs';
import { profileLabel } from '../../../shared/settings';
import { CliError, EXIT } from '../exit-codes';
import { escapeJsonControls, oneLine, processIo, terminalSafe, type Io } from '../output';
import { cliWords } from '../cli-words';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';

/** A job's id as `bulk list` shows it (its first 8 characters; `bulk export` takes any unique beginning). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** The job an id or the beginning of one names (any profile's), or a usage error. */
export function jobNamed(jobs: BulkJobs, given: string | undefined): BulkJobInfo {
  const want = (given ?? '').trim();
  if (want === '') throw new CliError('Give the job: lookup-tray bulk list shows them.', EXIT.usage);
  const all = jobs.list(null, 10_000);
  const exact = all.find((j) => j.id === want);
  if (exact) return exact;
  const matches = all.filter((j) => j.id.startsWith(want));
  if (matches.length === 1) return matches[0] as BulkJobInfo;
  throw new CliError(
    matches.length === 0
      ? `No bulk job "${oneLine(want)}": lookup-tray bulk list shows them.`
      : `"${oneLine(want)}" begins ${matches.length} jobs' ids: give more of it.`,
    EXIT.usage,
  );
}

/** "2026-11-26 10:30 +01:00": local time with its offset from UTC, so the zone is never a guess. */
export function when(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  const east = -d.getTimezoneOffset();
  const zone = `${east < 0 ? '-' : '+'}${p(Math.floor(Math.abs(east) / 60))}:${p(Math.abs(east) % 60)}`;
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())} ${zone}`;
}

/** `lookup-tray bulk list`: every job of the data folder, newest first, finished ones included. */
export async function bulkListCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const jobs = await ctx.bulkJobs();
    const interrupted = new Set(jobs.interrupted());
    const list = jobs.list(null, 10_000);
    const state = (j: BulkJobInfo) => (interrupted.has(j.id) ? 'interrupted' : j.state);
    if (input.opts.json) {
      const rows = list.map((j) => ({
        id: j.id,
        label: j.label,
        profile: j.profile,
        origin: j.origin ?? null,
        demo: j.demo === true,
        state: state(j),
        total: j.total,
        done: j.done,
        fromCache: j.fromCache,
        failed: j.failed,
        left: j.left,
        sent: j.sent,
        createdAt: new Date(j.createdAt).toISOString(),
      }));
      io.out(escapeJsonControls(JSON.stringify(rows, null, 2)));
      return;
    }
    if (list.length === 0) {
      io.err(cliWords().w.cliBulk.noJobs);
      return;
    }
    const header = ['ID', 'STATE', 'DONE', 'FAILED', 'LEFT', 'TOTAL', 'CREATED', 'FROM', 'PROFILE', 'LABEL'];
    const rows = list.map((j) => [
      shortId(j.id),
      state(j),
      String(j.done),
      String(j.failed),
      String(j.left),
      String(j.total),
      when(j.createdAt),
      j.origin ?? '-',
      terminalSafe(oneLine(profileLabel(j.profile))),
      terminalSafe(oneLine(j.label)) + (j.demo ? ' (DEMO)' : ''),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
    const numeric = new Set([2, 3, 4, 5]);
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
        .join('  ');
    io.out([line(header), ...rows.map(line)].join('\n'));
    io.err(cliWords().w.cliBulk.exportAgain);
  });
}
