/**
 * `lookup-tray`, loaded by main.ts once the compile cache is on. Parses the command line (commander), runs the command, and turns every failure
 * into one line on stderr and an exit code (exit-codes.ts). Never a stack trace; the key is in no output.
 */
import { CommanderError } from 'commander';
import { CliError, EXIT } from './exit-codes';
import { paintErr, processIo, terminalSafe } from './output';
import type { ActionInput } from './action';
import { buildProgram } from './program';

/** One line on stderr (the message can hold a service's words: processIo makes it terminal-safe). */
function fail(message: string, code: number): void {
  processIo.err(`${paintErr('red', 'lookup-tray:')} ${message}`);
  process.exitCode = code;
}

/** The error's kind only (its message could hold anything); LOOKUP_TRAY_DEBUG=1 adds its stack for a bug report. */
function describe(err: unknown): string {
  if (process.env.LOOKUP_TRAY_DEBUG === '1' && err instanceof Error)
    process.stderr.write(`${terminalSafe(String(err.stack))}\n`);
  return err instanceof Error ? err.name : typeof err;
}

/**
 * Runs a command, keeping the process alive until it ends. The core's timers are unref'd (ports.ts: they must never
 * hold an app's or a preview's exit), so a command whose only pending work is such a timer — a bulk job waiting for
 * the next minute window, or 2 s before retrying after a 500 — would otherwise let Node leave at once, off a terminal
 * (a pipe, cron, stdin from /dev/null: nothing else is pending), with the job half done, nothing written and exit 0.
 * One ref'd handle lives exactly while the command's promise is pending: a command that is done (status, quota …)
 * exits at once, whatever unref'd timers are left.
 */
async function run(load: () => Promise<(input: ActionInput) => Promise<void>>, input: ActionInput): Promise<void> {
  const keepAlive = setInterval(() => undefined, 2 ** 31 - 1);
  try {
    const command = await load();
    await command(input);
  } finally {
    clearInterval(keepAlive);
  }
}

async function main(argv: string[]): Promise<void> {
  const program = buildProgram(run);
  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      // --help and --version end with a "CommanderError" too: those are successes.
      const ok = err.exitCode === 0 || err.code === 'commander.helpDisplayed' || err.code === 'commander.version';
      process.exitCode = ok ? EXIT.ok : EXIT.usage;
      return;
    }
    if (err instanceof CliError) return fail(err.message, err.code);
    fail(`unexpected error (${describe(err)}). Please report it.`, EXIT.failure);
  }
}

process.on('unhandledRejection', (err) => fail(`unexpected error (${describe(err)}). Please report it.`, EXIT.failure));
process.on('uncaughtException', (err) => {
  fail(`unexpected error (${describe(err)}). Please report it.`, EXIT.failure);
  process.exit();
});
// `lookup-tray … | head`: the reader went away; stop quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit();
});
void main(process.argv);
