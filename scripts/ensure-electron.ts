/**
 * Runs before electron-vite or Playwright needs Electron (`npm start`, `npm run dev`, `npm run demo`,
 * `npm run test:electron`): makes sure the Electron binary is present, downloading it with Electron's own installer
 * (`install-electron`, a no-op when present). Where it cannot be had (offline, or ELECTRON_SKIP_BINARY_DOWNLOAD=1)
 * it prints one clear line pointing at the web preview and exits 1 — never a stack trace.
 *
 * `--optional` (used by `npm run test:electron`): a missing binary is reported but exits 0, so the `_electron`
 * specs run and skip with the same reason.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { downloadFailed, findElectronBinary, missingBinaryLine, SKIPPED_DOWNLOAD } from './electron-binary';

const optional = process.argv.includes('--optional');
/** Run for `npm run demo` (npm names the script), or told so: the hint then points at the preview's demo. */
const demo = process.argv.includes('--demo') || process.env.npm_lifecycle_event === 'demo';
const root = process.cwd();

function finish(why: string): never {
  console.error(missingBinaryLine(why, { demo }));
  process.exit(optional ? 0 : 1);
}

if (!findElectronBinary(root).ok) {
  const skip = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD;
  if (skip && skip !== '0' && skip !== 'false') finish(SKIPPED_DOWNLOAD);

  let installer: string;
  try {
    installer = createRequire(`${root}/package.json`).resolve('electron/install.js');
  } catch {
    finish('node_modules/electron is not installed (run npm install)');
  }
  console.error('Lookup Tray: downloading the Electron binary (once)…');
  const r = spawnSync(process.execPath, [installer], { encoding: 'utf8', timeout: 10 * 60_000 });
  const found = findElectronBinary(root);
  if (r.status !== 0 || !found.ok) {
    // The installer prints a stack trace: keep only the first line that says what went wrong.
    const detail =
      `${r.stderr ?? ''}\n${r.stdout ?? ''}`
        .split('\n')
        .map((l) => l.trim())
        .find((l) => l !== '' && !l.startsWith('at ')) ?? (r.error ? r.error.message : '');
    finish(downloadFailed(detail.slice(0, 160)));
  }
  console.error(`Lookup Tray: Electron is ready (${found.path}).`);
}
