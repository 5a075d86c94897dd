import { OneShot, OneShotError, type OneShotOptions, type SecretStore } from '../core/app/one-shot';
import { CliError, EXIT, type ExitCode } from './exit-codes';
import { cliWords } from './cli-words';

/** The command line's global options: the data folder (--data-dir) and the profile (--profile). */
export type GlobalOptions = OneShotOptions;

/** Test hook: a keychain stand-in for in-process tests (the command line always uses the OS keychain). */
export const contextPorts: { secrets?: SecretStore } = {};

const EXIT_OF: Record<OneShotError['kind'], ExitCode> = {
  usage: EXIT.usage,
  'no-service': EXIT.noKey,
  failure: EXIT.failure,
};

/**
 * Runs `fn` on the core's one-shot entry for the data folder and closes it (what the service learnt is written)
 * whatever happens; the core's refusals become one-line errors with their exit codes.
 */
export async function withContext<T>(global: GlobalOptions, fn: (ctx: OneShot) => Promise<T>): Promise<T> {
  try {
    const ctx = await OneShot.open(global, contextPorts.secrets);
    try {
      return await fn(ctx);
    } finally {
      await ctx.close();
    }
  } catch (err) {
    // No service yet: the command's own words (the core's sentence is English; its kind is the fact).
    if (err instanceof OneShotError)
      throw new CliError(err.kind === 'no-service' ? cliWords().w.cli.noService : err.message, EXIT_OF[err.kind]);
    throw err;
  }
}
