/**
 * The one settings schema (zod, with field-level messages), built from the ranges and defaults in
 * shared/settings.ts. Everything else derives from it:
 * - `Settings` is its output type; `DEFAULT_SETTINGS` must satisfy it;
 * - `settingsPatchSchema` (a change from the renderer) is the deep partial of the same field schemas,
 *   strict (unknown keys refused), and `SettingsPatch` is its output type; shared/ipc-schemas.ts uses it
 *   as the `updateSettings` request schema, so the IPC refuses exactly what the core refuses field by field;
 * - the renderer's ranges are shared/settings.ts's `LIMITS`, the same numbers this file checks.
 * Main side only: the renderer imports types from here, never values (its bundle does not contain zod).
 * Reading settings.json (migrations by `schemaVersion`, defaults for missing fields) and applying a patch
 * are the settings store's job: electron/core/storage/settings-migrations.ts.
 */
import { z } from 'zod';
import { checkAccelerator } from './accelerator';
import { normalizeBaseUrl } from './base-url';
import { checkProxyUrl, PROXY_MODES, proxyProblem } from './proxy-setting';
import { englishProblem } from './setting-problem-en';
import type { SettingProblem } from './setting-problem';
import {
  LANGUAGE_CODE,
  LIMITS,
  PROFILE_NAME_FORBIDDEN,
  PROFILE_NAME_SEPARATORS,
  SETTINGS_SCHEMA_VERSION,
  SHORTCUT_MESSAGES,
  TEXT_LIMITS,
  TRAY_SHOWS,
  thresholdOrderErrors,
  type NumberSettingPath,
} from './settings-rules';
import type { Same } from './types';
import { LANG_CHOICES } from './i18n/locale';

