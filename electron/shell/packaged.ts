/**
 * What an installed copy does differently from a development run, decided in one place: Windows notifications need
 * the app's AppUserModelID (the one electron-builder gives the Start-menu shortcut: `appId`); Electron's default menu
 * (Reload, Force Reload, Toggle Developer Tools, with their shortcuts) is removed from installed copies; and the
 * hooks the end-to-end specs use (LOOKUP_TRAY_E2E) — a data folder of their choosing, functions reachable from the
 * main process — are honoured only by a development build, never by what users install.
 */
import { app, Menu } from 'electron';

/** electron-builder.yml's appId: the AppUserModelID of the nsis installer's Start-menu shortcut. */
export const APP_USER_MODEL_ID = 'dev.lookuptray.app';

export interface E2EMode {
  /** Expose the test hooks (globalThis.__lookupTrayE2E) and record notifications. */
  hooks: boolean;
  /** The data folder the spec chose, or null for Electron's own. */
  userData: string | null;
}

/** The end-to-end hooks a launch asked for (LOOKUP_TRAY_E2E=1), granted to a development build only. */
export function e2eMode(packaged: boolean, env: NodeJS.ProcessEnv): E2EMode {
  if (packaged || env.LOOKUP_TRAY_E2E !== '1') return { hooks: false, userData: null };
  return { hooks: true, userData: env.LOOKUP_TRAY_E2E_USER_DATA || null };
}

/** Before `ready`: the Windows AppUserModelID, and no developer menu in an installed copy. */
export function applyAppIdentity(packaged: boolean, platform: NodeJS.Platform): void {
  if (platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);
  if (!packaged) return; // a development run keeps Electron's menu (Reload, Toggle Developer Tools)
  // macOS: the app menu (About, Hide, Quit) and Edit (so ⌘C/⌘V work in the fields); Windows and Linux: none.
  Menu.setApplicationMenu(
    platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }]) : null,
  );
}
