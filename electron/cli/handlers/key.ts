/**
 * `lookup-tray key set|status|remove`: the profile's key in the OS keychain, under the item the app uses
 * (service "Lookup Tray", account "<profile>@<origin>"). Saving and removing go through the app core's own
 * handlers (electron/core/app/handlers/key-handlers.ts), so the CLI and the window do exactly the same thing.
 */
import { normalizeBaseUrl, originOf } from '../../../shared/base-url';
import { profileLabel } from '../../../shared/settings';
import { MAX_KEY_LENGTH, normalizeKeyInput, redact, type OneShot, type StatusAnswer } from '../../core/app/one-shot';
import { CliError, EXIT } from '../exit-codes';
import { noKeychain } from '../keychain-message';
import { cliMessage, exitFor } from '../outcome-exit';
import { jsonText, paint, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { promptForKey, readKeyFromStdin } from '../prompt';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';

interface KeySetOptions {
  stdin?: boolean;
  baseUrl?: string;
  spend?: boolean;
  verify?: boolean;
}

/**
 * Why `raw` cannot be a key, in the command's words: normalizeKeyInput's checks (electron/core/secrets/key-vault.ts),
 * in its order, for a key it refused.
 */
function keyInputProblem(raw: string): string {
  const t = cliWords().w.cli.key;
  const key = raw.trim();
  if (key === '') return t.keyEmpty;
  if (/\s/.test(key)) return t.keySpaces;
  if (key.length > MAX_KEY_LENGTH) return t.tooLong;
  return t.keyInvalidChars;
}

async function requireKeychain(ctx: OneShot): Promise<void> {
  const s = await ctx.vault.status();
  if (!s.available) throw new CliError(noKeychain(), EXIT.failure);
}

export async function keySetCommand(input: ActionInput<KeySetOptions>, io: Io = processIo): Promise<void> {
  const { opts } = input;
  if (opts.spend && opts.verify === false) throw new CliError('Choose one of --spend and --no-verify.', EXIT.usage);
  let base: string | undefined;
  if (opts.baseUrl !== undefined) {
    const r = normalizeBaseUrl(opts.baseUrl);
    if (!r.ok)
      throw new CliError(cliWords().w.settingProblem.say({ kind: 'base-url', why: r.why }, 'cli'), EXIT.invalidInput);
    base = r.url;
  }
  await withContext(input.global, async (ctx) => {
    if (!base && !ctx.current.baseUrl)
      throw new CliError('No base URL yet: add --base-url https://… (the address of your lookup service).', EXIT.usage);
    await requireKeychain(ctx);
    const raw = opts.stdin ? await readKeyFromStdin() : await promptForKey();
    const norm = normalizeKeyInput(raw);
    if (!norm.ok) throw new CliError(keyInputProblem(raw), EXIT.invalidInput);
    const key = norm.key;
    const say = (t: string) => io.err(redact(t, key));
    if (base) {
      const r = await ctx.updateSettings({ baseUrl: base });
      if (r.kind === 'invalid') {
        const say = cliWords().w.settingProblem.say;
        throw new CliError(r.errors.map((e) => say(e.problem, 'cli')).join(' '), EXIT.invalidInput);
      }
    }
    // The origin the key is verified at (the service below is built for it): the only one it is saved for.
    const origin = originOf(ctx.current.baseUrl);
    // Verified here first (for free through /v2/status where it exists), so a refused key gets its own exit code.
    let statusAnswer: StatusAnswer | undefined;
    if (opts.verify !== false) {
      const v = await ctx.service().verifyKey(key, opts.spend ? 'spend' : 'free');
      if (v.needsConfirmation) throw new CliError(cliWords().w.cli.key.needsSpend, EXIT.needsConsent);
      if (!v.ok) {
        const o = v.outcome;
        if (!o || o.kind === 'ok') throw new CliError(cliWords().w.cli.key.notVerified, EXIT.network);
        throw new CliError(redact(cliMessage(o), key), exitFor(o));
      }
      statusAnswer = v.statusAnswer;
    }
    const saved = await ctx.saveKey(key, origin);
    if (saved.kind === 'no-keychain') throw new CliError(noKeychain(), EXIT.failure);
    if (saved.kind === 'origin-changed')
      throw new CliError(cliWords().w.cli.key.checkBaseUrl(saved.message), EXIT.originChanged);
    if (saved.kind !== 'saved') throw new CliError(redact(saved.message, key), EXIT.invalidInput);
    const masked = saved.masked;
    // The figures the check brought (a free status answer, or the spent lookup's headers) are the new key's own:
    // kept, so quota and status show them at once rather than "no figures yet".
    if (statusAnswer) ctx.renewService().takeStatusAnswer(statusAnswer);
    const owner = ctx.isOtherProfile ? profileLabel(ctx.profile) : null;
    say(cliWords().w.cli.key.saved(masked, origin, owner, opts.verify !== false));
  });
}

export async function keyStatusCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    const snap = await ctx.snapshot();
    const origin = snap.settings.baseUrl ? new URL(snap.settings.baseUrl).origin : null;
    if (input.opts.json) io.out(jsonText({ ...snap.key, origin, keychain: snap.keychain.available }));
    if (!snap.keychain.available) throw new CliError(noKeychain(), EXIT.failure);
    if (!snap.key.hasKey) {
      const why = snap.key.savedFor ? { savedFor: snap.key.savedFor } : snap.key.legacy ? 'legacy' : null;
      throw new CliError(cliWords().w.cli.key.none(origin, why), EXIT.noKey);
    }
    if (!input.opts.json)
      io.out(
        cliWords().w.cli.key.status(
          paint('bold', snap.key.masked ?? ''),
          origin ?? '',
          profileLabel(snap.settings.profile),
        ),
      );
  });
}

export async function keyRemoveCommand(input: ActionInput, io: Io = processIo): Promise<void> {
  await withContext(input.global, async (ctx) => {
    await requireKeychain(ctx);
    const before = await ctx.snapshot();
    await ctx.removeKey();
    const owner = ctx.isOtherProfile ? profileLabel(ctx.profile) : null;
    const k = cliWords().w.cli.key;
    io.out(before.key.hasKey ? k.removed(owner) : k.noneToRemove(owner));
  });
}
