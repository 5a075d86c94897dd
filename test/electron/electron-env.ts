/**
 * Shared set-up for the Playwright `_electron` specs: find the Electron binary the way `require('electron')`
 * does (node_modules/electron/path.txt → dist/<path>) without requiring it (which tries to download it and throws
 * when it cannot), skip with the same one-line reason `npm start` prints where it is absent, and launch the built
 * app (out/main/main.js) with a data folder of its own — in demo mode, or against a Lookup API simulator started
 * here, with its key in the real OS keychain (which only the app itself reads: keychainItemsHolding).
 */
import { test, _electron, expect, type ElectronApplication, type Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findElectronBinary, missingBinaryLine, SKIPPED_DOWNLOAD } from '../../scripts/electron-binary';
import { removeDir } from '../../scripts/remove-dir';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';

const binary = findElectronBinary();

/** Call at the top of every spec file: skips all its tests (with the reason printed) when there is no binary. */
export function requireElectronBinary(): void {
  // The same line `npm start` prints (scripts/ensure-electron.ts) when it cannot get the binary.
  const why = process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? SKIPPED_DOWNLOAD : binary.ok ? '' : binary.reason;
  const reason = binary.ok ? '' : missingBinaryLine(why);
  if (reason) {
    // Printed when the file is collected: Playwright runs no hooks for a file whose tests are all skipped,
    // and the list reporter does not show skip reasons.
    const g = globalThis as { __lookupTraySkipPrinted?: boolean };
    if (!g.__lookupTraySkipPrinted) console.log(`[electron e2e] SKIPPED — ${reason}`);
    g.__lookupTraySkipPrinted = true;
  }
  test.skip(reason !== '', reason);
}

export interface E2EHooks {
  trayClick(): void;
  isWindowVisible(): boolean;
  trayModel():
    | {
        statusLines: string[];
        demo: boolean;
        hasKey: boolean;
        iconModel: { kind: string; level?: string; step?: number; dimmed?: boolean };
      }
    | undefined;
  trayBounds(): { x: number; y: number; width: number; height: number } | null;
  shownNotifications(): { id: string; title: string; body: string }[];
  shortcut(): string | null;
  pressShortcut(): void;
  quit(): void;
  trayReadyAt(): number;
  keychainAccountsHolding(value: string): Promise<{ account: string }[]>;
  forgetKeychainItemsHolding(value: string): Promise<void>;
}

export interface Launched {
  app: ElectronApplication;
  userData: string;
  /** Closes the app; removes its data folder unless `keep`. */
  close(opts?: { keep?: boolean }): Promise<void>;
}

/** The command line and environment of a launch (a second instance is spawned with the same). */
export function launchArgs(
  userData: string,
  demo: boolean,
  chromiumSwitches: string[] = [],
): { args: string[]; env: Record<string, string> } {
  const args = [...chromiumSwitches, 'out/main/main.js', ...(demo ? ['--demo'] : []), `--user-data-dir=${userData}`];
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox'); // Chromium refuses root without it
  const env = { ...process.env, LOOKUP_TRAY_E2E: '1', LOOKUP_TRAY_E2E_USER_DATA: userData } as Record<string, string>;
  return { args, env };
}

/** Launches the built app with its own data folder (a fresh one unless `userData` is given). */
export async function launchApp(
  opts: {
    demo?: boolean;
    userData?: string;
    /** Chromium's own switches (test only), before the app. */ chromiumSwitches?: string[];
  } = {},
): Promise<Launched> {
  if (!existsSync('out/main/main.js'))
    throw new Error('out/main/main.js is missing: run `npx electron-vite build` first');
  const userData = opts.userData ?? mkdtempSync(join(tmpdir(), 'lookup-tray-e2e-'));
  const { args, env } = launchArgs(userData, opts.demo ?? false, opts.chromiumSwitches);
  const app = await _electron.launch({ args, env });
  return {
    app,
    userData,
    close: async ({ keep = false } = {}) => {
      await app.close().catch(() => {});
      // Windows: Chromium's child processes may hold files a moment longer (removeDir tries again).
      if (!keep) await removeDir(userData);
    },
  };
}

/** Launches out/main/main.js --demo with a throw-away data folder. */
export async function launchDemoApp(): Promise<Launched> {
  return launchApp({ demo: true });
}