/** A whole number in its range (LIMITS); its message is the range's fact in English (issuesToErrors gives the fact). */
function wholeNumber(path: NumberSettingPath) {
  const { min, max } = LIMITS[path];
  const error = englishProblem({ kind: 'range', path, min, max });
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

/** A custom issue carrying its fact (shared/setting-problem.ts), read back by the settings store's issuesToErrors. */
function problemIssue(problem: SettingProblem, path?: string[]) {
  return { code: 'custom' as const, message: englishProblem(problem), params: { problem }, ...(path ? { path } : {}) };
}

const flag = (label: string) => z.boolean({ error: `${label} must be on or off.` });

/** A group of settings (one JSON object): its own message when it is not an object, or has unknown keys. */
const groupError = (name: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? 'Unknown setting.' : `"${name}" must be an object.`;

/** '' (not configured yet) or a URL normalizeBaseUrl accepts; stored normalised. */
const baseUrl = z.string({ error: 'Base URL must be text.' }).transform((value, ctx) => {
  if (value.trim() === '') return '';
  const r = normalizeBaseUrl(value);
  if (!r.ok) {
    ctx.addIssue(problemIssue({ kind: 'base-url', why: r.why }));
    return z.NEVER;
  }
  return r.url;
});

const profile = z
  .string({ error: 'Profile name must be text.' })
  .trim()
  .min(1, { error: 'Profile name must not be empty.' })
  .max(TEXT_LIMITS.profile, { error: `Profile name must be at most ${TEXT_LIMITS.profile} characters.` })
  .refine((v) => !PROFILE_NAME_SEPARATORS.test(v), { error: 'Profile names cannot contain "@" or "#".', abort: true })
  .refine((v) => !PROFILE_NAME_FORBIDDEN.test(v), { error: 'Profile name contains invalid characters.' });

const shortcut = z
  .string({ error: 'Shortcut must be text.' })
  .trim()
  .min(1, { error: SHORTCUT_MESSAGES.empty })
  .max(TEXT_LIMITS.shortcut, { error: SHORTCUT_MESSAGES.tooLong });

/**
 * A change of the shortcut must be one Electron can register (shared/accelerator.ts), stored in canonical spelling.
 * Only a change: a settings file keeps whatever it holds (the shell reports one that cannot be registered).
 */
const shortcutChange = shortcut.transform((value, ctx) => {
  const r = checkAccelerator(value);
  if (!r.ok) {
    ctx.addIssue(problemIssue({ kind: 'shortcut', ...r.problem }));
    return z.NEVER;
  }
  return r.accelerator;
});

const traySource = z.enum(TRAY_SHOWS, {
  error: 'The tray icon shows either the profile in use or the one closest to running out.',
});

/** The service's answer language: an ISO 639-1 code passed as `language`, or '' for the service default. */
const answerLanguage = z.string({ error: 'Language must be text.' }).trim().toLowerCase().regex(LANGUAGE_CODE, {
  error: 'Language must be a two-letter code such as "en" or "de", or empty for the service default.',
});

/** The window's, tray's and notifications' language (shared/i18n/locale.ts): 'system' follows the operating system. */
const interfaceLanguage = z.enum(LANG_CHOICES, {
  error: `The interface language is one of ${LANG_CHOICES.map((c) => `"${c}"`).join(', ')}.`,
});

const thresholdsShape = {
  monthLow: wholeNumber('thresholds.monthLow'),
  monthCritical: wholeNumber('thresholds.monthCritical'),
  minuteLow: wholeNumber('thresholds.minuteLow'),
  minuteCritical: wholeNumber('thresholds.minuteCritical'),
};

const notificationsShape = {
  monthLow: flag('"Month low" notification'),
  monthCritical: flag('"Month critical" notification'),
  monthExhausted: flag('"Month exhausted" notification'),
  minuteHit: flag('"Minute limit hit" notification'),
  forecast: flag('"Forecast" notification'),
  restored: flag('"Quota restored" notification'),
};

const cacheShape = {
  ttlMinutes: wholeNumber('cache.ttlMinutes'),
  maxEntries: wholeNumber('cache.maxEntries'),
};

const autoCheckShape = {
  /** null = default: on every 5 min when the free status check exists, off otherwise. */
  enabled: z.boolean({ error: 'Auto-check must be on, off or default.' }).nullable(),
  intervalMinutes: wholeNumber('autoCheck.intervalMinutes'),
  /** Allow automatic checks that spend a request when there is no free status check. */
  allowSpending: flag('"Allow auto-checks that spend a request"'),
};

/** Settings → Network (shared/proxy-setting.ts): the proxy's address is '' or a URL without credentials. */
const networkShape = {
  proxy: z.enum(PROXY_MODES, { error: 'The proxy is the system’s, none, or one given by its address.' }),
  proxyUrl: z.string({ error: 'The proxy’s address must be text.' }).transform((value, ctx) => {
    const r = checkProxyUrl(value);
    if (!r.ok) {
      ctx.addIssue(problemIssue(proxyProblem(r.why)));
      return z.NEVER;
    }
    return r.url;
  }),
};

/** Bulk job reports: the threat score from which an address "needs attention" (Tor, proxy and VPN always do). */
const reportsShape = {
  threatThreshold: wholeNumber('reports.threatThreshold'),
};

const network = z.object(networkShape, { error: groupError('network') }).superRefine((n, ctx) => {
  if (n.proxy === 'url' && n.proxyUrl === '') ctx.addIssue(problemIssue(proxyProblem('needed'), ['proxyUrl']));
});

const thresholds = z.object(thresholdsShape, { error: groupError('thresholds') }).superRefine((t, ctx) => {
  for (const e of thresholdOrderErrors(t)) ctx.addIssue(problemIssue(e.problem, [e.path.split('.')[1] as string]));
});

/**
 * What each profile has of its own (a key being the other thing: its keychain item). The active profile's are
 * the top-level fields of the settings; the others' are kept under `profiles`, by name.
 */
const profileShape = {
  baseUrl,
  thresholds,
  notifications: z.object(notificationsShape, { error: groupError('notifications') }),
  /** Day of the month (1..28) at 00:00 UTC on which the month quota resets. */
  monthResetDay: wholeNumber('monthResetDay'),
  autoCheck: z.object(autoCheckShape, { error: groupError('autoCheck') }),
};
export const profileSettingsSchema = z.object(profileShape, { error: groupError('profile') });
export type ProfileSettings = z.output<typeof profileSettingsSchema>;

/** The whole of settings.json. Unknown keys are dropped when a file is read (a patch refuses them). */
export const settingsSchema = z.object({
  schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION),
  profile,
  ...profileShape,
  /** The other profiles' settings, by name (the active one's are the fields above). */
  profiles: z.record(profile, profileSettingsSchema, { error: groupError('profiles') }).default({}),
  cache: z.object(cacheShape, { error: groupError('cache') }),
  launchAtLogin: flag('Launch at login'),
  /** Check for updates automatically (the installed app only; electron/core/update/update-policy.ts). */
  autoUpdate: flag('Check for updates automatically'),
  shortcut,
  answerLanguage,
  interfaceLanguage,
  /** With several profiles, whose gauge the tray icon shows: the one in use, or the one closest to running out. */
  trayShows: traySource,
  network,
  reports: z.object(reportsShape, { error: groupError('reports') }),
});

export type Settings = z.output<typeof settingsSchema>;
/** The fields each profile has of its own. */
export const PROFILE_FIELDS = Object.keys(profileShape) as (keyof ProfileSettings)[];

/** A profile's own fields out of settings that hold them at the top level (a copy). */
export function profileFields(s: Settings): ProfileSettings {
  return structuredClone(Object.fromEntries(PROFILE_FIELDS.map((k) => [k, s[k]])) as ProfileSettings);
}
export type NotificationSettings = Settings['notifications'];

/** A strict group of a patch: every field optional, unknown keys refused. */
const patchGroup = <S extends z.ZodRawShape>(name: string, shape: S) =>
  z.strictObject(shape, { error: groupError(name) }).partial();

/**
 * A change from the renderer: the deep partial of the settings (every field optional, one level into the
 * groups), from the same field schemas, strict at both levels. Never the profile's name: renaming or switching
 * profiles moves keychain items and state, so only the profile operations do it. Cross-field rules (critical below low) need
 * the current settings: the store checks them on the result (electron/core/storage/settings-migrations.ts).
 */
export const settingsPatchSchema = z
  .strictObject(
    {
      baseUrl,
      thresholds: patchGroup('thresholds', thresholdsShape),
      notifications: patchGroup('notifications', notificationsShape),
      monthResetDay: settingsSchema.shape.monthResetDay,
      cache: patchGroup('cache', cacheShape),
      autoCheck: patchGroup('autoCheck', autoCheckShape),
      launchAtLogin: settingsSchema.shape.launchAtLogin,
      autoUpdate: settingsSchema.shape.autoUpdate,
      shortcut: shortcutChange,
      answerLanguage,
      interfaceLanguage,
      trayShows: traySource,
      network: patchGroup('network', networkShape),
      reports: patchGroup('reports', reportsShape),
    },
    {
      error: (issue) =>
        issue.code !== 'unrecognized_keys'
          ? undefined
          : issue.keys.includes('profile')
            ? 'The profile in use changes through the profile operations (add, switch, rename, remove), which move its key and figures with it; it is not a setting.'
            : 'Unknown setting.',
    },
  )
  .partial();

export type SettingsPatch = z.output<typeof settingsPatchSchema>;

/** Paths of the number fields of T, e.g. 'thresholds.monthLow'. */
type NumberPaths<T> = {
  [K in keyof T & string]: T[K] extends number
    ? K
    : T[K] extends Record<string, unknown>
      ? `${K}.${NumberPaths<T[K]>}`
      : never;
}[keyof T & string];

// Compile-time checks that nothing is defined twice or left out:
// every number setting has exactly one range in LIMITS, and a patch covers every setting but the version.
const _limitsCoverEveryNumberSetting: Same<
  Exclude<NumberPaths<Omit<Settings, 'profiles'>>, 'schemaVersion'>,
  NumberSettingPath
> = true;
// (The profiles — which is in use, and the others — change through the profile capabilities, never a patch.)
type Patchable = Exclude<keyof Settings, 'schemaVersion' | 'profiles' | 'profile'>;
const _patchCoversEverySetting: Same<keyof SettingsPatch, Patchable> = true;
const _patchGroupsMatch: Same<
  { [K in keyof SettingsPatch]-?: keyof NonNullable<SettingsPatch[K]> },
  { [K in Patchable]: keyof Settings[K] }
> = true;
void [_limitsCoverEveryNumberSetting, _patchCoversEverySetting, _patchGroupsMatch];
