// What scripts/check-package-host.mjs asks electron-builder to build on each system. electron-builder writes
// resources/app-update.yml (the feed electron-updater reads) on macOS only when a dmg or zip is built and on Windows
// only for an nsis target — never for `--dir` there — so the check builds the zip (macOS) and the nsis installer
// (Windows); on Linux `--dir` writes it. The unpacked app stays next to the installer either way.

/** electron-builder's command-line arguments for this system, or null where the app is not packaged. */
export function hostBuildArgs(platform) {
  return { darwin: ['--mac', 'zip'], win32: ['--win', 'nsis'], linux: ['--linux', 'dir'] }[platform] ?? null;
}
