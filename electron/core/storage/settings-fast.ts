/**
 * A zod-free reading of settings.json for the commands that only need to read it (quota, lookup, status): zod and
 * the schema built from it cost more to load than the rest of such a command. The settings it lacks are filled from
 * their defaults first (withSettingsDefaults, as the schema's reader fills them), so a file written before a setting
 * was added still takes this path. It accepts the result only when it is exactly what the one settings schema
 * (shared/settings-schema.ts) would give back — the current schema version, every field with its type and range
 * (from shared/settings.ts), text already trimmed and normalised, no unknown keys — and returns it. Anything else (an
 * older version, a value to normalise or refuse, a damaged file) returns null, and the caller reads the file through
 * the SettingsStore and its schema, as the app does. A string setting needs its rule in `text` below, or every read
 * takes the slow path (settings-fast.test.ts says which). The text rules are shared/settings.ts's, as the schema's are;
 * test/unit/core/storage/settings-fast.test.ts checks the agreement.
 */
import path from 'node:path';
import { normalizeBaseUrl } from '../../../shared/base-url';
import { checkProxyUrl, PROXY_MODES } from '../../../shared/proxy-setting';
import {
  DEFAULT_SETTINGS,
  LANGUAGE_CODE,
  LIMITS,
  PROFILE_NAME_FORBIDDEN,
  SETTINGS_SCHEMA_VERSION,
  TEXT_LIMITS,
  TRAY_SHOWS,
  withSettingsDefaults,
  type Settings,
} from '../../../shared/settings';
import { readTextNoFollow } from './no-follow';
import { LANG_CHOICES } from '../../../shared/i18n/locale';

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function text(name: string, v: string): boolean {
  switch (name) {
    case 'baseUrl': {
      if (v === '') return true;
      const r = normalizeBaseUrl(v);
      return r.ok && r.url === v;
    }
    case 'profile':
      return v === v.trim() && v.length >= 1 && v.length <= TEXT_LIMITS.profile && !PROFILE_NAME_FORBIDDEN.test(v);
    case 'shortcut':
      return v === v.trim() && v.length >= 1 && v.length <= TEXT_LIMITS.shortcut;
    case 'answerLanguage':
      return LANGUAGE_CODE.test(v);
    case 'interfaceLanguage':
      return (LANG_CHOICES as readonly string[]).includes(v);
    case 'trayShows':
      return (TRAY_SHOWS as readonly string[]).includes(v);
    case 'network.proxy':
      return (PROXY_MODES as readonly string[]).includes(v);
    case 'network.proxyUrl': {
      const r = checkProxyUrl(v);
      return r.ok && r.url === v;
    }
    default:
      return false;
  }
}

/** Whether `value` has exactly the shape and values of `model` (DEFAULT_SETTINGS or one of its groups). */
function conforms(value: unknown, model: Json, prefix: string): boolean {
  if (!isObj(value)) return false;
  const keys = Object.keys(model);
  if (Object.keys(value).length !== keys.length) return false;
  for (const k of keys) {
    if (!Object.hasOwn(value, k)) return false;
    const v = value[k];
    const m = model[k];
    const name = prefix ? `${prefix}.${k}` : k;
    if (name === 'schemaVersion') {
      if (v !== SETTINGS_SCHEMA_VERSION) return false;
    } else if (name === 'autoCheck.enabled') {
      if (v !== null && typeof v !== 'boolean') return false;
    } else if (typeof m === 'number') {
      const range = LIMITS[name as keyof typeof LIMITS];
      if (!range || typeof v !== 'number' || !Number.isInteger(v) || v < range.min || v > range.max) return false;
    } else if (typeof m === 'boolean') {
      if (typeof v !== 'boolean') return false;
    } else if (typeof m === 'string') {
      if (typeof v !== 'string' || !text(name, v)) return false;
    } else if (isObj(m)) {
      if (!conforms(v, m, name)) return false;
      if (name === 'network' && isObj(v) && v.proxy === 'url' && v.proxyUrl === '') return false;
    } else return false;
  }
  return true;
}

/**
 * `raw` with its missing settings' defaults, when that is settings exactly as the schema would return them; else null
 * (use the SettingsStore).
 */
export function settingsAsIs(raw: unknown): Settings | null {
  if (!isObj(raw) || raw.schemaVersion !== SETTINGS_SCHEMA_VERSION) return null;
  const filled = withSettingsDefaults(raw);
  if (!conforms(filled, DEFAULT_SETTINGS as unknown as Json, '')) return null;
  const t = (filled as Settings).thresholds;
  if (!(t.monthCritical < t.monthLow && t.minuteCritical < t.minuteLow)) return null;
  return filled as Settings;
}

/** The data folder's settings.json read without the schema's library, or null when the schema must look at it. */
export function readSettingsFast(dataDir: string): Settings | null {
  try {
    return settingsAsIs(JSON.parse(readTextNoFollow(path.join(dataDir, 'settings.json'))));
  } catch {
    return null;
  }
}
