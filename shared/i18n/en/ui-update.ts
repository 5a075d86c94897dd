/**
 * English: the update controls (Settings → App) and the update status line (there and in About), from the update
 * facts (shared/update-facts.ts). `now` is the core's clock, as the status's instants are.
 */
import type { Fmt } from '../fmt';
import type { UpdateFailure, UpdateStatus } from '../../update-facts';

/** "in 15 min", "in 2 h", "in a minute". */
function inWords(ms: number): string {
  const min = Math.round(ms / 60_000);
  if (min <= 1) return 'in a minute';
  if (min < 90) return `in ${min} min`;
  return `in ${Math.round(min / 60)} h`;
}

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
function ago(ms: number): string {
  const min = Math.floor(Math.max(0, ms) / 60_000);
  if (min < 1) return 'just now';
  if (min < 90) return `${min} min ago`;
  const h = Math.round(min / 60);
  if (h < 36) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** What failed and why, as one sentence ending in a full stop. */
function failure(f: UpdateFailure): string {
  const what =
    f.what === 'check'
      ? 'Could not check for updates'
      : f.what === 'download'
        ? `Could not download Lookup Tray ${f.version ?? ''}`
        : 'Could not update';
  const why = {
    offline: 'no connection to the update server.',
    unsigned: 'this copy is not signed, so it cannot update itself: download the new version from the Releases page.',
    'no-release': 'no published release was found.',
    unknown: 'unknown error.',
    other: f.detail,
  }[f.why];
  return `${what}: ${why}`;
}

export const uiUpdate = (_f: Fmt) => ({
  auto: 'Check for updates automatically',
  installsHint: 'A few times a day; a new version downloads in the background and installs on restart.',
  noticeOnly:
    'This copy is not signed, so it does not install updates itself: when a new version is out, it says so here and in the tray menu, with a link to download it.',
  checkNow: 'Check now',
  restart: (version: string) => `Restart to update to ${version}`,
  available: (version: string) => `Lookup Tray ${version} is available — Download`,
  couldNotCheck: 'Could not check for updates. Try again later.',
  couldNotOpen: 'Could not open the release page.',
  couldNotRestart: 'Could not restart. Quit Lookup Tray to install the update.',
  /** "Restart to update" refused: a bulk job runs, or nothing is downloaded. */
  held: (version: string) =>
    `A bulk job is running: restart to update to ${version} once it is done (quitting Lookup Tray installs it too, and the job goes on at the next start).`,
  nothing: 'No update has been downloaded yet.',
  failure,
  /** The update status: one or two sentences. */
  status(s: UpdateStatus, now: number): string {
    const held = s.heldByBulk ? ' A bulk job is running: restart when it is done, or quit to install.' : '';
    switch (s.phase) {
      case 'off':
        return s.offWhy === 'installed-only'
          ? 'Only the installed app updates itself.'
          : (s.offReason ?? 'This copy of Lookup Tray does not update itself.');
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
      parts.push(`${failure(s.error.fact).replace(/\.$/, '')} (${ago(now - s.error.at)}).`);
    else if (s.phase === 'up-to-date' && s.checkedAt !== null)
      parts.push(`Lookup Tray ${s.current} is the latest version (checked ${ago(now - s.checkedAt)}).`);
    else parts.push(`Lookup Tray ${s.current}. Not checked for updates yet.`);
    if (s.demo) parts.push('Nothing is checked in demo mode.');
    else if (!s.auto) parts.push('Automatic checks are off.');
    else if (s.nextCheckAt !== null)
      parts.push(`${s.phase === 'failed' ? 'Next try' : 'Next check'} ${inWords(s.nextCheckAt - now)}.`);
    if (s.noticeOnly) parts.push('This copy is not signed: it tells you of a new version but does not install it.');
    return parts.join(' ');
  },
});
