/**
 * The command line of `lookup-tray`: the global options, and the commands (each defined in commands/<name>.ts, listed
 * in commands/index.ts) assembled into commander. Each action imports its handler only when it runs, so a start pays
 * only for what the command uses.
 */
import { Argument, Command, Option } from 'commander';
import type { Runner } from './action';
import { examples, type CommandDef, type CommandLine } from './command-def';
import { COMMANDS } from './commands/index';
import { defaultDataDir } from './data-dir';
import { EXIT_CODES_HELP, exitCodesLine } from './exit-codes';
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

/** Turns a command's loader into commander's action: its arguments, options and the global options. */
function actionOf(run: Runner, def: CommandDef, cli: CommandLine): (...params: unknown[]) => Promise<void> {
  const load = def.load!;
  return async (...params: unknown[]) => {
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
    await run(() => load(cli), { args: cmd.args, opts, global: { dataDir: all.dataDir, profile: all.profile } });
  };
}

/** One definition (commands/<name>.ts) as commander's command under `parent`, its sub-commands with it. */
function addCommand(parent: Command, def: CommandDef, run: Runner, cli: CommandLine): void {
  const cmd = parent.command(def.name);
  // Set before its sub-commands are added: they inherit it.
  if (def.hidesTyped) cmd.configureOutput({ outputError: (str, write) => write(errorLine(str, true)) });
  cmd.description(def.description);
  for (const a of def.arguments ?? []) {
    const arg = new Argument(a.name, a.description);
    cmd.addArgument(a.choices ? arg.choices(a.choices) : arg);
  }
  for (const o of def.options ?? []) {
    const opt = new Option(o.flags, o.description);
    if (o.choices) opt.choices(o.choices);
    if (o.required) opt.makeOptionMandatory();
    if (o.hidden) opt.hideHelp();
    cmd.addOption(opt);
  }
  const after =
    (def.examples ? examples(...def.examples) : '') +
    (def.exitCodes ? exitCodesLine(def.exitCodes) : '') +
    (def.helpAfter ?? '');
  if (after) cmd.addHelpText('after', after);
  for (const sub of def.commands ?? []) addCommand(cmd, sub, run, cli);
  if (def.load) cmd.action(actionOf(run, def, cli));
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

  const globals = program.options.map((o) => ({ flags: o.flags, description: o.description }));
  const cli: CommandLine = { commands: COMMANDS, globals };
  for (const def of COMMANDS) addCommand(program, def, run, cli);

  for (const cmd of [program, ...program.commands.filter((c) => c.commands.length > 0)])
    oneLineWhenNoSubcommand(cmd, cmd === program ? '' : cmd.name());
  return program;
}
