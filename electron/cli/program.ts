/**
 * The command line of `lookup-tray`: commander's definition of every command, option, example and the exit codes.
 * Each action imports its command module only when it runs, so a start pays only for what the command uses.
 */
import { Argument, Command, Option } from 'commander';
import type { ActionInput, Runner } from './action';
import { defaultDataDir } from './data-dir';
import { EXIT_CODES_HELP, exitCodesLine } from './exit-codes';
import { SHELL_NAMES, SHELLS } from './shells';
import { BLOCK_LIST_FORMAT_IDS, EXPORT_FORMAT_IDS } from '../../shared/file-formats';
import { orList } from '../../shared/format-en';
import { LANG_CHOICES, commandLang } from '../../shared/i18n/locale';
import { setCliLang } from './cli-words';

declare const __LOOKUP_TRAY_VERSION__: string | undefined;
export const VERSION = typeof __LOOKUP_TRAY_VERSION__ === 'string' ? __LOOKUP_TRAY_VERSION__ : '0.0.0-dev';

const KEY_SET_ARGUMENT =
  '"key set" takes no arguments (what was typed is not repeated: it could be your key): the key is read from a hidden prompt, or from standard input with --stdin';

/**
 * One of commander's errors (unknown command or option, missing argument …) as one line: its "(Did you mean …?)"
 * joined on. `hide`: the words typed are not repeated (under `key`, a stray argument could be the key itself).
 */
export function errorLine(str: string, hide = false): string {
  let s = str.trim().replace(/^error: /, '');
  if (hide)
    s = s
      .replace(/^unknown (command|option) '[^']*'/, 'unknown $1 (what was typed is not repeated: it could be your key)')
      .replace(/^too many arguments for 'set'.*$/s, KEY_SET_ARGUMENT)
      .replace(
        /^too many arguments for '([^']*)'.*$/s,
        '"key $1" takes no arguments (what was typed is not repeated: it could be your key)',
      );
  s = s.replace(/\s*\n\s*\(Did you mean (.*)\?\)$/, '; did you mean $1?').replace(/\s*\n\s*/g, ' ');
  return `lookup-tray: ${s} (see --help)\n`;
}

/**
 * A command with sub-commands given none: one line on stderr naming them (exit 2), not the whole help. Commander
 * prints the help there; its help() is wrapped for errors only (--help still prints it).
 */
function oneLineWhenNoSubcommand(cmd: Command, path: string): void {
  const help = cmd.help.bind(cmd) as (context?: { error?: boolean }) => never;
  cmd.help = ((context?: { error?: boolean }) => {
    if (context && typeof context === 'object' && context.error) {
      const names = cmd.commands.map((c) => c.name()).filter((n) => n !== 'help');
      const what = path ? `"${path}" needs one of its commands` : 'give a command';
      cmd.error(`${what}: ${names.join(', ')}`, {
        exitCode: 2,
        code: 'commander.missingSubcommand',
      });
    }
    return help(context);
  }) as Command['help'];
}

/** bulk's and bulk export's --format. */
const FORMAT_OPTION = `${orList(EXPORT_FORMAT_IDS)} (default: from --out, else csv)`;

