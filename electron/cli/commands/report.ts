/**
 * `lookup-tray report [JOB]`: the report of a bulk job (the profile's newest when none is named), from the answers
 * state.db holds; sends nothing. Aligned tables for a person, `--json` for scripts, `--markdown` for tickets,
 * `--html` for a page to share (the map inline); `--out FILE` writes it to a file. `bulk FILE --report` prints the
 * tables when its job ends (report-text.ts).
 */
import { writeFileSync } from 'node:fs';
import { reportToHtml } from '../../core/bulk/report-html';
import { reportToMarkdown } from '../../../shared/report';
import type { ActionInput } from '../action';
import { CliError, EXIT } from '../exit-codes';
import { jsonText, oneLine, processIo, type Io } from '../output';
import { reportText } from '../report-text';
import { withContext } from '../with-context';
import { assertWritable, jobNamed } from './bulk';

interface ReportOptions {
  json?: boolean;
  markdown?: boolean;
  html?: boolean;
  out?: string;
}

function formatOf(opts: ReportOptions): 'text' | 'json' | 'markdown' | 'html' {
  const chosen = (['json', 'markdown', 'html'] as const).filter((f) => opts[f]);
  if (chosen.length > 1) throw new CliError('Choose one of --json, --markdown and --html.', EXIT.usage);
  return chosen[0] ?? 'text';
}

/** `lookup-tray report [JOB] [--json | --markdown | --html] [--out FILE]`. */
export async function reportCommand(input: ActionInput<ReportOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  const format = formatOf(opts);
  assertWritable(opts.out, '');
  await withContext(input.global, async (ctx) => {
    const jobs = await ctx.bulkJobs(); // disposed with the context
    {
      const job = input.args[0] !== undefined ? jobNamed(jobs, input.args[0]) : (jobs.list(ctx.profile, 1)[0] ?? null);
      if (!job) throw new CliError('No bulk jobs yet: lookup-tray bulk FILE starts one.', EXIT.usage);
      const r = jobs.report(job.id);
      if (!r) throw new CliError(`No bulk job "${oneLine(job.id)}".`, EXIT.usage);
      const text =
        format === 'json'
          ? `${jsonText(r)}\n`
          : format === 'markdown'
            ? reportToMarkdown(r)
            : format === 'html'
              ? reportToHtml(r)
              : `${reportText(r)}\n`;
      if (opts.out === undefined) {
        io.out(text);
        return;
      }
      try {
        writeFileSync(opts.out, text, 'utf8');
      } catch (err) {
        throw new CliError(
          `Cannot write ${opts.out} (${(err as NodeJS.ErrnoException).code ?? 'error'}).`,
          EXIT.failure,
        );
      }
      io.err(`Wrote the report of "${oneLine(r.label)}" to ${opts.out}.`);
    }
  });
}
