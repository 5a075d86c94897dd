/**
 * The settings' numbers and defaults, as plain data: the single source of every range and default value.
 * No zod here on purpose: the renderer imports this file (its number fields' ranges), and its bundle stays
 * zod-free. The zod schema is built from these in shared/settings-schema.ts, and the `Settings` and
 * `SettingsPatch` types are derived from that schema (re-exported here as types only).
 */
import type { Settings } from './settings-schema';

export type { NotificationSettings, ProfileSettings, Settings, SettingsPatch } from './settings-schema';

/** How a profile is named in the window, the tray and notifications: the first one is "Default". */
export function profileLabel(name: string): string {
  return name === 'default' ? 'Default' : name;
}

export const SETTINGS_SCHEMA_VERSION = 1;

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
} as const;

/** The path of a number setting, e.g. 'thresholds.monthLow'. */
export type NumberSettingPath = keyof typeof LIMITS;

/** Whose gauge the tray icon shows with several profiles: the one in use, or the one closest to running out. */
export const TRAY_SHOWS = ['selected', 'closest'] as const;

/** Maximum lengths of the text settings (after trimming). */
export const TEXT_LIMITS = { profile: 64, shortcut: 100 } as const;

/** A character a profile name may not hold (a control character). */
// eslint-disable-next-line no-control-regex
export const PROFILE_NAME_FORBIDDEN = /[\u0000-\u001f\u007f]/;
/** `language`: an ISO 639-1 code ("en"), or '' for the service's default. */
export const LANGUAGE_CODE = /^([a-z]{2})?$/;

/** The shortcut's messages: the schema's, and the Settings view's own check before sending (the IPC refuses them). */
export const SHORTCUT_MESSAGES = {
  empty: 'Shortcut must not be empty (e.g. CommandOrControl+Shift+L).',
  tooLong: 'Shortcut is too long.',
} as const;

export const DEFAULT_SETTINGS = {
  schemaVersion: SETTINGS_SCHEMA_VERSION,
  baseUrl: '',
  profile: 'default',
  thresholds: { monthLow: 25, monthCritical: 10, minuteLow: 25, minuteCritical: 10 },
  notifications: {
    monthLow: true,
    monthCritical: true,
    monthExhausted: true,
    minuteHit: false,
    forecast: true,
    restored: false,
  },
  monthResetDay: 1,
  cache: { ttlMinutes: 24 * 60, maxEntries: 1000 },
  autoCheck: { enabled: null, intervalMinutes: 5, allowSpending: false },
  profiles: {},
  launchAtLogin: false,
  autoUpdate: true,
  shortcut: 'CommandOrControl+Shift+L',
  language: '',
  trayShows: 'selected',
} as const satisfies Settings;