const examples = (...lines: string[]) => `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;

/** Turns a command module's loader into commander's action: its arguments, options and the global options. */
type Action = <O>(
  load: () => Promise<(input: ActionInput<O>) => Promise<void>>,
) => (...params: unknown[]) => Promise<void>;

function actionOf(run: Runner): Action {
  return (load) =>
    async (...params: unknown[]) => {
      const cmd = params[params.length - 1] as Command;
      const all = cmd.optsWithGlobals() as { dataDir: string; profile?: string };
      // A sub-command's option that its parent command declares too (`bulk export JOB --out F`: bulk has --out)
      // is parsed by the parent wherever it stands: the sub-command takes it from there.
      const opts: Record<string, unknown> = { ...cmd.opts() };
      const parent = cmd.parent?.parent ? cmd.parent.opts() : {};
      for (const o of cmd.options) {
        const k = o.attributeName();
        if (opts[k] === undefined && parent[k] !== undefined) opts[k] = parent[k];
      }
      await run(load as () => Promise<(input: ActionInput) => Promise<void>>, {
        args: cmd.args,
        opts,
        global: { dataDir: all.dataDir, profile: all.profile },
      });
    };
}

/** lookup: what the command line is for. */
function addLookupCommand(program: Command, action: Action): void {
  program
    .command('lookup')
    .description('look up one or more IP addresses (from the cache when fresh: cache hits spend nothing)')
    .argument('<ip...>', 'IPv4 or IPv6 addresses, or - to read them from standard input (one a line)')
    .option(
      '--json',
      'print JSON (one object for one address, an array for several); the default when stdout is no terminal',
    )
    .option('--csv', 'print CSV with a header row')
    .option(
      '--fields <list>',
      "only these fields: bulk's summary columns (ip,country,city,asn …) or dotted paths (e.g. location.city.name)",
    )
    .option('--refresh', 'ask the service even when a fresh answer is cached (spends a request)')
    .option('--force', 'send even while a rate-limit cooldown is recorded')
    .option('--yes', 'look up private, loopback and reserved addresses without asking (a request each)')
    .addHelpText(
      'after',
      examples(
        'lookup-tray lookup 8.8.8.8',
        'lookup-tray lookup 8.8.8.8 2001:4860:4860::8888 --json',
        'lookup-tray lookup 1.1.1.1 --fields ip,location.country.name --csv',
        'lookup-tray lookup 1.1.1.1 --refresh',
        'cut -d, -f2 clients.csv | lookup-tray lookup - --fields ip,country --csv',
      ) +
        exitCodesLine({
          ok: 'all answered',
          usage: 'unknown field',
          noKey: true,
          invalidInput: 'not an IP address',
          rateLimited: true,
          invalidKey: true,
          network: 'network/server error',
          proxy: true,
          certificate: true,
          needsConsent: 'a private or reserved address needs --yes',
          interrupted: 'Ctrl+C at the prompt',
        }),
    )
    .action(action(async () => (await import('./commands/lookup')).lookupCommand));
}

/** bulk, bulk list and bulk export. */
function addBulkCommands(program: Command, action: Action): void {
  const bulk = program
    .command('bulk')
    .description(
      'look up every address in a file or standard input: cost preview, then a run paced to the minute limit',
    )
    .argument('[input]', 'a file with addresses (any text: lists, CSV, logs), or - for standard input')
    .option('--out <file>', 'write the results here (default: standard output)')
    .option('--format <format>', FORMAT_OPTION)
    .option('--fields <list>', 'CSV columns, e.g. ip,country,city,asn,organization,threat_score')
    .option('--bom', 'begin a CSV with a byte-order mark, for Excel and LibreOffice (accents read right)')
    .option('--budget-floor <n>', 'keep this many requests of the month (e.g. 500), or a share (e.g. 5%); default 5%')
    .option('--yes', 'go ahead without asking (scripts)')
    .option(
      '--resume',
      'go on with the last interrupted or stopped job instead of starting one (its --out, --format, --fields and --bom kept)',
    )
    .option('--include-reserved', 'look up private, loopback and reserved addresses too')
    .option('--expand-ranges', 'look up every address of CIDR blocks and a-b ranges (at most 65,536 in all)')
    .option('--report', "print the job's report when it ends (on stderr when the results go to standard output)")
    .option(
      '--follow',
      'keep reading the file as it grows (rotation too): new addresses looked up as lines arrive, NDJSON on standard output; with --resume, go on where it stopped',
    )
    .addHelpText(
      'after',
      examples(
        'lookup-tray bulk addresses.txt --out results.csv',
        'grep -o "client [0-9.]*" access.log | lookup-tray bulk - --yes --format ndjson > results.ndjson',
        'lookup-tray bulk ips.csv --budget-floor 1000 --fields ip,country,city,organization',
        'lookup-tray bulk --resume --out results.csv',
        'lookup-tray bulk auth.log --yes --out results.csv --report',
        'lookup-tray bulk --follow /var/log/nginx/access.log --yes | jq -r "[.ip, .status] | @tsv"',
        'lookup-tray bulk --follow /var/log/nginx/access.log --resume --yes',
        'lookup-tray bulk list',
        'lookup-tray bulk export 3f2a9c1b --out results.json',
      ) +
        exitCodesLine({
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
        }),
    )
    .action(
      action(async () => {
        const { bulkCommand } = await import('./commands/bulk');
        // --follow: the command of its own (bulk-follow.ts), loaded only then.
        return async (input: ActionInput<{ follow?: boolean }>) =>
          input.opts.follow ? (await import('./commands/bulk-follow')).bulkFollowCommand(input) : bulkCommand(input);
      }),
    );
  bulk
    .command('list')
    .description("the data folder's bulk jobs, finished ones included: id, state, counts, created time, label")
    .option('--json', 'print JSON')
    .addHelpText('after', examples('lookup-tray bulk list', 'lookup-tray bulk list --json'))
    .action(action(async () => (await import('./commands/bulk')).bulkListCommand));
  bulk
    .command('export')
    .description("write a job's results again (any job bulk list shows; sends nothing)")
    .argument('<job>', 'the job id, or its beginning as bulk list shows it')
    .option('--out <file>', 'write the results here (default: standard output)')
    .option('--format <format>', FORMAT_OPTION)
    .option('--fields <list>', 'CSV columns, e.g. ip,country,city,asn,organization,threat_score')
    .option('--bom', 'begin a CSV with a byte-order mark, for Excel and LibreOffice (accents read right)')
    .addHelpText(
      'after',
      examples('lookup-tray bulk export 3f2a9c1b --out results.csv', 'lookup-tray bulk export 3f2a --format ndjson') +
        exitCodesLine({
          ok: 'written',
          failure: 'cannot write',
          usage: 'no such job',
          invalidInput: 'an --out that cannot be written',
        }),
    )
    .action(action(async () => (await import('./commands/bulk')).bulkExportCommand));
}

/** quota: the figures, for people and for monitors. */
function addQuotaCommand(program: Command, action: Action): void {
  program
    .command('quota')
    .description('the month and minute figures, their reset times and age, the forecast')
    .option('--check', 'ask the service for fresh figures (free where /v2/status exists)')
    .option('--spend', 'with --check: allow spending one request when the service has no free status check')
    .option('--json', 'print JSON')
    .option(
      '--nagios',
      "one Nagios plugin status line with perfdata; exit 0/1/2/3 = OK/WARNING/CRITICAL/UNKNOWN at the profile's warning levels",
    )
    .option(
      '--prometheus',
      "every profile's figures (or --profile's) in the Prometheus text exposition format; with --check, each checked first (free)",
    )
    .option(
      '-w, --warning <range>',
      'with --nagios: WARNING range of requests left, or % of the limit (e.g. 2500:, 25%:, @500)',
    )
    .option('-c, --critical <range>', 'with --nagios: CRITICAL range, as -w (e.g. 1000:, 10%:)')
    .option('--max-age <duration>', 'with --nagios: figures older than this are WARNING (e.g. 15m, 1h, 2d)')
    .option('--warn-at-risk', 'with --nagios: WARNING when at this pace the month quota runs out before its reset')
    .addHelpText(
      'after',
      examples(
        'lookup-tray quota',
        'lookup-tray quota --check',
        'lookup-tray quota --check --spend --json',
        'lookup-tray --profile Work quota --check --nagios',
        'lookup-tray quota --check --nagios -w 20%: -c 5%: --max-age 1h --warn-at-risk',
        'lookup-tray quota --check --prometheus > lookup_tray.prom.tmp && mv lookup_tray.prom.tmp lookup_tray.prom',
      ) +
        exitCodesLine({
          ok: 'ok',
          noKey: 'no key (with --check)',
          rateLimited: true,
          invalidKey: true,
          network: true,
          proxy: true,
          certificate: true,
          needsConsent: '--check needs --spend',
        }) +
        '\nWith --nagios: 0 OK, 1 WARNING (at or below the low level or in -w, figures older than --max-age, at risk with\n--warn-at-risk), 2 CRITICAL (at or below the critical level or in -c, used up), 3 UNKNOWN (no figures yet, no key,\na failed --check, a bad -w/-c/--max-age).',
    )
    .action(action(async () => (await import('./commands/quota')).quotaCommand));
}

/** serve --metrics: a long-running Prometheus exporter of every profile's figures (issue 41). */
function addServeCommand(program: Command, action: Action): void {
  program
    .command('serve')
    .description(
      "a Prometheus exporter: checks each profile's quota for free (/v2/status) at its auto-check interval and serves /metrics",
    )
    .requiredOption(
      '--metrics <host:port>',
      'where to serve /metrics, e.g. 127.0.0.1:9464 (loopback unless --allow-remote)',
    )
    .option('--allow-remote', 'allow a non-loopback address for --metrics (no authentication: put a proxy in front)')
    .addHelpText(
      'after',
      examples('lookup-tray serve --metrics 127.0.0.1:9464', 'lookup-tray --profile Work serve --metrics [::1]:9464') +
        exitCodesLine({ ok: 'stopped by SIGINT or SIGTERM', usage: 'a bad --metrics', failure: 'cannot listen there' }),
    )
    .action(action(async () => (await import('./commands/serve')).serveCommand));
}

/** report: a bulk job's report (issue 35). */
function addReportCommand(program: Command, action: Action): void {
  program
    .command('report')
    .description(
      "a bulk job's report from the answers it holds: countries, networks, security flags, threat scores, top addresses by hits (sends nothing)",
    )
    .argument('[job]', "the job id, or its beginning as bulk list shows it (default: the profile's newest job)")
    .option('--json', 'print JSON')
    .option('--markdown', 'print Markdown (tables for a ticket or a wiki)')
    .option('--html', 'a self-contained HTML page with the map (no script, nothing fetched)')
    .option('--out <file>', 'write the report here (default: standard output)')
    .option(
      '--threat-threshold <n>',
      'the threat score (1-100) from which an address needs attention (default: the setting, 70)',
    )
    .addOption(
      new Option(
        '--block-list <format>',
        'write the addresses that need attention as a block list instead of the report',
      ).choices(BLOCK_LIST_FORMAT_IDS),
    )
    .addHelpText(
      'after',
      examples(
        'lookup-tray report',
        'lookup-tray report --threat-threshold 50',
        'lookup-tray report --block-list nftables --out blocked.nft && sudo nft -f blocked.nft',
        'lookup-tray report 3f2a9c1b --markdown > report.md',
        'lookup-tray report --html --out report.html',
        'lookup-tray report --json | jq .countries',
      ) +
        '\nExit codes: 0 printed, 1 cannot write --out, 2 no such job (or none yet), 4 an --out that cannot be written.',
    )
    .action(action(async () => (await import('./commands/report')).reportCommand));
}

/** status: what the tray menu says. */
function addStatusCommand(program: Command, action: Action): void {
  program
    .command('status')
    .description('what the tray menu says: the quota at a glance')
    .option('--json', 'print JSON')
    .addHelpText('after', examples('lookup-tray status'))
    .action(action(async () => (await import('./commands/status')).statusCommand));
}

/** key set|status|remove. */
function addKeyCommands(program: Command, action: Action): void {
  const key = program
    .command('key')
    .description(
      'the API key in the OS keychain (the same item the app uses); it is never taken from arguments or the environment',
    )
    .configureOutput({ outputError: (str, write) => write(errorLine(str, true)) })
    .addHelpText(
      'after',
      examples(
        'lookup-tray key set',
        'printf %s "$KEY" | lookup-tray key set --stdin',
        'lookup-tray key status',
        'lookup-tray key remove',
      ),
    );
  key
    .command('set')
    .description('save (or replace) the key: asked for on the terminal without echo, or read from stdin with --stdin')
    .option('--stdin', 'read the key from standard input (for scripts)')
    .option('--base-url <url>', 'the base URL of the service (needed once, unless the app has it)')
    .option('--spend', 'verify with one lookup (1 request) when the service has no free status check')
    .option('--no-verify', 'save without asking the service whether the key works')
    .addHelpText(
      'after',
      examples('lookup-tray key set --base-url https://api.example.com', 'lookup-tray key set --stdin < key.txt') +
        exitCodesLine({
          ok: 'saved',
          failure: 'no keychain',
          usage: 'no base URL yet (--base-url) or no terminal to ask on (--stdin)',
          invalidInput: 'not a usable key',
          invalidKey: true,
          network: true,
          proxy: true,
          certificate: true,
          needsConsent: 'verifying needs --spend',
          originChanged: 'the base URL moved to another origin meanwhile (nothing saved)',
          interrupted: 'Ctrl+C at the prompt',
        }),
    )
    .action(action(async () => (await import('./commands/key')).keySetCommand));
  key
    .command('status')
    .description('whether a key is saved for the current base URL (only its last four characters are shown)')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('lookup-tray key status') + exitCodesLine({ ok: 'a key is saved', failure: 'no keychain', noKey: true }),
    )
    .action(action(async () => (await import('./commands/key')).keyStatusCommand));
  key
    .command('remove')
    .description("remove the profile's key from the keychain (and forget its quota figures)")
    .addHelpText('after', examples('lookup-tray key remove'))
    .action(action(async () => (await import('./commands/key')).keyRemoveCommand));
}

/** profile list|add|use|rename|remove. */
function addProfileCommands(program: Command, action: Action): void {
  const profile = program
    .command('profile')
    .description(
      "the app's profiles (Settings → Profiles): each its own base URL, key, warning levels and figures; names in any case",
    )
    .addHelpText(
      'after',
      examples(
        'lookup-tray profile list',
        'lookup-tray profile add Work --base-url https://api.example.com',
        'lookup-tray profile use default',
        'lookup-tray --profile Work quota',
      ),
    );
  profile
    .command('list')
    .description('every profile, the one in use marked *, with its base URL and month figures')
    .option('--json', 'print JSON')
    // For completion scripts: the names alone, read from settings.json without creating or changing anything.
    .addOption(new Option('--names', 'print the names only').hideHelp())
    .addHelpText('after', examples('lookup-tray profile list', 'lookup-tray profile list --json'))
    .action(action(async () => (await import('./commands/profile')).profileListCommand));
  profile
    .command('add')
    .description('add a profile and switch to it (its key comes next: lookup-tray key set)')
    .argument('<name>', 'its name, e.g. Work')
    .option('--base-url <url>', 'the base URL of its service')
    .addHelpText(
      'after',
      examples('lookup-tray profile add Work --base-url https://api.example.com', 'lookup-tray key set') +
        exitCodesLine({ ok: 'added', invalidInput: 'a name or base URL that cannot be used' }),
    )
    .action(action(async () => (await import('./commands/profile')).profileAddCommand));
  profile
    .command('use')
    .description('switch the app and the command line to another profile')
    .argument('<name>', 'a profile (any case: "default" or "Default")')
    .addHelpText(
      'after',
      examples('lookup-tray profile use Work') + exitCodesLine({ ok: 'switched', usage: 'unknown profile' }),
    )
    .action(action(async () => (await import('./commands/profile')).profileUseCommand));
  profile
    .command('rename')
    .description('rename a profile; its key, figures and history follow')
    .argument('<old>', 'a profile')
    .argument('<new>', 'its new name')
    .addHelpText(
      'after',
      examples('lookup-tray profile rename Work Office') +
        exitCodesLine({
          ok: 'renamed',
          failure: 'no keychain',
          usage: 'unknown profile',
          invalidInput: 'a name that cannot be used',
        }),
    )
    .action(action(async () => (await import('./commands/profile')).profileRenameCommand));
  profile
    .command('remove')
    .description('remove a profile not in use, with its key (keychain), figures, history and cached answers')
    .argument('<name>', 'a profile')
    .option('--yes', 'remove without asking (scripts)')
    .addHelpText(
      'after',
      examples('lookup-tray profile remove Work', 'lookup-tray profile remove Work --yes') +
        exitCodesLine({
          ok: 'removed',
          failure: 'no keychain',
          usage: 'unknown profile or the one in use',
          needsConsent: 'needs --yes',
          interrupted: 'Ctrl+C at the prompt',
        }),
    )
    .action(action(async () => (await import('./commands/profile')).profileRemoveCommand));
}

/** config get|set and cache clear. */
function addSettingsCommands(program: Command, action: Action): void {
  const config = program
    .command('config')
    .description('read and change settings (the same settings.json and rules as the app)');
  config
    .command('get')
    .description('print all settings, or one')
    .argument('[name]', 'a setting, e.g. cache.ttlMinutes')
    .option('--json', 'print JSON')
    .addHelpText(
      'after',
      examples('lookup-tray config get', 'lookup-tray config get thresholds.monthLow') +
        exitCodesLine({ ok: 'printed', usage: 'unknown setting' }),
    )
    .action(action(async () => (await import('./commands/config')).configGetCommand));
  config
    .command('set')
    .description('change one setting (checked like the app checks it)')
    .argument('<name>', 'a setting, e.g. thresholds.monthLow')
    .argument('<value>', 'a number, on/off, "default" (autoCheck.enabled) or text')
    .addHelpText(
      'after',
      examples(
        'lookup-tray config set cache.ttlMinutes 60',
        'lookup-tray config set autoCheck.enabled off',
        'lookup-tray config set language de',
      ) +
        exitCodesLine({
          ok: 'saved',
          usage: 'unknown setting (or profile, which "profile use" changes)',
          invalidInput: 'invalid value',
        }),
    )
    .action(action(async () => (await import('./commands/config')).configSetCommand));

  const cache = program.command('cache').description("the profile's cached lookup answers");
  cache
    .command('clear')
    .description("forget the profile's cached answers (the next lookups spend requests)")
    .addHelpText('after', examples('lookup-tray cache clear'))
    .action(action(async () => (await import('./commands/cache')).cacheClearCommand));
}

/** demo and completion. */
function addToolCommands(program: Command, action: Action): void {
  program
    .command('demo')
    .description(
      "start the app's demo service (the embedded simulator) and print its base URL and a demo key to try; Ctrl+C stops it",
    )
    .addHelpText(
      'after',
      examples(
        'lookup-tray demo',
        'printf %s "$DEMO_KEY" | lookup-tray --data-dir "$DEMO_DIR" key set --stdin --base-url "$DEMO_URL"',
      ) + "\nThe key and the folder it prints are the demo's own: both are gone when it stops.",
    )
    .action(action(async () => (await import('./commands/demo')).demoCommand));

  program
    .command('completion')
    .description('print a shell completion script')
    .addArgument(new Argument('<shell>', orList(SHELL_NAMES)).choices(SHELL_NAMES))
    .addHelpText(
      'after',
      examples(...SHELL_NAMES.map((shell) => `lookup-tray completion ${shell} > ${SHELLS[shell].saveAs}`)),
    )
    .action(action(async () => (await import('./commands/completion')).completionCommand(program)));
}

export function buildProgram(run: Runner): Command {
  const program = new Command('lookup-tray');
  program
    .description(
      'Lookup Tray on the command line: IP lookups and the quota of your IP-lookup service, sharing the key ' +
        '(OS keychain), settings and state (cache, figures, cooldowns) with the Lookup Tray app.',
    )
    .version(VERSION, '-V, --version', 'print the version')
    .option('--data-dir <dir>', "the app's data folder (settings.json, state.db)", defaultDataDir())
    .option('--profile <name>', 'the profile to use (default: the one in use in the app)')
    .addOption(
      new Option('--lang <lang>', 'the language of messages (system: from LC_ALL, LC_MESSAGES, LANG)').choices(
        LANG_CHOICES,
      ),
    )
    // The command's language, once its options are read (electron/cli/cli-words.ts).
    .hook('preAction', (_program, cmd) => setCliLang(commandLang(process.env, cmd.optsWithGlobals().lang)))
    .helpOption('-h, --help', 'show help for a command')
    .showSuggestionAfterError(true)
    .exitOverride()
    // Commander's own errors (unknown option, missing argument …): one line, with where to look. Set before the
    // sub-commands are defined: they inherit it.
    .configureOutput({ outputError: (str, write) => write(errorLine(str)) })
    .addHelpText(
      'after',
      `${examples(
        'lookup-tray key set --base-url https://api.example.com',
        'lookup-tray lookup 8.8.8.8',
        'lookup-tray quota --check',
        'lookup-tray lookup 1.1.1.1 9.9.9.9 --csv --fields ip,location.country.name',
        'lookup-tray bulk addresses.txt --out results.csv',
      )}\n${EXIT_CODES_HELP}\n\nColours only on a terminal; NO_COLOR turns them off.`,
    );

  const action = actionOf(run);
  addLookupCommand(program, action);
  addBulkCommands(program, action);
  addQuotaCommand(program, action);
  addServeCommand(program, action);
  addReportCommand(program, action);
  addKeyCommands(program, action);
  addProfileCommands(program, action);
  addStatusCommand(program, action);
  addSettingsCommands(program, action);
  addToolCommands(program, action);

  for (const cmd of [program, ...program.commands.filter((c) => c.commands.length > 0)])
    oneLineWhenNoSubcommand(cmd, cmd === program ? '' : cmd.name());
  return program;
}
