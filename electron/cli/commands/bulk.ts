/** `lookup-tray bulk`, `bulk list` and `bulk export`. */
import type { CommandDef, OptionDef } from '../command-def';
import type { ActionInput } from '../action';
import { EXPORT_FORMAT_IDS } from '../../../shared/file-formats';
import { orList } from '../../../shared/format-en';

/** bulk's and bulk export's options for what is written. */
const WRITE_OPTIONS: readonly OptionDef[] = [
  { flags: '--out <file>', description: 'write the results here (default: standard output)' },
  { flags: '--format <format>', description: `${orList(EXPORT_FORMAT_IDS)} (default: from --out, else csv)` },
  { flags: '--fields <list>', description: 'CSV columns, e.g. ip,country,city,asn,organization,threat_score' },
  {
    flags: '--bom',
    description: 'begin a CSV with a byte-order mark, for Excel and LibreOffice (accents read right)',
  },
];

const list: CommandDef = {
  name: 'list',
  description: "the data folder's bulk jobs, finished ones included: id, state, counts, created time, label",
  options: [{ flags: '--json', description: 'print JSON' }],
  examples: ['lookup-tray bulk list', 'lookup-tray bulk list --json'],
  load: async () => (await import('../handlers/bulk-list')).bulkListCommand,
};

const exportJob: CommandDef = {
  name: 'export',
  description: "write a job's results again (any job bulk list shows; sends nothing)",
  arguments: [{ name: '<job>', description: 'the job id, or its beginning as bulk list shows it' }],
  options: WRITE_OPTIONS,
  examples: ['lookup-tray bulk export 3f2a9c1b --out results.csv', 'lookup-tray bulk export 3f2a --format ndjson'],
  exitCodes: {
    ok: 'written',
    failure: 'cannot write',
    usage: 'no such job',
    invalidInput: 'an --out that cannot be written',
  },
  load: async () => (await import('../handlers/bulk-export')).bulkExportCommand,
};

export const bulk: CommandDef = {
  name: 'bulk',
  description: 'look up every address in a file or standard input: cost preview, then a run paced to the minute limit',
  arguments: [
    { name: '[input]', description: 'a file with addresses (any text: lists, CSV, logs), or - for standard input' },
  ],
  options: [
    ...WRITE_OPTIONS,
    {
      flags: '--budget-floor <n>',
      description: 'keep this many requests of the month (e.g. 500), or a share (e.g. 5%); default 5%',
    },
    { flags: '--yes', description: 'go ahead without asking (scripts)' },
    {
      flags: '--resume',
      description:
        'go on with the last interrupted or stopped job instead of starting one (its --out, --format, --fields and --bom kept)',
    },
    { flags: '--include-reserved', description: 'look up private, loopback and reserved addresses too' },
    {
      flags: '--expand-ranges',
      description: 'look up every address of CIDR blocks and a-b ranges (at most 65,536 in all)',
    },
    {
      flags: '--report',
      description: "print the job's report when it ends (on stderr when the results go to standard output)",
    },
    {
      flags: '--follow',
      description:
        'keep reading the file as it grows (rotation too): new addresses looked up as lines arrive, NDJSON on standard output; with --resume, go on where it stopped',
    },
  ],
  examples: [
    'lookup-tray bulk addresses.txt --out results.csv',
    'grep -o "client [0-9.]*" access.log | lookup-tray bulk - --yes --format ndjson > results.ndjson',
    'lookup-tray bulk ips.csv --budget-floor 1000 --fields ip,country,city,organization',
    'lookup-tray bulk --resume --out results.csv',
    'lookup-tray bulk auth.log --yes --out results.csv --report',
    'lookup-tray bulk --follow /var/log/nginx/access.log --yes | jq -r "[.ip, .status] | @tsv"',
    'lookup-tray bulk --follow /var/log/nginx/access.log --resume --yes',
    'lookup-tray bulk list',
    'lookup-tray bulk export 3f2a9c1b --out results.json',
  ],
  exitCodes: {
    ok: 'all answered',
    failure: 'results not written (they are kept: bulk export)',
    usage: 'usage',
    noKey: true,
    invalidInput: 'no addresses, unreadable input or an --out that cannot be written (checked before sending)',
    rateLimited: true,
    invalidKey: true,
    network: 'network',
    proxy: true,
    certificate: true,
    partialBulk: 'some addresses not looked up (failed, budget floor, month exhausted, interrupted)',
    needsConsent: 'needs --yes',
    interrupted: 'Ctrl+C at the prompt or while reading the input',
  },
  load: async () => {
    const { bulkCommand } = await import('../handlers/bulk');
    // --follow: the command of its own (bulk-follow.ts), loaded only then.
    return async (input: ActionInput<{ follow?: boolean }>) =>
      input.opts.follow ? (await import('../handlers/bulk-follow')).bulkFollowCommand(input) : bulkCommand(input);
  },
  commands: [list, exportJob],
};
