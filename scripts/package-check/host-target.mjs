import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

// What scripts/check-package-host.mjs asks electron-builder to build on each system. electron-builder writes
// resources/app-update.yml (the feed electron-updater reads) on macOS only when a dmg or zip is built and on Windows
// only for an nsis target — never for `--dir` there — so the check builds the zip (macOS) and the nsis installer
// (Windows); on Linux `--dir` writes it. The unpacked app stays next to the installer either way.

/** electron-builder's command-line arguments for this system, or null where the app is not packaged. */
export function hostBuildArgs(platform) {
  return { darwin: ['--mac', 'zip'], win32: ['--win', 'nsis'], linux: ['--linux', 'dir'] }[platform] ?? null;
}

/**
 * The file of a package's command (its package.json `bin`), found through `require`. Not
 * `require.resolve('<package>/bin/…')`: a package with `exports` (electron-vite) does not export its bin/ folder.
 */
export function packageBin(require, name, command = name) {
  const manifest = require.resolve(`${name}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const file = typeof bin === 'string' ? bin : bin?.[command];
  if (!file) throw new Error(`${name} has no command ${command}`);
  return join(dirname(manifest), file);
}
