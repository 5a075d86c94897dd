import { CliContext, type GlobalOptions } from './context';
import type { SecretStore } from '../core/lib/ports';

/** Test hook: a keychain stand-in for in-process tests (the command line always uses the OS keychain). */
export const contextPorts: { secrets?: SecretStore } = {};

/** Runs `fn` on the data folder's context and closes it (what the service learnt is written) whatever happens. */
export async function withContext<T>(global: GlobalOptions, fn: (ctx: CliContext) => Promise<T>): Promise<T> {
  const ctx = await CliContext.open(global, contextPorts.secrets);
  try {
    return await fn(ctx);
  } finally {
    await ctx.close();
  }
}
