/**
 * Reading and changing settings.json with the one settings schema (shared/settings-schema.ts): the migrations
 * from older `schemaVersion`s, defaults for missing fields, and applying a validated patch from the renderer. There is no key field, on purpose: unknown fields are dropped when
 * reading a file and refused in a patch.
 */
import { z } from 'zod';
import { isObj } from '../lib/guards';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { SettingsUpdateOutcome } from '../../../shared/ipc';
import type { SettingError, SettingProblem } from '../../../shared/setting-problem';
import {
  DEFAULT_SETTINGS,
  LIMITS,
  SETTINGS_SCHEMA_VERSION,
  withSettingsDefaults,
  type NumberSettingPath,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings';
import { settingsPatchSchema, settingsSchema } from '../../../shared/settings-schema';

type Json = Record<string, unknown>;

/**
 * v0 (no `schemaVersion`, or 0): flat `lowPercent`/`criticalPercent` for both windows, one `notify`
 * switch, cache TTL in hours and `cacheSize`, `autoCheckMinutes` (0 = off).
 */
function migrateV0toV1(old: Json): Json {
  const { lowPercent, criticalPercent, notify, cacheTtlHours, cacheSize, autoCheckMinutes, ...rest } = old;
  const next: Json = { ...rest, schemaVersion: 1 };
  const ownGroup = (k: string): Json => (isObj(rest[k]) ? (rest[k] as Json) : {});
  if (lowPercent !== undefined || criticalPercent !== undefined) {
    const t: Json = {};
    if (lowPercent !== undefined) t.monthLow = t.minuteLow = lowPercent;
    if (criticalPercent !== undefined) t.monthCritical = t.minuteCritical = criticalPercent;
    next.thresholds = { ...t, ...ownGroup('thresholds') };
  }
  if (notify === false && !isObj(rest.notifications)) {
    next.notifications = Object.fromEntries(Object.keys(DEFAULT_SETTINGS.notifications).map((k) => [k, false]));
  }
  if (cacheTtlHours !== undefined || cacheSize !== undefined) {
    const c: Json = {};
    if (cacheTtlHours !== undefined)
      c.ttlMinutes = typeof cacheTtlHours === 'number' ? Math.round(cacheTtlHours * 60) : cacheTtlHours;
    if (cacheSize !== undefined) c.maxEntries = cacheSize;
    next.cache = { ...c, ...ownGroup('cache') };
  }
  if (autoCheckMinutes !== undefined && !isObj(rest.autoCheck)) {
    next.autoCheck = autoCheckMinutes === 0 ? { enabled: false } : { enabled: true, intervalMinutes: autoCheckMinutes };
  }
  return next;
}

/**
 * v1: `language` was the service's answer language; v2 calls it `answerLanguage` (the interface's language is
 * `interfaceLanguage`, new, its default filled in by withSettingsDefaults). A file holding both keeps `answerLanguage`.
 */
function migrateV1toV2(old: Json): Json {
  const { language, ...rest } = old;
  const next: Json = { ...rest, schemaVersion: 2 };
  if (language !== undefined && !Object.hasOwn(rest, 'answerLanguage')) next.answerLanguage = language;
  return next;
}

/** Migrations by the version they upgrade FROM. */
export const migrations: Record<number, (old: Json) => Json> = { 0: migrateV0toV1, 1: migrateV1toV2 };

export type ParsedSettings =
  | { ok: true; settings: Settings; migratedFrom: number | null }
  | { ok: false; errors: { field: string; message: string }[] };

/**
 * The fact of an issue (shared/setting-problem.ts): a custom issue's own, a number field's range, the shortcut's
 * length, else the schema's English words as they are (what only a hand-made change can cause).
 */
function problemOf(i: z.core.$ZodIssue, field: string): SettingProblem {
  const own = i.code === 'custom' ? (i.params as { problem?: SettingProblem } | undefined)?.problem : undefined;
  if (own) return own;
  if (Object.hasOwn(LIMITS, field)) {
    const path = field as NumberSettingPath;
    return { kind: 'range', path, ...LIMITS[path] };
  }
  if (field === 'shortcut' && (i.code === 'too_small' || i.code === 'too_big'))
    return { kind: 'shortcut', why: i.code === 'too_small' ? 'blank' : 'too-long' };
  return { kind: 'other', message: i.message };
}

/** One error per field, with its fact; an unknown-keys issue becomes one "Unknown setting." per key. */
export function issuesToErrors(issues: readonly z.core.$ZodIssue[]): SettingError[] {
  return issues.flatMap((i) => {
    const at = i.path.map(String);
    if (i.code === 'unrecognized_keys')
      return i.keys.map((k) => {
        const field = [...at, k].join('.');
        return { field, message: i.message, problem: problemOf(i, field) };
      });
    const field = at.join('.');
    return [{ field, message: i.message, problem: problemOf(i, field) }];
  });
}

/** Errors as words only (the settings file's errors: logs, notices). */
const wordsOnly = (errors: SettingError[]) => errors.map(({ field, message }) => ({ field, message }));

/** Read whatever a settings file held: migrate, fill defaults, validate. Never throws. */
export function parseSettings(raw: unknown): ParsedSettings {
  if (!isObj(raw)) return { ok: false, errors: [{ field: '', message: 'Settings must be a JSON object.' }] };
  const version = raw.schemaVersion ?? 0;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return { ok: false, errors: [{ field: 'schemaVersion', message: 'Unknown settings schema version.' }] };
  }
  let doc: Json = raw;
  let v = version;
  while (v < SETTINGS_SCHEMA_VERSION) {
    const step = migrations[v];
    if (!step) return { ok: false, errors: [{ field: 'schemaVersion', message: `No migration from version ${v}.` }] };
    doc = step(doc);
    v += 1;
  }
  // A file from a newer version: keep what this version understands.
  doc = { ...doc, schemaVersion: SETTINGS_SCHEMA_VERSION };
  const result = settingsSchema.safeParse(withSettingsDefaults(doc));
  if (!result.success) return { ok: false, errors: wordsOnly(issuesToErrors(result.error.issues)) };
  return { ok: true, settings: result.data, migratedFrom: version === SETTINGS_SCHEMA_VERSION ? null : version };
}

