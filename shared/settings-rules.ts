/**
 * The settings' ranges and text rules, as plain data (no zod, no types from the schema): what the one settings
 * schema (settings-schema.ts), the zod-free reader of short-lived processes (electron/core/storage/settings-fast.ts)
 * and the Settings view check. Re-exported by settings.ts, which adds the defaults; kept apart so that the schema,
 * built from these, and settings.ts, typed by the schema, import no cycle.
 */
import { englishProblem } from './setting-problem-en';
import type { NumberSettingPath as SettingPath, SettingProblem } from './setting-problem';
import type { Same } from './types';

/** 2: `language` (the service's answer language) renamed `answerLanguage`; `interfaceLanguage` added. */
export const SETTINGS_SCHEMA_VERSION = 2;

const PERCENT = { min: 1, max: 99 } as const;

/**
 * The allowed range of every number setting (whole numbers, inclusive), by its path in `Settings`.
 * shared/settings-schema.ts checks that there is exactly one entry per number field.
 */
export const LIMITS = {
  'thresholds.monthLow': PERCENT,
  'thresholds.monthCritical': PERCENT,
  'thresholds.minuteLow': PERCENT,
  'thresholds.minuteCritical': PERCENT,
  monthResetDay: { min: 1, max: 28 },
  'cache.ttlMinutes': { min: 1, max: 30 * 24 * 60 },
  'cache.maxEntries': { min: 1, max: 100_000 },
  'autoCheck.intervalMinutes': { min: 1, max: 24 * 60 },
  'reports.threatThreshold': { min: 1, max: 100 },
} as const;

/** The path of a number setting, e.g. 'thresholds.monthLow' (named in shared/setting-problem.ts; the same keys). */
export type NumberSettingPath = SettingPath;
const _limitsCoverEveryPath: Same<keyof typeof LIMITS, SettingPath> = true;
void _limitsCoverEveryPath;

/** Whose gauge the tray icon shows with several profiles: the one in use, or the one closest to running out. */
export const TRAY_SHOWS = ['selected', 'closest'] as const;

/** Maximum lengths of the text settings (after trimming). */
export const TEXT_LIMITS = { profile: 64, shortcut: 100 } as const;

/**
 * A character a profile name may not hold: a control character, or `@` and `#`, which separate a keychain account's
 * profile from its origin and its data folder's id (`default@https://api…#3f9c…`: key-account.ts, keychain-folder.ts).
 * Checked wherever settings are read (the schema, settings-fast.ts) and wherever a name is chosen.
 */
// eslint-disable-next-line no-control-regex
export const PROFILE_NAME_FORBIDDEN = /[\u0000-\u001f\u007f@#]/;
/** The separators among PROFILE_NAME_FORBIDDEN, for the message that names them. */
export const PROFILE_NAME_SEPARATORS = /[@#]/;
/**
 * What a new name may hold (adding or renaming a profile): letters and digits of any script, spaces, `.`, `_` and `-`,
 * starting with a letter or a digit. A name reaches shells (the completion scripts offer it on a command line),
 * arguments (`--profile NAME`), reports and metrics: `$`, backticks, quotes, `( ) { }` and the like bring only ways
 * to go wrong there, and a leading `-` reads as an option. Names stored before this rule still load
 * (PROFILE_NAME_FORBIDDEN is what reading checks), and every place a name goes escapes it.
 */
export const NEW_PROFILE_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} ._-]*$/u;
export const NEW_PROFILE_NAME_MESSAGE =
  'Profile names use letters, digits, spaces, ".", "_" and "-" only, starting with a letter or a digit.';
/** `answerLanguage`: an ISO 639-1 code ("en"), or '' for the service's default. */
export const LANGUAGE_CODE = /^([a-z]{2})?$/;

/** The shortcut's messages: the schema's, and the Settings view's own check before sending (the IPC refuses them). */
export const SHORTCUT_MESSAGES = {
  empty: englishProblem({ kind: 'shortcut', why: 'blank' }),
  tooLong: englishProblem({ kind: 'shortcut', why: 'too-long' }),
} as const;

/**
 * The one rule across fields: each "critical" level is below its "low" one. Checked by the settings schema and, before
 * anything is sent, by the Settings view — together with the ranges, so one save marks every field that is wrong.
 */
type OrderError = {
  path: 'thresholds.monthCritical' | 'thresholds.minuteCritical';
  problem: Extract<SettingProblem, { kind: 'order' }>;
  message: string;
};

export function thresholdOrderErrors(t: {
  monthLow: unknown;
  monthCritical: unknown;
  minuteLow: unknown;
  minuteCritical: unknown;
}): OrderError[] {
  const out: OrderError[] = [];
  const num = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  const wrong = (path: OrderError['path'], low: number): OrderError => {
    const problem = { kind: 'order', path, low } as const;
    return { path, problem, message: englishProblem(problem) };
  };
  if (num(t.monthLow) && num(t.monthCritical) && t.monthCritical >= t.monthLow)
    out.push(wrong('thresholds.monthCritical', t.monthLow));
  if (num(t.minuteLow) && num(t.minuteCritical) && t.minuteCritical >= t.minuteLow)
    out.push(wrong('thresholds.minuteCritical', t.minuteLow));
  return out;
}