/** Spawns another instance on the same data folder (not through Playwright: it is expected to quit at once). */
export function spawnSecondInstance(userData: string): Promise<number | null> {
  if (!binary.ok) throw new Error('no Electron binary');
  const { args, env } = launchArgs(userData, false);
  return new Promise((resolve, reject) => {
    const child = spawn(binary.path, args, { env, stdio: 'ignore' });
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error('the second instance did not quit within 20 s'));
    }, 20_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
}

/** Runs one of main.ts's e2e hooks in the main process. */
export function hook<K extends keyof E2EHooks>(
  app: ElectronApplication,
  name: K,
  ...args: Parameters<E2EHooks[K]>
): Promise<Awaited<ReturnType<E2EHooks[K]>>> {
  return app.evaluate(
    (_electron, [n, a]) => {
      const hooks = (globalThis as unknown as { __lookupTrayE2E: Record<string, (...x: unknown[]) => unknown> })
        .__lookupTrayE2E;
      return hooks[n]!(...a);
    },
    [name, args] as [string, unknown[]],
  ) as Promise<Awaited<ReturnType<E2EHooks[K]>>>;
}

/** The window's page once its bridge is there. */
export async function windowPage(app: ElectronApplication): Promise<Page> {
  const page = await app.firstWindow();
  await page.waitForFunction(() => typeof (window as { lookupTray?: unknown }).lookupTray === 'object');
  return page;
}

/** A screenshot of the real window, kept as a CI artifact (.tmp/electron-shots/<platform>-<name>.png). */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync('.tmp/electron-shots', { recursive: true });
  await page.screenshot({ path: `.tmp/electron-shots/${process.platform}-${name}.png` });
}

// ---- a real service and a real key --------------------------------------------------------------------------

/** A key no real service has: recognisable when searching disks and keychains. */
export const E2E_KEY = `FAKE-e2e-key-${process.pid}-${Date.now().toString(36)}-7f3a`;

/** The Lookup API simulator on loopback, with E2E_KEY on a plan of `monthLimit` a month and 10 a minute. */
export function startService(monthLimit = 1_000): Promise<Simulator> {
  return startSimulator({ keys: { [E2E_KEY]: { monthLimit, minuteLimit: 10, label: 'e2e' } } });
}

/** First run: the base URL and the key typed into the first-run screen and saved (into the OS keychain). */
export async function saveKeyOnFirstRun(page: Page, baseUrl: string, key = E2E_KEY): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome to Lookup Tray' })).toBeVisible();
  await page.getByLabel('Base URL').fill(baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByLabel('IP address')).toBeVisible();
}

// The keychain is always queried from inside the app (main.ts's hooks run its own keychain binding): on macOS an
// item Electron created is the app's, and reading it from Playwright's Node process would make macOS ask "allow
// access?" with nobody there to answer.

/** The OS keychain's items of this app holding `key` (whatever their account: it names the profile and origin). */
export function keychainItemsHolding(app: ElectronApplication, key = E2E_KEY): Promise<{ account: string }[]> {
  return hook(app, 'keychainAccountsHolding', key);
}

/**
 * Removes what the specs left in the real keychain (the runner's own keychain outlives the test), through `app` —
 * or, when the spec's app has closed, through a launch of its own with a throw-away data folder.
 */
export async function forgetKeychainItems(app?: ElectronApplication, key = E2E_KEY): Promise<void> {
  if (app) return hook(app, 'forgetKeychainItemsHolding', key);
  const cleaner = await launchApp();
  try {
    await hook(cleaner.app, 'forgetKeychainItemsHolding', key);
  } finally {
    await cleaner.close();
  }
}

/** Every file under `dir` whose bytes hold `needle` (as UTF-8 or UTF-16, as Chromium's stores may keep text). */
export function filesHolding(dir: string, needle: string): string[] {
  const forms = [Buffer.from(needle, 'utf8'), Buffer.from(needle, 'utf16le')];
  const hits: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      let st;
      try {
        st = statSync(p);
      } catch {
        continue; // a socket or lock that went away
      }
      if (st.isDirectory()) walk(p);
      else if (st.isFile()) {
        let bytes: Buffer;
        try {
          bytes = readFileSync(p);
        } catch (err) {
          hits.push(`${p} (unreadable: ${(err as NodeJS.ErrnoException).code ?? 'error'})`);
          continue;
        }
        if (forms.some((f) => bytes.includes(f))) hits.push(p);
      }
    }
  };
  walk(dir);
  return hits;
}