export class SettingsValidationError extends Error {
  override readonly name = 'SettingsValidationError';
  constructor(readonly errors: { field: string; message: string }[]) {
    super(`Invalid settings: ${errors.map((e) => `${e.field || '(root)'}: ${e.message}`).join('; ')}`);
  }
}

/** Upgrade older schema versions and fill defaults. Throws SettingsValidationError for a document that cannot be settings. */
export function migrate(raw: unknown): Settings {
  const r = parseSettings(raw);
  if (!r.ok) throw new SettingsValidationError(r.errors);
  return r.settings;
}

/**
 * The patch's own enumerable fields, one level into the groups, as fresh plain objects. Inherited names
 * never count (a patch whose prototype holds `baseUrl` changes nothing), and an own `__proto__` key stays an
 * ordinary (unknown) key instead of becoming a prototype.
 */
function ownFields(value: Json): Json {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, isObj(v) ? { ...v } : v]));
}

/** validatePatch's answer in English words only (no facts). */
export type PatchWords =
  { kind: 'saved'; settings: Settings } | { kind: 'invalid'; errors: { field: string; message: string }[] };

/** Apply a patch to the current settings, or say field by field what is wrong, in English words only. */
export function validatePatch(current: Settings, patch: SettingsPatch): PatchWords {
  const r = checkPatch(current, patch);
  return r.kind === 'saved' ? r : { kind: 'invalid', errors: wordsOnly(r.errors) };
}

/** Apply a patch from the renderer to the current settings, or say field by field what is wrong (facts and words). */
export function checkPatch(current: Settings, patch: SettingsPatch): SettingsUpdateOutcome {
  const p: unknown = patch;
  if (!isObj(p)) {
    const message = 'A settings change must be an object.';
    return { kind: 'invalid', errors: [{ field: '', message, problem: { kind: 'other', message } }] };
  }
  const own = ownFields(p);
  // Types, ranges and unknown keys: the same schema the IPC checks requests with.
  const parsed = settingsPatchSchema.safeParse(own);
  if (!parsed.success) return { kind: 'invalid', errors: dedupe(issuesToErrors(parsed.error.issues)) };

  const errors: SettingError[] = [];
  if (Object.hasOwn(own, 'baseUrl') && typeof own.baseUrl === 'string') {
    // The file may hold '' (not configured yet); a change from the user must be a usable URL.
    const r = normalizeBaseUrl(own.baseUrl);
    if (!r.ok && own.baseUrl.trim() === '')
      errors.push({ field: 'baseUrl', message: r.message, problem: { kind: 'base-url', why: r.why } });
  }
  const next: Json = { ...(current as unknown as Json) };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value === undefined) continue;
    next[key] = isObj(value) ? { ...(next[key] as Json), ...definedOnly(value) } : value;
  }
  // Rules across fields (critical below low) on the result.
  const result = settingsSchema.safeParse(next);
  if (!result.success) errors.push(...issuesToErrors(result.error.issues));
  if (errors.length > 0) return { kind: 'invalid', errors: dedupe(errors) };
  return { kind: 'saved', settings: (result as { data: Settings }).data };
}

function definedOnly(value: Json): Json {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}

function dedupe(errors: SettingError[]) {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const k = `${e.field}\u0000${e.message}`;
    return seen.has(k) ? false : (seen.add(k), true);
  });
}
