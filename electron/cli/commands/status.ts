/** `lookup-tray status`: the lines at the top of the tray menu, from the same model (core/tray/tray-model.ts). */
import { buildTrayModel } from '../../core/tray/tray-model';
import { jsonText, processIo, type Io } from '../output';
import type { ActionInput } from '../program';
import { withContext } from '../with-context';

export async function statusCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const snapshot = await ctx.snapshot();
    const model = buildTrayModel(snapshot, Date.now());
    const lines = [...model.statusLines];
    if (!snapshot.settings.baseUrl)
      lines.unshift('No service configured yet — run: lookup-tray key set --base-url URL');
    if (!snapshot.keychain.available && snapshot.keychain.message) lines.push(snapshot.keychain.message);
    for (const n of snapshot.notices) lines.push(n.message);
    if (input.opts.json) io.out(jsonText({ lines, hasKey: model.hasKey, checkQuotaSpends: model.checkQuotaSpends }));
    else io.out(lines.join('\n'));
  });
}
