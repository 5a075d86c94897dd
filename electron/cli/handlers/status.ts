/**
 * `lookup-tray status`: the lines at the top of the tray menu, from the same model (core/tray/tray-model.ts), in
 * the command line's words: where the tray says "open Lookup Tray", it says which command to run — one piece of
 * advice, the first thing missing (a keychain, a service, a key) — and it names the profile when there are several.
 */
import { profileLabel } from '../../../shared/settings';
import { trayFacts } from '../../core/app/one-shot';
import { cliWords } from '../cli-words';
import { noKeychain } from '../keychain-message';
import { jsonText, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';

export async function statusCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const snapshot = await ctx.snapshot();
    const model = trayFacts(snapshot, Date.now());
    const { w } = cliWords();
    const s = snapshot.settings;
    const several = snapshot.profiles.length > 1;
    const profile = several ? w.cli.status.profile(profileLabel(s.profile)) : null;
    const flag = several ? ` --profile "${profileLabel(s.profile)}"` : '';
    let advice: string | null = null;
    if (!snapshot.keychain.available) advice = noKeychain();
    else if (!s.baseUrl) advice = w.cli.status.noService(flag);
    else if (!snapshot.key.hasKey) {
      const origin = new URL(s.baseUrl).origin;
      advice = snapshot.key.savedFor
        ? w.cli.status.otherOrigin(snapshot.key.savedFor, origin, flag)
        : w.cli.status.noKey(origin, flag);
    }
    const lines = [
      ...(profile ? [profile] : []),
      ...(advice ? [advice] : []),
      // The tray's lines that speak of the window: the advice above says what to run instead of "open Lookup Tray".
      ...model.statusLines
        .filter((l) => l.kind !== 'no-key')
        .map((l) => (l.kind === 'no-data' ? w.cli.status.noFigures : w.tray.line(l))),
      ...snapshot.notices.map((n) => w.notices.notice(n.fact)),
    ];
    if (input.opts.json)
      io.out(
        jsonText({
          profile: s.profile,
          lines,
          hasKey: model.hasKey,
          checkQuotaSpends: model.checkQuotaSpends,
        }),
      );
    else io.out(lines.join('\n'));
  });
}
