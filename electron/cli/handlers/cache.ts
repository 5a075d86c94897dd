/** `lookup-tray cache clear`: forgets the profile's cached answers in state.db. */
import { profileLabel } from '../../../shared/settings';
import { processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';

export async function cacheClearCommand(input: ActionInput, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const n = ctx.db.cacheDeleteProfile(ctx.profile);
    io.out(cliWords().w.cli.cache.cleared(n, profileLabel(ctx.profile)));
  });
}
