/**
 * Where the packaged app's executable is in a folder electron-builder packed into (scripts/check-package-host.mjs
 * --keep DIR): mac-arm64/Lookup Tray.app (or mac/), win-unpacked/Lookup Tray.exe, linux-unpacked/lookup-tray.
 * Pure: the caller passes the folder listing and the existence check.
 */
import { join } from 'node:path';

export interface PackagedNames {
  productName: string;
  /** package.json's name: the Linux executable's. */
  name: string;
}

export function packagedExecutable(
  dir: string,
  platform: NodeJS.Platform,
  names: PackagedNames,
  list: (dir: string) => string[],
  exists: (path: string) => boolean,
): string | null {
  let entries: string[];
  try {
    entries = list(dir);
  } catch {
    return null;
  }
  const pattern = {
    darwin: /^mac(-[a-z0-9]+)?$/,
    win32: /^win(-[a-z0-9]+)?-unpacked$/,
    linux: /^linux(-[a-z0-9]+)?-unpacked$/,
  }[platform as 'darwin' | 'win32' | 'linux'];
  if (!pattern) return null;
  for (const sub of entries.filter((e) => pattern.test(e)).sort()) {
    const exe =
      platform === 'darwin'
        ? join(dir, sub, `${names.productName}.app`, 'Contents', 'MacOS', names.productName)
        : join(dir, sub, platform === 'win32' ? `${names.productName}.exe` : names.name);
    if (exists(exe)) return exe;
  }
  return null;
}
