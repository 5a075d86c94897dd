/**
 * Which copies of the app update themselves: the installed one from a dmg/zip (macOS), the nsis installer
 * (Windows) or the AppImage (Linux). A development run never does, and neither does a deb install: deb users get new
 * versions through their package manager (a newer .deb), not from inside the app. Pure; the shell passes the facts.
 */

export interface InstallFacts {
  /** app.isPackaged */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** The AppImage runtime's APPIMAGE variable (the AppImage file's path), set only when run from an AppImage. */
  appImage?: string | undefined;
}

export const DEV_RUN_REASON =
  'This is a development run: only an installed Lookup Tray checks for updates (npm start never does).';
export const DEB_REASON =
  'Installed from the .deb package: new versions come as a new .deb from the Releases page, installed with your package manager.';

/** Why this copy does not update itself, or null when it does. */
export function updatesOffReason(f: InstallFacts): string | null {
  if (!f.packaged) return DEV_RUN_REASON;
  if (f.platform === 'linux' && !f.appImage) return DEB_REASON;
  return null;
}
