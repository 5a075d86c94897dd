/**
 * What the app knows about its own updates, as facts (issue 43): the phase, the versions, when, and why a check failed
 * (a kind, not a sentence). Types only: shared/update.ts (English words) and the catalog (shared/i18n uiUpdate) read them.
 */

/**
 * - 'off': this copy never updates itself (`offReason` says why: a development run, the web preview, a deb install);
 * - 'idle': nothing checked yet; 'checking'; 'up-to-date': the last check found nothing newer;
 * - 'downloading' `version` (in the background); 'ready': `version` is downloaded and installs on restart or quit;
 * - 'available': a newer `version` exists, which this copy does not install itself (`noticeOnly`: an unsigned build);
 *   `releaseUrl` is its release page;
 * - 'failed': the last check or download failed (`error`); the next try backs off.
 */
export type UpdatePhase = 'off' | 'idle' | 'checking' | 'up-to-date' | 'downloading' | 'ready' | 'available' | 'failed';

export interface UpdateStatus {
  /** The running version. */
  current: string;
  phase: UpdatePhase;
  /** Why this copy does not update itself ('off' only), in English (the shell's own words where it gave some). */
  offReason: string | null;
  /** 'installed-only': the policy's own reason (only the installed app updates itself); null: see offReason. */
  offWhy?: 'installed-only' | null;
  /** The newer version found: downloading, ready or available. */
  version: string | null;
  /**
   * An unsigned build: it checks for a newer version and says so, with a link to its release page, but never
   * downloads or installs one (nothing could check who signed it).
   */
  noticeOnly: boolean;
  /** 'available': the new version's release page (an https://github.com/…/releases/tag/v… link), null if unknown. */
  releaseUrl: string | null;
  /** Download progress, 0–100, while downloading (null before the first progress report). */
  percent: number | null;
  /** When the last check finished (found something or nothing; local clock), null before any. */
  checkedAt: number | null;
  /**
   * The last failure, kept until a check succeeds: its fact (what failed, why) and its English words ("Could not check
   * for updates: no connection to the update server."). Shown in Settings → App and About; never a notification.
   */
  error: { at: number; message: string; fact: UpdateFailure } | null;
  /** Check for updates automatically (Settings → App). */
  auto: boolean;
  /** When the next automatic check is due, null when none is planned. */
  nextCheckAt: number | null;
  /** Demo mode: nothing is checked. */
  demo: boolean;
  /** A bulk job is running: "Restart to update" waits for it (quitting still installs). */
  heldByBulk: boolean;
}

/** What "Restart to update" did. */
export type RestartOutcome =
  | { kind: 'restarting' }
  /** A bulk job is running: nothing restarts in the middle of one. */
  | { kind: 'held'; message: string }
  /** There is no downloaded update to install. */
  | { kind: 'nothing'; message: string };

/** What failed: a check, the download of a version, or the updater otherwise. */
export type UpdateFailure = {
  what: 'check' | 'download' | 'update';
  /** The version being downloaded ('download'). */
  version: string | null;
  /** 'other': `detail` is the updater's own first line (bounded, shown as it is). */
  why: 'offline' | 'unsigned' | 'no-release' | 'unknown' | 'other';
  detail: string;
};
