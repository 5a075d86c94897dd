/**
 * Builds the app with electron-vite when out/renderer is missing or older than its sources.
 * Shared by `npm run preview:web` and the Playwright ui layer's global setup.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RENDERER_OUT = join(PROJECT_ROOT, 'out', 'renderer');

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Why a build is needed, or null when out/renderer is up to date. */
export function buildReason(): string | null {
  const index = join(RENDERER_OUT, 'index.html');
  if (!existsSync(index)) return 'out/renderer/index.html is missing';
  const built = statSync(index).mtimeMs;
  const sources = Math.max(newestMtime(join(PROJECT_ROOT, 'renderer')), newestMtime(join(PROJECT_ROOT, 'shared')));
  return sources > built ? 'renderer sources changed since the last build' : null;
}

/** Runs `npx electron-vite build` if needed (or when forced). Throws when the build fails. */
export function ensureRendererBuild(opts: { force?: boolean; log?: (msg: string) => void } = {}): void {
  const log = opts.log ?? ((m: string) => console.log(m));
  const reason = opts.force ? 'a build was asked for' : buildReason();
  if (!reason) return;
  log(`Building the app (${reason}): npx electron-vite build`);
  const r = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
  });
  if (r.status !== 0 || !existsSync(join(RENDERER_OUT, 'index.html'))) {
    throw new Error(`electron-vite build failed (exit ${r.status ?? r.signal ?? 'unknown'})`);
  }
}
