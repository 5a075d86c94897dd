/**
 * The Settings form's draft: which settings it edits (and in which group), what a save sends (only what changed),
 * and the checks made before sending (so nothing out of range reaches the core).
 */
import { checkAccelerator } from '../../shared/accelerator';
import { normalizeBaseUrl } from '../../shared/base-url';
import { checkProxyUrl, proxyProblem } from '../../shared/proxy-setting';
import type { SettingProblem } from '../../shared/setting-problem';
import { wordsFor } from '../../shared/i18n';
import type { Settings, SettingsPatch } from '../../shared/ipc';
import { LIMITS, thresholdOrderErrors, type NumberSettingPath } from '../../shared/settings';

/** The groups of the Settings form, in the order shown; "Save settings" saves them together. */
export const FORM_GROUPS = [
  'Service',
  'Warning levels',
  'Notifications',
  'Automatic quota checks',
  'Lookup cache',
  'App',
  'Network',
  'Bulk reports',
] as const;
export type FormGroup = (typeof FORM_GROUPS)[number];

/** A setting the form does not edit, and what does. */
type EditedElsewhere = `elsewhere: ${string}`;

/**
 * Where every setting is edited. A setting added to the schema (shared/settings-schema.ts) fails the typecheck
 * here until it is given a form group (its field, and the save, follow from that) or said to be edited elsewhere.
 */
export const SETTINGS_EDITORS = {
  baseUrl: 'Service',
  answerLanguage: 'Service',
  monthResetDay: 'Service',
  thresholds: 'Warning levels',
  notifications: 'Notifications',
  autoCheck: 'Automatic quota checks',
  cache: 'Lookup cache',
  launchAtLogin: 'App',
  interfaceLanguage: 'App',
  shortcut: 'App',
  trayShows: 'App',
  autoUpdate: 'App',
  network: 'Network',
  reports: 'Bulk reports',
  profile: 'elsewhere: the Profiles section (use, rename), which moves the key and figures with it',
  profiles: 'elsewhere: each profile’s own fields are these same groups while it is in use',
  schemaVersion: 'elsewhere: the settings store (migrations)',
} as const satisfies Record<keyof Settings, FormGroup | EditedElsewhere>;

/** The settings a table of editors (SETTINGS_EDITORS, or a test's) gives a form group. */
export type FormKeyOf<E> = { [K in keyof E]: E[K] extends FormGroup ? K : never }[keyof E];
/** The settings the form edits (a patch may hold these and no others). */
export type FormKey = FormKeyOf<typeof SETTINGS_EDITORS>;
const _formKeysArePatchKeys: FormKey extends keyof SettingsPatch ? true : false = true;
void _formKeysArePatchKeys;

export const FORM_KEYS = (Object.keys(SETTINGS_EDITORS) as (keyof Settings)[]).filter(
  (k): k is FormKey => !SETTINGS_EDITORS[k].startsWith('elsewhere:'),
);

/** The setting groups (objects of settings) the form edits: a patch holds only their changed fields. */
export type FormObjectKey = {
  [K in FormKey]: Settings[K] extends Record<string, unknown> ? K : never;
}[FormKey];
/** The single settings the form edits. */
export type FormScalarKey = Exclude<FormKey, FormObjectKey>;

/** Only what changed, as a SettingsPatch. */
export function diffSettings(saved: Settings, draft: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const k of FORM_KEYS) {
    const a = saved[k];
    const b = draft[k];
    if (b !== null && typeof b === 'object') {
      const before = a as unknown as Record<string, unknown>;
      const after = b as unknown as Record<string, unknown>;
      const part: Record<string, unknown> = {};
      for (const f of Object.keys(after)) if (after[f] !== before[f]) part[f] = after[f];
      if (Object.keys(part).length > 0) patch[k] = part;
    } else if (b !== a) patch[k] = b;
  }
  return patch as SettingsPatch;
}

/** Every field the form shows a message next to: `baseUrl`, `thresholds.monthLow`, … */
export function formFields(s: Settings): Set<string> {
  return new Set(
    FORM_KEYS.flatMap((k) => {
      const v = s[k];
      return v !== null && typeof v === 'object' ? Object.keys(v).map((f) => `${k}.${f}`) : [k];
    }),
  );
}

/** Allowed ranges: the core's own (shared/settings.ts LIMITS), checked here so nothing out of range is sent. */
const RANGES = LIMITS as Record<NumberSettingPath, { min: number; max: number }>;

/** min/max props of a number field, from RANGES. */
export const range = (path: NumberSettingPath): { min: number; max: number } => {
  const r = RANGES[path];
  return r ? { min: r.min, max: r.max } : { min: 0, max: Number.MAX_SAFE_INTEGER };
};

function valueAt(d: Settings, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      d,
    );
}

/** What the core would refuse, found before sending: each marked field's problem (a fact, worded by the view). */
export function localProblems(d: Settings, patch: SettingsPatch): Record<string, SettingProblem> {
  const e: Record<string, SettingProblem> = {};
  if (patch.baseUrl !== undefined) {
    const r = normalizeBaseUrl(patch.baseUrl);
    if (!r.ok) e.baseUrl = { kind: 'base-url', why: r.why };
  }
  if (patch.shortcut !== undefined) {
    // The IPC refuses these before the core could explain them: say so here (the same check as the core's).
    const r = checkAccelerator(patch.shortcut);
    if (!r.ok) e.shortcut = { kind: 'shortcut', ...r.problem };
  }
  if (patch.network !== undefined) {
    const r = checkProxyUrl(d.network.proxyUrl);
    if (!r.ok) e['network.proxyUrl'] = proxyProblem(r.why);
    else if (d.network.proxy === 'url' && r.url === '') e['network.proxyUrl'] = proxyProblem('needed');
  }
  for (const path of Object.keys(RANGES) as NumberSettingPath[]) {
    const { min, max } = RANGES[path];
    const v = valueAt(d, path);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      e[path] = { kind: 'range', path, min, max };
  }
  // Across fields too, in the same save: a "critical" not below its "low" is marked beside any range error.
  for (const x of thresholdOrderErrors(d.thresholds)) e[x.path] ??= x.problem;
  return e;
}

/** localProblems in English words, as the window says them. */
export function localErrors(d: Settings, patch: SettingsPatch): Record<string, string> {
  const say = wordsFor('en').w.settingProblem.say;
  return Object.fromEntries(Object.entries(localProblems(d, patch)).map(([k, p]) => [k, say(p, 'window')]));
}
