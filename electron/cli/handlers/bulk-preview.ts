/**
 * A new `lookup-tray bulk` job before anything is sent: its addresses out of the input, what they cost (on stderr),
 * consent (--yes or the prompt); or the job --resume picks.
 */
import path from 'node:path';
import type { BudgetFloor } from '../../core/bulk/cost';
import type { BulkJobInfo, BulkJobs, CreateJobRequest } from '../../core/bulk/bulk-jobs';
import { noiseSentence, prepareBulk } from '../../core/bulk/prepare';
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
  io.err(`Resuming "${job.label}": ${job.left} of ${job.total} left.`);
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
  if (found.rangeMessage) throw new CliError(found.rangeMessage, EXIT.invalidInput);
  for (const bad of found.invalid.slice(0, 5)) io.err(`line ${bad.line}: ${bad.message}`);
  if (found.invalidCount > 5) io.err(`… and ${found.invalidCount - 5} more entries that are not addresses.`);
  const noise = noiseSentence(found);
  if (noise !== null) io.err(oneLine(noise));
  if (found.excluded.length)
    io.err(
      `${found.excluded.length} private or reserved address${found.excluded.length === 1 ? '' : 'es'} left out (--include-reserved keeps them).`,
    );
  if (found.duplicates)
    io.err(`${found.duplicates} repeated address${found.duplicates === 1 ? '' : 'es'} looked up once.`);
  const where = source === '-' ? 'standard input' : source;
  const ips = found.addresses.map((a) => a.ip);
  const preview = ips.length > 0 ? jobs.preview(ips, floor) : null;
  // The same preview as the window's (electron/core/bulk/prepare.ts): the cost, then the ranges not counted in it.
  const prepared = prepareBulk(found, preview, '--expand-ranges');
  if (found.addresses.length === 0)
    throw new CliError(
      prepared.rangesNote
        ? `${where}: ${oneLine(prepared.previewLines.join(' '))}`
        : `No IP addresses found in ${where}.`,
      EXIT.invalidInput,
    );
  // The cost in the command's words, from the core's facts (the floor's line names --budget-floor); then the ranges
  // the cost does not count (the core's sentence, the last preview line).
  if (preview) {
    const c = cliWords().w.bulkPreview.cost(preview, 'cli');
    for (const line of [c.first, c.month, c.floor, ...(c.stops ? [c.stops] : []), c.time]) io.err(line);
  }
  if (prepared.rangesNote) io.err(oneLine(prepared.previewLines.at(-1) ?? ''));
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
