/** "Launch at login": the OS login item on macOS/Windows, an XDG autostart entry on Linux. */
import { app } from 'electron';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../core/lib/ports';

export function autostartFile(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME !== '' ? env.XDG_CONFIG_HOME : join(homedir(), '.config');
  return join(base, 'autostart', 'lookup-tray.desktop');
}

export function applyLaunchAtLogin(
  enabled: boolean,
  logger: Logger,
  platform: NodeJS.Platform = process.platform,
): void {
  try {
    if (platform === 'darwin' || platform === 'win32') {
      app.setLoginItemSettings({ openAtLogin: enabled });
      return;
    }
    // Linux: Electron has no login-item API; only a packaged app has a stable executable to start.
    if (!app.isPackaged) return;
    const file = autostartFile();
    if (!enabled) {
      rmSync(file, { force: true });
      return;
    }
    const exec = process.env.APPIMAGE ?? process.execPath;
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(
      file,
      `[Desktop Entry]\nType=Application\nName=Lookup Tray\nExec="${exec.replace(/"/g, '\\"')}"\nX-GNOME-Autostart-enabled=true\n`,
    );
  } catch (err) {
    logger.warn('Could not change launch at login', { error: err instanceof Error ? err.message : String(err) });
  }
}
