/**
 * What a command's action gets, and how the program runs one: the types every command module shares with the
 * program (program.ts loads each command module only when it runs; the commands import these from here, not from
 * the program, so no module of the command line imports one that imports it).
 */

/** What an action gets: its arguments and options, and the global --data-dir / --profile. */
export interface ActionInput<O = Record<string, unknown>> {
  args: string[];
  opts: O;
  global: { dataDir: string; profile?: string };
}

export type Runner = (load: () => Promise<(input: ActionInput) => Promise<void>>, input: ActionInput) => Promise<void>;
