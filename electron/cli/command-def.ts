/**
 * What a `lookup-tray` command says about itself (electron/cli/commands/<name>.ts, one definition a file): its name,
 * description, arguments, options, examples, the exit codes it can give and its handler. program.ts assembles the
 * definitions into commander; completion (handlers/completion.ts) and the docs check (test/cli/docs-commands.test.ts)
 * read the same list. A handler is loaded only when its command runs (`load`): a definition imports nothing heavy,
 * so a start pays only for the command it runs.
 */
import type { ActionInput } from './action';
import type { ExitCodesSaid } from './exit-codes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each handler takes its own options type
export type Handler = (input: ActionInput<any>) => Promise<void>;

export interface OptionDef {
  /** commander's flags, e.g. "-w, --warning <range>". */
  flags: string;
  description: string;
  choices?: readonly string[];
  /** Must be given (commander's requiredOption). */
  required?: boolean;
  /** Not in --help nor in completion (for scripts). */
  hidden?: boolean;
}

export interface ArgumentDef {
  /** commander's argument, e.g. "<ip...>", "[job]". */
  name: string;
  description: string;
  choices?: readonly string[];
  /** What completion offers for it besides its choices: the data folder's profiles, or the settings' names. */
  completes?: 'profiles' | 'settings' | 'settable';
}

/** What a handler's loader gets: the whole command line's definitions (completion writes a script from them). */
export interface CommandLine {
  commands: readonly CommandDef[];
  /** The global options' long flags and descriptions (program.ts), e.g. --data-dir. */
  globals: readonly { flags: string; description: string }[];
}

export interface CommandDef {
  name: string;
  description: string;
  arguments?: readonly ArgumentDef[];
  options?: readonly OptionDef[];
  /** Shown under "Examples:" in --help, each after "$ ". */
  examples?: readonly string[];
  /** The exit codes it can give, in --help's "Exit codes:" line (exit-codes.ts). */
  exitCodes?: ExitCodesSaid;
  /** More text at the end of --help. */
  helpAfter?: string;
  /** Commander's errors do not repeat what was typed (under `key`, a stray word could be the key itself). */
  hidesTyped?: boolean;
  /** Its handler, imported when it runs. A command with sub-commands only has none. */
  load?: (cli: CommandLine) => Promise<Handler>;
  commands?: readonly CommandDef[];
}

/** The "Examples:" block of a --help. */
export const examples = (...lines: readonly string[]): string =>
  `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
