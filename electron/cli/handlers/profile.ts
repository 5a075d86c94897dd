/**
 * `lookup-tray profile list|add|use|rename|remove`: the app's profiles (Settings → Profiles) on the command line.
 * Changes go through the core's own profile operations (OneShot.profiles(): the window's Profiles, without the app
 * core's background machinery), so a renamed profile's key, figures and history move as they do in the window; a running app follows through
 * settings.json, as it does for `config set`. Names are matched as they are shown, in any case ("Default").
 */
import path from 'node:path';
import { normalizeBaseUrl } from '../../../shared/base-url';
import { profileLabel } from '../../../shared/settings';
import {
  findProfile,
  profileList,
  readTextNoFollow,
  type OneShot,
  type ProfileOutcome,
  type Profiles,
} from '../../core/app/one-shot';
import { CliError, EXIT } from '../exit-codes';
import { jsonText, oneLine, paint, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { confirm } from '../prompt';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';
import { profileNameProblem, type ProfileRefusal } from '../../../shared/profile-problem';

const noKeychain = (): string => cliWords().w.cli.profile.noKeychain;

const quoted = (name: string) => `"${oneLine(profileLabel(name))}"`;

/** A profile change through the core's profile operations; its refusal as one line (exit 4), a keychain that fails as exit 1. */
async function change(ctx: OneShot, fn: (p: Profiles) => Promise<ProfileOutcome> | ProfileOutcome): Promise<void> {
  let r: ProfileOutcome;
  try {
    r = await fn(await ctx.profiles());
  } catch (err) {
    if (err instanceof Error && err.name === 'KeychainUnavailableError') throw new CliError(noKeychain(), EXIT.failure);
    throw err;
  }
  if (r.kind === 'invalid') throw new CliError(refused(r.problem), EXIT.invalidInput);
}

/** The core's refusal, a fact, in the command's words (settings named as settings.json and `config set` name them). */
function refused(r: ProfileRefusal): string {
  const { w } = cliWords();
  return r.kind === 'setting' ? w.settingProblem.say(r.problem, 'cli') : w.uiProfiles.refusal(r, profileLabel);
}

/** A name no profile may have (the core's own check, shared/profile-problem.ts), said in the command's language (exit 4). */
function refuseBadName(name: string): void {
  const p = profileNameProblem(name, []);
  if (p) throw new CliError(cliWords().w.uiProfiles.nameProblem(p, profileLabel), EXIT.invalidInput);
}

/** A name another profile already has, in any case: refused naming that profile as it is shown (exit 4). */
function refuseTaken(ctx: OneShot, name: string): void {
  const taken = findProfile(ctx.appSettings, name);
  if (taken !== null) throw new CliError(cliWords().w.cli.profile.taken(quoted(taken)), EXIT.invalidInput);
}

/**
 * The profiles' names as shown ("Default"), one a line, for completion scripts: settings.json read as it is, nothing
 * created or written (completing must not make a data folder); "Default" alone when there is none yet.
 */
function names(dataDir: string): string[] {
  let s: unknown = null;
  try {
    s = JSON.parse(readTextNoFollow(path.join(dataDir, 'settings.json')));
  } catch {
    // none yet, or unreadable: the first profile only
  }
  const o = (s !== null && typeof s === 'object' ? s : {}) as { profile?: unknown; profiles?: unknown };
  const active = typeof o.profile === 'string' ? o.profile : 'default';
  const others = o.profiles !== null && typeof o.profiles === 'object' ? Object.keys(o.profiles as object) : [];
  return [...new Set([active, ...others])].map((n) => oneLine(profileLabel(n)));
}

export async function profileListCommand(
  input: ActionInput<{ json?: boolean; names?: boolean }>,
  io: Io = processIo,
): Promise<void> {
  if (input.opts.names) {
    io.out(names(input.global.dataDir).join('\n'));
    return;
  }
  await withContext(input.global, async (ctx) => {
    const list = profileList(
      ctx.appSettings,
      () => undefined,
      (name) => ctx.db.readEngine(name),
    );
    if (input.opts.json) {
      io.out(jsonText(list));
      return;
    }
    const t = cliWords().w.cli.profile;
    const width = Math.max(...list.map((p) => oneLine(p.label).length));
    const urlWidth = Math.max(...list.map((p) => (p.baseUrl || t.noBaseUrl).length));
    for (const p of list) {
      const month = p.month
        ? t.month(p.month.remaining, p.month.limit, p.month.resetAt, Date.now())
        : p.baseUrl
          ? t.noFigures
          : t.notSetUp;
      const name = oneLine(p.label).padEnd(width);
      io.out(
        `${p.active ? '*' : ' '} ${p.active ? paint('bold', name) : name}  ${(p.baseUrl || t.noBaseUrl).padEnd(urlWidth)}  ${month}`,
      );
    }
    if (list.length > 1) io.err(t.inUseNote);
  });
}

export async function profileAddCommand(input: ActionInput<{ baseUrl?: string }>, io: Io = processIo): Promise<void> {
  const name = input.args[0] as string;
  let baseUrl = '';
  if (input.opts.baseUrl !== undefined) {
    const r = normalizeBaseUrl(input.opts.baseUrl);
    if (!r.ok)
      throw new CliError(cliWords().w.settingProblem.say({ kind: 'base-url', why: r.why }, 'cli'), EXIT.invalidInput);
    baseUrl = r.url;
  }
  await withContext({ ...input.global, profile: undefined }, async (ctx) => {
    refuseBadName(name);
    refuseTaken(ctx, name);
    await change(ctx, (p) => p.add(name, baseUrl));
    const next = baseUrl ? 'lookup-tray key set' : 'lookup-tray key set --base-url URL';
    io.out(cliWords().w.cli.profile.added(quoted(name.trim()), next));
  });
}

export async function profileUseCommand(input: ActionInput, io: Io = processIo): Promise<void> {
  await withContext({ ...input.global, profile: undefined }, async (ctx) => {
    const name = ctx.profileNamed(input.args[0] as string);
    if (name === ctx.appSettings.profile) {
      io.out(cliWords().w.cli.profile.alreadyInUse(quoted(name)));
      return;
    }
    await change(ctx, (p) => p.switch(name));
    const base = ctx.appSettings.profiles[name]?.baseUrl;
    io.out(cliWords().w.cli.profile.nowUsing(quoted(name), base || null));
  });
}

export async function profileRenameCommand(input: ActionInput, io: Io = processIo): Promise<void> {
  const [from, to] = input.args as [string, string];
  await withContext({ ...input.global, profile: undefined }, async (ctx) => {
    const name = ctx.profileNamed(from);
    if (to.trim() !== name) refuseBadName(to);
    if (findProfile(ctx.appSettings, to) !== name) refuseTaken(ctx, to);
    await change(ctx, (p) => p.rename(name, to));
    io.out(cliWords().w.cli.profile.renamed(quoted(name), quoted(to.trim())));
  });
}

export async function profileRemoveCommand(input: ActionInput<{ yes?: boolean }>, io: Io = processIo): Promise<void> {
  await withContext({ ...input.global, profile: undefined }, async (ctx) => {
    const name = ctx.profileNamed(input.args[0] as string);
    if (name === ctx.appSettings.profile)
      throw new CliError(
        `${quoted(name)} is the profile in use: switch to another one first (lookup-tray profile use NAME).`,
        EXIT.usage,
      );
    if (!input.opts.yes) {
      const what = cliWords().w.cli.profile.removeQuestion(quoted(name));
      if (!(await confirm(what)))
        throw new CliError(
          process.stdin.isTTY
            ? cliWords().w.cli.profile.nothingRemoved
            : cliWords().w.cli.profile.needsYes(quoted(name)),
          EXIT.needsConsent,
        );
    }
    await change(ctx, (p) => p.remove(name));
    io.out(cliWords().w.cli.profile.removed(quoted(name)));
  });
}
