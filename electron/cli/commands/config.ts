/**
 * `lookup-tray config get|set`: settings.json through the one settings schema (shared/settings-schema.ts), the
 * same checks and messages as the app's Settings view.
 */
import { DEFAULT_SETTINGS, type SettingsPatch } from '../../../shared/settings';
import { CliError, EXIT } from '../exit-codes';
import { jsonText, leaves, pick, processIo, type Io } from '../output';
import type { ActionInput } from '../action';
import { withContext } from '../with-context';

/** Every setting's dotted name (schemaVersion is bookkeeping, not a setting). */
export const SETTING_NAMES = leaves(DEFAULT_SETTINGS)
  .map(([k]) => k)
  .filter((k) => k !== 'schemaVersion');

function unknown(name: string): CliError {
  return new CliError(`Unknown setting "${name}". Settings: ${SETTING_NAMES.join(', ')}.`, EXIT.invalidInput);
}

const show = (v: unknown) => (v === null ? 'default' : typeof v === 'boolean' ? (v ? 'on' : 'off') : String(v));

export async function configGetCommand(input: ActionInput<{ json?: boolean }>, io: Io = processIo): Promise<void> {
  const name = input.args[0];
  if (name !== undefined && !SETTING_NAMES.includes(name)) throw unknown(name);
  await withContext(input.global, async (ctx) => {
    const s = ctx.current;
    if (name !== undefined) {
      const v = pick(s, name);
      io.out(input.opts.json ? jsonText(v, 0) : show(v));
      return;
    }
    if (input.opts.json) io.out(jsonText(s));
    else io.out(SETTING_NAMES.map((k) => `${k} = ${show(pick(s, k))}`).join('\n'));
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
  if (!SETTING_NAMES.includes(name)) throw unknown(name);
  const value = parseValue(name, raw);
  const [group, field] = name.split('.') as [string, string | undefined];
  const patch = (field === undefined ? { [group]: value } : { [group]: { [field]: value } }) as SettingsPatch;
  await withContext(input.global, async (ctx) => {
    const r = await ctx.updateSettings(patch);
    if (r.kind === 'invalid') throw new CliError(r.errors.map((e) => e.message).join(' '), EXIT.invalidInput);
    io.out(`${name} = ${show(pick(r.settings, name))}`);
  });
}
