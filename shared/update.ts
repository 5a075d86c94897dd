/**
 * What the app knows about its own updates, for Settings → App, About and the tray; and the words for it. Pure and
 * zod-free (the renderer imports it). The policy that fills it in is electron/core/update/update-policy.ts.
 */

import type { UpdateStatus } from './update-facts';
import { makeFmt } from './i18n/fmt';
import { uiUpdate } from './i18n/en/ui-update';

export type { RestartOutcome, UpdateFailure, UpdatePhase, UpdateStatus } from './update-facts';

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

let en: ReturnType<typeof uiUpdate> | null = null;

/** The update status in English words: one or two sentences for Settings → App and About (the catalog's uiUpdate). */
export function updateStatusText(s: UpdateStatus, now: number): string {
  en ??= uiUpdate(makeFmt('en-US'));
  return en.status(s, now);
}
