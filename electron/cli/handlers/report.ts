/**
 * `lookup-tray report [JOB]`: the report of a bulk job (the profile's newest when none is named), from the answers
 * state.db holds; sends nothing. Aligned tables for a person, `--json` for scripts, `--markdown` for tickets,
 * `--html` for a page to share (the map inline); `--out FILE` writes it to a file. `--threat-threshold N` sets the
 * score from which an address needs attention (default: the setting, 70); `--block-list FORMAT` writes the
 * addresses that need attention as a block list instead (shared/block-list.ts: plain, nftables, ipset, fail2ban).
 * `bulk FILE --report` prints the tables when its job ends (report-text.ts).
 */
import { writeFileSync } from 'node:fs';
import { reportToHtml } from '../../core/bulk/report-html';
import { reportToMarkdown } from '../../../shared/report';
import { BLOCK_LIST_FORMAT_IDS, blockList, isBlockListFormat, type BlockListFormat } from '../../../shared/block-list';
import { LIMITS } from '../../../shared/settings-rules';
import type { ActionInput } from '../action';
import { CliError, EXIT } from '../exit-codes';
import { jsonText, oneLine, processIo, type Io } from '../output';
import { reportText } from '../report-text';
import { withContext } from '../with-context';
import { jobNamed } from './bulk-list';
import { assertWritable } from './bulk-options';
import { cliWords } from '../cli-words';

interface ReportOptions {
  json?: boolean;
  markdown?: boolean;
  html?: boolean;
  out?: string;
  threatThreshold?: string;
  blockList?: string;
}

type Format = 'text' | 'json' | 'markdown' | 'html' | { blockList: BlockListFormat };

function formatOf(opts: ReportOptions): Format {
  const chosen = (['json', 'markdown', 'html'] as const).filter((f) => opts[f]);
  if (chosen.length + (opts.blockList !== undefined ? 1 : 0) > 1)
    throw new CliError('Choose one of --json, --markdown, --html and --block-list.', EXIT.usage);
  if (opts.blockList !== undefined) {
    if (!isBlockListFormat(opts.blockList))
      throw new CliError(`--block-list is one of ${BLOCK_LIST_FORMAT_IDS.join(', ')}.`, EXIT.usage);
    return { blockList: opts.blockList };
  }
  return chosen[0] ?? 'text';
}

/** --threat-threshold N: a whole number in the setting's range, or undefined (the setting then). */
function thresholdOf(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const { min, max } = LIMITS['reports.threatThreshold'];
  const n = /^\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(n >= min && n <= max))
    throw new CliError(`--threat-threshold must be a whole number from ${min} to ${max}.`, EXIT.usage);
  return n;
}

function writeOut(path: string, text: string): void {
  try {
    writeFileSync(path, text, 'utf8');
  } catch (err) {
    throw new CliError(
      cliWords().w.cli.report.cannotWrite(path, (err as NodeJS.ErrnoException).code ?? 'error'),
      EXIT.failure,
    );
  }
}

/** `lookup-tray report [JOB] [--json | --markdown | --html | --block-list FORMAT] [--threat-threshold N] [--out FILE]`. */
export async function reportCommand(input: ActionInput<ReportOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  const format = formatOf(opts);
  const chosenThreshold = thresholdOf(opts.threatThreshold);
  assertWritable(opts.out, '');
  await withContext(input.global, async (ctx) => {
    const jobs = await ctx.bulkJobs(); // disposed with the context
    const job = input.args[0] !== undefined ? jobNamed(jobs, input.args[0]) : (jobs.list(ctx.profile, 1)[0] ?? null);
    if (!job) throw new CliError('No bulk jobs yet: lookup-tray bulk FILE starts one.', EXIT.usage);
    const threatThreshold = chosenThreshold ?? ctx.appSettings.reports.threatThreshold;
    if (typeof format === 'object') {
      const ips = jobs.blockListAddresses(job.id, { threshold: threatThreshold }) ?? [];
      const list = blockList(format.blockList, ips, {
        what: `the addresses that need attention (Tor, proxy, VPN or a threat score of ${threatThreshold}+)`,
        label: job.label,
        madeAt: Date.now(),
      });
      if (opts.out === undefined) io.out(list.text);
      else writeOut(opts.out, list.text);
      io.err(cliWords().w.cli.report.attention(list.v4 + list.v6, oneLine(job.label), opts.out ?? null));
      return;
    }
    const r = jobs.report(job.id, { threatThreshold });
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
    writeOut(opts.out, text);
    io.err(cliWords().w.cli.report.wrote(oneLine(r.label), opts.out));
  });
}
