/**
 * Where the Electron binary is, and the one line a user sees when it is missing. Used by
 * scripts/ensure-electron.ts (before `npm start`, `npm run dev`, `npm run demo`, `npm run test:electron`) and by the
 * Playwright `_electron` specs' skip reason, so both say the same thing.
 *
 * Electron 45 no longer downloads its binary during `npm install`: `require('electron')` downloads it on first use
 * (and throws a stack trace when it cannot), and electron-vite only reads node_modules/electron/path.txt. So the
 * binary is fetched here, explicitly, with Electron's own installer (a no-op when it is already present).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export type ElectronBinary = { ok: true; path: string } | { ok: false; reason: string };

export function findElectronBinary(root = process.cwd()): ElectronBinary {
  const dir = join(root, 'node_modules', 'electron');
  if (!existsSync(join(dir, 'package.json')))
    return { ok: false, reason: 'node_modules/electron is not installed (run npm install)' };
  const pathTxt = join(dir, 'path.txt');
  if (!existsSync(pathTxt)) return { ok: false, reason: 'the Electron binary has not been downloaded' };
  const exe = join(dir, 'dist', readFileSync(pathTxt, 'utf8').trim());
  if (!existsSync(exe)) return { ok: false, reason: `the Electron binary is missing (${exe})` };
  return { ok: true, path: exe };
}

export const PREVIEW_HINT = 'the web preview needs no Electron: npm run preview:web -- --port 5199';
/** For `npm run demo`: the same demo, in the preview (its `--demo` flag, scripts/preview-web.ts). */
export const DEMO_PREVIEW_HINT = 'the demo runs without Electron in the web preview: npm run preview:web -- --demo';

/** Why the binary is not there, for a user: one line, never a stack trace; `demo` for `npm run demo`. */
export function missingBinaryLine(why: string, opts: { demo?: boolean } = {}): string {
  return `Lookup Tray: cannot start Electron — ${why}. Meanwhile ${opts.demo ? DEMO_PREVIEW_HINT : PREVIEW_HINT}`;
}

export const SKIPPED_DOWNLOAD =
  'the Electron binary is not installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set, so it was not downloaded ' +
  '(unset it and run npx --no install-electron)';

export function downloadFailed(detail: string): string {
  const d = detail.trim() ? ` (${detail.trim()})` : '';
  return `the Electron binary could not be downloaded${d}; are you offline? Retry with npx --no install-electron`;
}
