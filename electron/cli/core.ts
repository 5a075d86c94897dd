/**
 * The app core on the command's data folder and keychain, for one change (saving a key, a profile operation) and
 * then disposed: the CLI does what the window does, through the same handlers. Loaded only by the commands that
 * change something (the core brings the settings schema and every handler).
 */
import { createAppCore } from '../core/app/app-core';
import type { AppCore } from '../core/app/app-core-types';
import { systemClock } from '../core/lib/ports';
import type { CliContext } from './context';

/** Runs `fn` on a one-shot app core (no background work: no watched profiles, no resumed jobs, no folder watch). */
export async function withCore<T>(ctx: CliContext, fn: (core: AppCore) => Promise<T>): Promise<T> {
  const core = await createAppCore({
    clock: systemClock,
    fetch: globalThis.fetch,
    secrets: ctx.secrets,
    dataDir: ctx.dataDir,
    notifier: { notify() {} },
    logger: ctx.logger,
    oneShot: true,
  });
  try {
    return await fn(core);
  } finally {
    await core.dispose();
  }
}
