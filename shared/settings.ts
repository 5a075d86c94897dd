/**
 * The settings' defaults, and (from settings-rules.ts) their ranges and text rules, as plain data: the single source
 * of every range and default value.
 * No zod here on purpose: the renderer imports this file (its number fields' ranges), and its bundle stays
 * zod-free. The zod schema is built from these in shared/settings-schema.ts, and the `Settings` and
 * `SettingsPatch` types are derived from that schema (re-exported here as types only).
 */
import { SETTINGS_SCHEMA_VERSION } from './settings-rules';
import type { Settings } from './settings-schema';

export type { NotificationSettings, ProfileSettings, Settings, SettingsPatch } from './settings-schema';

/** How a profile is named in the window, the tray and notifications: the first one is "Default". */
export function profileLabel(name: string): string {
  return name === 'default' ? 'Default' : name;
}

export * from './settings-rules';

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
  answerLanguage: '',
  interfaceLanguage: 'system',
  trayShows: 'selected',
  network: { proxy: 'system', proxyUrl: '' },
  reports: { threatThreshold: 70 },
} as const satisfies Settings;

/**
 * `raw` (a settings file's object) with every setting it lacks taken from DEFAULT_SETTINGS, one level into the
 * groups; present values are kept as they are. Both readers of settings.json use it (the schema's,
 * settings-migrations.ts, and the zod-free one, settings-fast.ts), so a setting added with a default needs no
 * migration: a file written before it existed reads as if it held the default.
 */
export function withSettingsDefaults(raw: Record<string, unknown>): Record<string, unknown> {
  const isGroup = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  const out: Record<string, unknown> = { ...(DEFAULT_SETTINGS as Record<string, unknown>), ...raw };
  for (const [k, def] of Object.entries(DEFAULT_SETTINGS)) {
    const own = raw[k];
    if (isGroup(def) && isGroup(own)) out[k] = { ...def, ...own };
  }
  return out;
}
