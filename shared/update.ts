/**
 * What the app knows about its own updates, for Settings → App, About and the tray; and the words for it. Pure and
 * zod-free (the renderer imports it). The policy that fills it in is electron/core/update/update-policy.ts.
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
  /** Why this copy does not update itself ('off' only). */
  offReason: string | null;
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
   * The last failure in words ("Could not check for updates: no connection to the update server."), kept until a
   * check succeeds. Shown in Settings → App and About; never a notification.
   */
  error: { at: number; message: string } | null;
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

/** "in 15 min", "in 2 h", "in a minute". */
function inWords(ms: number): string {
  const min = Math.round(ms / 60_000);
  if (min <= 1) return 'in a minute';
  if (min < 90) return `in ${min} min`;
  return `in ${Math.round(min / 60)} h`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function agoInWords(ms: number): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'just now';
  if (min < 90) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** The tray item and the window's button once an update is ready. */
export const restartLabel = (version: string): string => `Restart to update to ${version}`;

/** The one notification per downloaded version. */
export function readyNotification(version: string): { title: string; body: string } {
  return {
    title: `Lookup Tray ${version} is ready — restart to update`,
    body: `Choose "${restartLabel(version)}" in the tray menu, or it installs the next time you quit Lookup Tray.`,
  };
}

/** The tray item and the window's link once an unsigned build hears of a newer version. */
export const availableLabel = (version: string): string => `Lookup Tray ${version} is available — Download`;

export const NOTICE_ONLY_TEXT =
  'This copy is not signed, so it does not install updates itself: when a new version is out, it says so here and in the tray menu, with a link to download it.';

const GITHUB_OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GITHUB_REPO = /^[A-Za-z0-9._-]{1,100}$/;
const VERSION = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?$/;

/**
 * The release page of `version` on GitHub (the release workflow tags v<version>), or null when the owner, the
 * repository or the version (which comes from the update feed: outside text) is not of the expected shape.
 */
export function releasePageUrl(owner: string, repo: string, version: string): string | null {
  if (!GITHUB_OWNER.test(owner) || !GITHUB_REPO.test(repo) || repo === '.' || repo === '..' || !VERSION.test(version))
    return null;
  return `https://github.com/${owner}/${repo}/releases/tag/v${version}`;
}

/** Whether `url` is exactly a link releasePageUrl builds (for the allow-list of links the app opens). */
export function isReleasePageUrl(url: string): boolean {
  const m = /^https:\/\/github\.com\/([^/?#]+)\/([^/?#]+)\/releases\/tag\/v([^/?#]+)$/.exec(url);
  return m !== null && releasePageUrl(m[1]!, m[2]!, m[3]!) === url;
}

/** The update status in words: one or two sentences for Settings → App and About. `now`: local clock. */
export function updateStatusText(s: UpdateStatus, now: number): string {
  const held = s.heldByBulk ? ' A bulk job is running: restart when it is done, or quit to install.' : '';
  switch (s.phase) {
    case 'off':
      return s.offReason ?? 'This copy of Lookup Tray does not update itself.';
    case 'checking':
      return 'Checking for updates…';
    case 'downloading':
      return `Downloading Lookup Tray ${s.version ?? ''}${s.percent === null ? '' : ` (${Math.floor(s.percent)} %)`}…`;
    case 'ready':
      return `Lookup Tray ${s.version ?? ''} is ready — restart to update (or it installs when you quit).${held}`;
    case 'available':
      return `Lookup Tray ${s.version ?? ''} is available. This copy is not signed, so it does not install it itself: download it from its release page.`;
    case 'idle':
    case 'up-to-date':
    case 'failed':
      break; // said below, with when the next check is
  }
  const parts: string[] = [];
  if (s.phase === 'failed' && s.error)
    parts.push(`${s.error.message.replace(/\.$/, '')} (${agoInWords(now - s.error.at)}).`);
  else if (s.phase === 'up-to-date' && s.checkedAt !== null)
    parts.push(`Lookup Tray ${s.current} is the latest version (checked ${agoInWords(now - s.checkedAt)}).`);
  else parts.push(`Lookup Tray ${s.current}. Not checked for updates yet.`);
  if (s.demo) parts.push('Nothing is checked in demo mode.');
  else if (!s.auto) parts.push('Automatic checks are off.');
  else if (s.nextCheckAt !== null)
    parts.push(`${s.phase === 'failed' ? 'Next try' : 'Next check'} ${inWords(s.nextCheckAt - now)}.`);
  if (s.noticeOnly) parts.push('This copy is not signed: it tells you of a new version but does not install it.');
  return parts.join(' ');
}
