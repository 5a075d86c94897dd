/**
 * What the tray says, as facts: the lines at the top of its menu and in its tooltip, its profiles, its bulk job and
 * its update item, each a kind with typed parameters. The core decides them (electron/core/tray/tray-model.ts); the
 * faces put them in words (the `tray` area of shared/i18n: the shell's tray and menu, `lookup-tray status`).
 * Instants are epoch ms; `now` is the service clock's, for the dates that show their year only when far off.
 */
import type { BulkProgress } from './bulk';
import type { QuotaLevel } from './quota';

/** One status line of the tray (its menu's top, its tooltip). */
export type TrayLine =
  | { kind: 'demo' }
  /** With `trayShows: 'closest'`: the profile shown is not the one in use (its label: the user's own text). */
  | { kind: 'closest'; profile: string }
  | { kind: 'no-key' }
  | { kind: 'no-data' }
  | { kind: 'month-out'; resetAt: number; now: number }
  | {
      kind: 'month';
      remaining: number;
      limit: number;
      level: QuotaLevel;
      resetAt: number;
      estimated: boolean;
      now: number;
    }
  | { kind: 'at-risk'; runsOutAt: number; now: number }
  | { kind: 'no-minute-limit' }
  | { kind: 'minute-hit'; limit: number }
  | { kind: 'minute'; remaining: number; limit: number; estimated: boolean }
  /** How old the figures are. */
  | { kind: 'updated'; ageMs: number }
  | { kind: 'last-failed' }
  /** Notifications paused until `until` (local clock, shown as a local time). */
  | { kind: 'paused'; until: number };

/** The tooltip's first line: the app, the demo, or the profile shown when it is not the one in use. */
export type TrayHead = { kind: 'app' } | { kind: 'demo' } | { kind: 'profile'; profile: string };

/** A profile's radio item: its label (the user's text) and its month, null before figures or a service. */
export interface TrayProfile {
  name: string;
  label: string;
  active: boolean;
  month: { remaining: number; limit: number } | null;
  /** A service is set for it (no figures yet vs. not set up). */
  setUp: boolean;
}

/** The bulk job's item: its progress, and the profile's label when there are several. */
export interface TrayBulk {
  jobId: string;
  progress: BulkProgress;
  owner?: string;
  canPause: boolean;
  canResume: boolean;
}

/**
 * A downloaded update to restart into (held while a bulk job runs), or — an unsigned build — a newer version whose
 * release page the item opens.
 */
export type TrayUpdate =
  { kind: 'restart'; version: string; held: boolean } | { kind: 'available'; version: string; url: string };
