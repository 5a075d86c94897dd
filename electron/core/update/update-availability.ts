/**
 * Which copies of the app update themselves: the installed one from a dmg/zip (macOS), the signed nsis installer
 * (Windows) or the AppImage (Linux). A development run never does, and neither does a deb install: deb users get new
 * versions through their package manager (a newer .deb), not from inside the app. Nor does an unsigned Windows build:
 * electron-updater checks a new installer's Authenticode signature only against the publisher name electron-builder
 * writes into app-update.yml when it signs; without one, only a SHA-512 from the same release would vouch for the
 * download. Pure; the shell passes the facts.
 */

export interface InstallFacts {
  /** app.isPackaged */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** The AppImage runtime's APPIMAGE variable (the AppImage file's path), set only when run from an AppImage. */
  appImage?: string | undefined;
  /** Windows: the text of resources/app-update.yml (null when it is missing), read only for a packaged copy. */
  updateConfig?: string | null | undefined;
}

export const DEV_RUN_REASON =
  'This is a development run: only an installed Lookup Tray checks for updates (npm start never does).';
export const DEB_REASON =
  'Installed from the .deb package: new versions come as a new .deb from the Releases page, installed with your package manager.';

export const UNSIGNED_WINDOWS_REASON =
  'This copy is not signed, so it does not update itself (nothing could check who signed the next installer): download the new version from the Releases page.';

/** Whether app-update.yml names the publisher whose signature electron-updater requires on the next installer. */
export function namesPublisher(updateConfig: string | null | undefined): boolean {
  return /^publisherName:\s*\S/m.test(updateConfig ?? '');
}

/** Why this copy does not update itself, or null when it does. */
export function updatesOffReason(f: InstallFacts): string | null {
  if (!f.packaged) return DEV_RUN_REASON;
  if (f.platform === 'linux' && !f.appImage) return DEB_REASON;
  if (f.platform === 'win32' && !namesPublisher(f.updateConfig)) return UNSIGNED_WINDOWS_REASON;
  return null;
}
