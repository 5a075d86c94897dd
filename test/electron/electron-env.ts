/**
 * Shared set-up for the Playwright `_electron` specs: find the Electron binary the way `require('electron')`
 * does (node_modules/electron/path.txt → dist/<path>) without requiring it (which tries to download it and throws
 * when it cannot), skip with the same one-line reason `npm start` prints where it is absent, and launch the built
 * app in demo mode with a fresh profile.
 */
import { test, _electron, type ElectronApplication } from '@playwright/test';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findElectronBinary, missingBinaryLine, SKIPPED_DOWNLOAD } from '../../scripts/electron-binary';

const binary = findElectronBinary();

/** Call at the top of every spec file: skips all its tests (with the reason printed) when there is no binary. */
export function requireElectronBinary(): void {
  // The same line `npm start` prints (scripts/ensure-electron.ts) when it cannot get the binary.
  const why = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? SKIPPED_DOWNLOAD : binary.ok ? '' : binary.reason;
  const reason = binary.ok ? '' : missingBinaryLine(why);
  if (!binary.ok) {
    // Printed when the file is collected: Playwright runs no hooks for a file whose tests are all skipped,
    // and the list reporter does not show skip reasons.
    const g = globalThis as { __lookupTraySkipPrinted?: boolean };
    if (!g.__lookupTraySkipPrinted) console.log(`[electron e2e] SKIPPED — ${reason}`);
    g.__lookupTraySkipPrinted = true;
  }
  test.beforeAll(() => {
    if (!binary.ok) console.log(`[electron e2e] SKIPPED — ${reason}`);
  });
  test.skip(!binary.ok, reason);
}

export interface E2EHooks {
  trayClick(): void;
  isWindowVisible(): boolean;
  trayModel(): { statusLines: string[]; demo: boolean } | undefined;
  shownNotifications(): { id: string; title: string; body: string }[];
}

/** Launches out/main/main.js --demo with a throw-away user data dir; returns the app and a cleanup. */
export async function launchDemoApp(): Promise<{ app: ElectronApplication; close: () => Promise<void> }> {
  if (!existsSync('out/main/main.js'))
    throw new Error('out/main/main.js is missing: run `npx electron-vite build` first');
  const userData = mkdtempSync(join(tmpdir(), 'lookup-tray-e2e-'));
  const args = ['out/main/main.js', '--demo', `--user-data-dir=${userData}`];
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox'); // Chromium refuses root without it
  const app = await _electron.launch({ args, env: { ...process.env, LOOKUP_TRAY_E2E: '1' } as Record<string, string> });
  return {
    app,
    close: async () => {
      await app.close().catch(() => {});
      rmSync(userData, { recursive: true, force: true });
    },
  };
}

/** Runs one of main.ts's e2e hooks in the main process. */
export function hook<K extends keyof E2EHooks>(app: ElectronApplication, name: K): Promise<ReturnType<E2EHooks[K]>> {
  return app.evaluate((_electron, n) => {
    const hooks = (globalThis as unknown as { __lookupTrayE2E: Record<string, () => unknown> }).__lookupTrayE2E;
    return hooks[n]!();
  }, name) as Promise<ReturnType<E2EHooks[K]>>;
}
