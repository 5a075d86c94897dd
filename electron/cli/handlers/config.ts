/**
 * `lookup-tray config get|set`: settings.json through the one settings schema (shared/settings-schema.ts), the
 * same checks and messages as the app's Settings view.
 */
import { DEFAULT_SETTINGS, profileLabel, type SettingsPatch } from '../../../shared/settings';
import { CliError, EXIT } from '../exit-codes';
import { jsonText, leaves, pick, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';
import { cliWords } from '../cli-words';

/** Every setting's dotted name `config get` shows (schemaVersion is bookkeeping, not a setting). */
export const SETTING_NAMES = leaves(DEFAULT_SETTINGS)
  .map(([k]) => k)
  .filter((k) => k !== 'schemaVersion');

/**
 * Shown by `config get`, refused by `config set`: the profile in use changes through `lookup-tray profile use`,
 * which moves its key, figures and history with it.
 */
const READ_ONLY = new Set(['profile']);
/** In usage errors (stable English); `config get`'s list says it in the command's language (cli.config.readOnly). */
const READ_ONLY_NOTE = 'read-only: change it with "lookup-tray profile use NAME"';

/** The names `config set` takes (and completes). */
export const SETTABLE_NAMES = SETTING_NAMES.filter((k) => !READ_ONLY.has(k));

/** A name that is no setting is a usage error (exit 2), as an unknown --fields name or --profile is. */
function unknown(name: string): CliError {
  return new CliError(
    `Unknown setting "${name}". Settings: ${SETTABLE_NAMES.join(', ')} (and ${[...READ_ONLY].join(', ')}, ${READ_ONLY_NOTE}).`,
    EXIT.usage,
  );
}

const show = (v: unknown) => (v === null ? 'default' : typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v));
/** As the app shows it: the profile's name as everywhere else ("Default"), the rest by `show`. */
const shown = (name: string, v: unknown) => (name === 'profile' && typeof v === 'string' ? profileLabel(v) : show(v));

export async function configGetCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  const name = input.args[0];
  if (name !== undefined && !SETTING_NAMES.includes(name)) throw unknown(name);
  await withContext(input.global, async (ctx) => {
    const s = ctx.current;
    if (name !== undefined) {
      const v = pick(s, name);
      io.out(input.opts.json ? jsonText(v, 0) : shown(name, v));
      return;
    }
    if (input.opts.json) io.out(jsonText(s));
    else
      io.out(
        SETTING_NAMES.map(
          (k) => `${k} = ${shown(k, pick(s, k))}${READ_ONLY.has(k) ? ` (${cliWords().w.cli.config.readOnly})` : ''}`,
        ).join('\n'),
      );
  });
}

/** The text of `value` as the type the setting has (numbers, on/off, default, text). */
function parseValue(name: string, raw: string): unknown {
  const def = pick(DEFAULT_SETTINGS, name);
  if (name === 'autoCheck.enabled') {
    if (/^(default|auto)$/i.test(raw)) return null;
  }
  if (typeof def === 'boolean' || name === 'autoCheck.enabled') {
    if (/^(on|true|yes|1)$/i.test(raw)) return true;
    if (/^(off|false|no|0)$/i.test(raw)) return false;
    return raw; // the schema says what is expected
  }
  if (typeof def === 'number') {
    const n = raw.trim() === '' ? Number.NaN : Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  return raw;
}

export async function configSetCommand(input: ActionInput, io: Io = processIo): Promise<void> {
  const [name, raw] = input.args as [string, string];
  if (READ_ONLY.has(name))
    throw new CliError(`"${name}" cannot be set with config set: it is ${READ_ONLY_NOTE}.`, EXIT.usage);
  if (!SETTING_NAMES.includes(name)) throw unknown(name);
  const value = parseValue(name, raw);
  const [group, field] = name.split('.') as [string, string | undefined];
  const patch = (field === undefined ? { [group]: value } : { [group]: { [field]: value } }) as SettingsPatch;
  await withContext(input.global, async (ctx) => {
    const r = await ctx.updateSettings(patch);
    if (r.kind === 'invalid') {
      const say = cliWords().w.settingProblem.say;
      throw new CliError(r.errors.map((e) => say(e.problem, 'cli')).join(' '), EXIT.invalidInput);
    }
    io.out(`${name} = ${shown(name, pick(r.settings, name))}`);
  });
}
