/**
 * A new `lookup-tray bulk` job before anything is sent: its addresses out of the input, what they cost (on stderr),
 * consent (--yes or the prompt); or the job --resume picks.
 */
import path from 'node:path';
import type { BudgetFloor } from '../../core/bulk/cost';
import type { BulkJobInfo, BulkJobs, CreateJobRequest } from '../../core/bulk/bulk-jobs';
import { prepareBulk } from '../../core/bulk/prepare';
import type { OneShot } from '../../core/app/one-shot';
import { CliError, EXIT } from '../exit-codes';
import { oneLine, type Io } from '../output';
import type { ActionInput } from '../action';
import { confirm } from '../prompt';
import { cliWords } from '../cli-words';
import { extractInput } from '../read-input';
import { type BulkOptions, type ExportChoice, readExportChoice, keptChoiceHint } from './bulk-options';

/** The job --resume picks: the newest of the profile's that has addresses left and is not running elsewhere. */
function resumable(jobs: BulkJobs): BulkJobInfo | null {
  const interrupted = new Set(jobs.interrupted());
  return (
    jobs
      .list()
      .find(
        (j) =>
          j.left > 0 && (interrupted.has(j.id) || j.state === 'paused' || j.state === 'stopped' || j.state === 'ready'),
      ) ?? null
  );
}

/**
 * --resume: the job to go on with. Its results go where this command line says, and only there: the export choice kept
 * with the job (state.db, which a folder someone hands over may have written) is shown as a suggestion, never followed.
 */
export function resumeJob(
  ctx: OneShot,
  jobs: BulkJobs,
  given: ExportChoice,
  io: Io,
): { job: BulkJobInfo; choice: ExportChoice } {
  const job = resumable(jobs);
  if (!job)
    throw new CliError('No bulk job to resume: every job finished, or one runs in another process.', EXIT.usage);
  io.err(oneLine(cliWords().w.cliBulk.resuming(job.label, job.left, job.total)));
  const hint = keptChoiceHint(readExportChoice(ctx, job.id), given);
  if (hint) io.err(hint);
  return { job, choice: given };
}

/**
 * A new job's addresses out of the input, what they cost (on stderr), and consent to send (--yes or the prompt).
 * Sends nothing; creates nothing.
 */
export async function newJob(
  ctx: OneShot,
  jobs: BulkJobs,
  input: ActionInput<BulkOptions>,
  floor: BudgetFloor,
  io: Io,
): Promise<CreateJobRequest> {
  const { opts } = input;
  const source = input.args[0];
  if (source === undefined)
    throw new CliError('Give a file of addresses, or - for standard input (or --resume).', EXIT.usage);
  const found = await extractInput(
    source,
    { includeReserved: opts.includeReserved === true, expandRanges: opts.expandRanges === true },
    io,
  );
  const w = cliWords().w.bulkPreview;
  if (found.rangeLimit)
    throw new CliError(cliWords().w.bulkNote.refusal({ kind: 'range-limit', ...found.rangeLimit }), EXIT.invalidInput);
  // Entries and examples are text from the input: one line each, control characters made visible (oneLine).
  for (const bad of found.invalid.slice(0, 5)) io.err(oneLine(w.entryAt(bad.line, w.entryProblem(bad.problem))));
  if (found.invalidCount > 5) io.err(w.moreEntries(found.invalidCount - 5));
  if (found.noise > 0)
    io.err(
      oneLine(
        `${w.noise(found.noise, found.noiseExample !== null)}${found.noiseExample === null ? '' : `${found.noiseExample}${w.noiseEnd}`}`,
      ),
    );
  if (found.excluded.length) io.err(w.leftOut(found.excluded.length));
  if (found.duplicates) io.err(w.repeated(found.duplicates));
  const where = source === '-' ? w.standardInput : source;
  const ips = found.addresses.map((a) => a.ip);
  const preview = ips.length > 0 ? jobs.preview(ips, floor) : null;
  // The same preview as the window's (electron/core/bulk/prepare.ts), in the same words: the cost (its floor's line
  // names --budget-floor), then the ranges it does not count (their note names --expand-ranges).
  const prepared = prepareBulk(found, preview);
  const note = prepared.rangesLeft && w.rangesNote(prepared.rangesLeft, 'cli');
  if (found.addresses.length === 0)
    throw new CliError(
      note ? oneLine(`${where}: ${w.onlyRanges(note)}`) : oneLine(w.noAddressesIn(where)),
      EXIT.invalidInput,
    );
  if (preview) {
    const c = w.cost(preview, 'cli');
    for (const line of [c.first, c.month, c.floor, ...(c.stops ? [c.stops] : []), c.time]) io.err(line);
  }
  if (note) io.err(oneLine(w.notCounted(note)));
  if (preview && preview.toSend > 0) {
    if (!(await ctx.vault.get(ctx.account()).catch(() => null)))
      throw new CliError('No API key yet. Run: lookup-tray key set', EXIT.noKey);
    if (!opts.yes) {
      const most = preview.sendable === null ? preview.toSend : Math.min(preview.toSend, preview.sendable);
      const said = cliWords().w.cli.bulk;
      const ask = said.sendUpTo(most);
      if (!(await confirm(ask)))
        throw new CliError(
          process.stdin.isTTY && source !== '-' ? said.nothingSent : said.needsYes(preview.toSend),
          EXIT.needsConsent,
        );
    }
  }
  // Labelled by the file's name, not its path: the label lands in report titles and tickets.
  const label = source === '-' ? 'stdin' : path.basename(source);
  return { addresses: found.addresses, label, floor, origin: 'command line' };
}
