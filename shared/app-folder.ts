import os from 'node:os';
import path from 'node:path';

/** Electron's `app.getName()` for this app: the productName of package.json. */
export const APP_DIR_NAME = 'Lookup Tray';

/**
 * The folder the desktop app keeps settings.json and state.db in: Electron's `app.getPath('userData')`, which is
 * `appData/<productName>` (Linux: $XDG_CONFIG_HOME or ~/.config; macOS: ~/Library/Application Support;
 * Windows: %APPDATA%). The CLI uses the same one unless --data-dir says otherwise; it is the only folder that adopts
 * the keychain items of versions that had no folder ids (electron/core/app/keychain-folder.ts). In shared/ so that
 * the core and the command's start (which loads no core module) read the one definition. Main process only (Node).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform = process.platform): string {
  const home = os.homedir();
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (platform === 'win32') return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), APP_DIR_NAME);
}
