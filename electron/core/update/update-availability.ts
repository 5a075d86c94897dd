/**
 * Which copies of the app update themselves: the installed one from a dmg/zip (macOS), the signed nsis installer
 * (Windows) or the AppImage (Linux). A development run never does, and neither does a deb install: deb users get new
 * versions through their package manager (a newer .deb), not from inside the app. Nor does an unsigned Windows build:
 * electron-updater checks a new installer's Authenticode signature only against the publisher name electron-builder
 * writes into app-update.yml when it signs; without one, only a SHA-512 from the same release would vouch for the
 * download. Nor does a macOS build without a Developer ID signature (signed ad hoc): Squirrel.Mac installs an update only
 * when its signature satisfies the running app's designated requirement, which an ad hoc signature never does, so
 * MacUpdater would download the whole zip only to have it refused. Pure; the shell passes the facts.
 */

export interface InstallFacts {
  /** app.isPackaged */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** The AppImage runtime's APPIMAGE variable (the AppImage file's path), set only when run from an AppImage. */
  appImage?: string | undefined;
  /** Windows: the text of resources/app-update.yml (null when it is missing), read only for a packaged copy. */
  updateConfig?: string | null | undefined;
  /**
   * macOS: the Developer ID team the app bundle is signed by (codesign's TeamIdentifier); null when it is signed ad
   * hoc or not at all; undefined when it could not be read (then the copy updates as before).
   */
  macTeamId?: string | null | undefined;
}

export const DEV_RUN_REASON =
  'This is a development run: only an installed Lookup Tray checks for updates (npm start never does).';
export const DEB_REASON =
  'Installed from the .deb package: new versions come as a new .deb from the Releases page, installed with your package manager.';

export const UNSIGNED_WINDOWS_REASON =
  'This copy is not signed, so it does not update itself (nothing could check who signed the next installer): download the new version from the Releases page.';

export const UNSIGNED_MAC_REASON =
  'This copy is not signed with a Developer ID, so macOS would refuse its updates: download the new version from the Releases page.';

/**
 * The team of `codesign --display --verbose=2 <app>`'s output (it writes to stderr): `TeamIdentifier=ABCDE12345` for
 * a Developer ID signature, `TeamIdentifier=not set` for an ad hoc one, nothing for an unsigned bundle.
 */
export function teamIdFromCodesign(output: string): string | null {
  const id = /^TeamIdentifier=(.*)$/m.exec(output)?.[1]?.trim() ?? '';
  return /^[A-Z0-9]{10}$/.test(id) ? id : null;
}

/** Whether app-update.yml names the publisher whose signature electron-updater requires on the next installer. */
export function namesPublisher(updateConfig: string | null | undefined): boolean {
  return /^publisherName:\s*\S/m.test(updateConfig ?? '');
}

/** Why this copy does not update itself, or null when it does. */
export function updatesOffReason(f: InstallFacts): string | null {
  if (!f.packaged) return DEV_RUN_REASON;
  if (f.platform === 'linux' && !f.appImage) return DEB_REASON;
  if (f.platform === 'win32' && !namesPublisher(f.updateConfig)) return UNSIGNED_WINDOWS_REASON;
  if (f.platform === 'darwin' && f.macTeamId === null) return UNSIGNED_MAC_REASON;
  return null;
}

/**
 * Whether this copy, though it does not update itself, may still ask the feed whether a newer version exists and
 * say so (an unsigned Windows or macOS build: the feed is the same, only the installing is unsafe or refused).
 */
export function announcesOnly(f: InstallFacts): boolean {
  const why = updatesOffReason(f);
  return why === UNSIGNED_WINDOWS_REASON || why === UNSIGNED_MAC_REASON;
}

/** The GitHub owner and repository app-update.yml names (electron-builder's github provider), or null. */
export function githubFeed(updateConfig: string | null | undefined): { owner: string; repo: string } | null {
  const text = updateConfig ?? '';
  if (!/^provider:\s*github\s*$/m.test(text)) return null;
  const owner = /^owner:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text)?.[1];
  const repo = /^repo:\s*['"]?([^'"\s]+)['"]?\s*$/m.exec(text)?.[1];
  return owner && repo ? { owner, repo } : null;
}
