/** The settings model: one type, defaults in one place. The JSON schema lives in electron/core/storage/settings-schema.ts. */
export interface NotificationSettings {
  monthLow: boolean;
  monthCritical: boolean;
  monthExhausted: boolean;
  minuteHit: boolean;
  forecast: boolean;
  restored: boolean;
}

export interface Settings {
  schemaVersion: number;
  baseUrl: string;
  profile: string;
  thresholds: {
    monthLow: number;
    monthCritical: number;
    minuteLow: number;
    minuteCritical: number;
  };
  notifications: NotificationSettings;
  /** Day of the month (1..28) at 00:00 UTC on which the month quota resets. */
  monthResetDay: number;
  cache: { ttlMinutes: number; maxEntries: number };
  autoCheck: {
    /** null = default: on every 5 min when the free status check exists, off otherwise. */
    enabled: boolean | null;
    intervalMinutes: number;
    /** Allow automatic checks that spend a request when there is no free status check. */
    allowSpending: boolean;
  };
  launchAtLogin: boolean;
  shortcut: string;
  /** ISO 639-1 code passed as `language`, or '' for the service default. */
  language: string;
}

export const SETTINGS_SCHEMA_VERSION = 1;

export const DEFAULT_SETTINGS: Settings = {
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
  launchAtLogin: false,
  shortcut: 'CommandOrControl+Shift+L',
  language: '',
};

/** A partial update from the renderer (deep-partial on the nested groups). */
export type SettingsPatch = {
  baseUrl?: string;
  profile?: string;
  thresholds?: Partial<Settings['thresholds']>;
  notifications?: Partial<NotificationSettings>;
  monthResetDay?: number;
  cache?: Partial<Settings['cache']>;
  autoCheck?: Partial<Settings['autoCheck']>;
  launchAtLogin?: boolean;
  shortcut?: string;
  language?: string;
};
