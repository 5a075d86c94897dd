/**
 * 10. What the real app costs (BENCH_ONLY=electron): the built app in the real Electron binary, with a key saved in
 *     the OS keychain so that it starts as users have it — to the tray, no window:
 *     - launch → tray icon set (main.ts's e2e hook notes when setupTray returned);
 *     - first tray click → the window's IP field usable;
 *     - resident memory of all the app's processes (app.getAppMetrics: main, GPU, utility, renderer) at idle with the
 *       window hidden, then shown;
 *     - CPU of all of them over BENCH_IDLE_SECONDS (60 by default) idle, hidden, and their idle wake-ups a second
 *       (Chromium's count; macOS and Linux only — Windows reports none).
 *     Runs only where an Electron binary exists (hosted CI on Linux, macOS, Windows); elsewhere the section is skipped
 *     with the reason. Needs an OS keychain (Linux: run it in scripts/with-keyring.sh). Writes .tmp/bench-electron.json
 *     as well, which the CI job compares with the previous run on main (bench/electron-summary.mjs).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from '@playwright/test';
import { startSimulator } from '../electron/demo/simulator';
import { findElectronBinary, missingBinaryLine, SKIPPED_DOWNLOAD } from '../scripts/electron-binary';
import { removeDir } from '../scripts/remove-dir';
import { pick, SectionSkipped } from './quick';
import { figure, sleep, type Figure } from './stats';

export const ELECTRON_RESULTS_FILE = '.tmp/bench-electron.json';

export interface ElectronResults {
  platform: string;
  electron: string;
  launches: number;
  launchToTray: Figure;
  firstTrayClickToField: Figure;
  /** Resident memory (working set) of all the app's processes, MB, and by process type. */
  memoryHiddenMB: number;
  memoryShownMB: number;
  memoryByType: Record<string, number>;
  /** CPU of all processes over `idle.seconds` idle with the window hidden, ms per minute, and by process type. */
  idle: { seconds: number; cpuMsPerMinute: number; byType: Record<string, number>; wakeupsPerSecond: number };
}

interface Metric {
  type: string;
  pid: number;
  workingSetKB: number;
  percentCPU: number;
  wakeups: number;
}

const BENCH_KEY = 'FAKE-bench-electron-key-0000-9a8b';

function ensureBuilt(log: (m: string) => void): void {
  if (existsSync('out/main/main.js') && existsSync('out/renderer/index.html')) return;
  log('  electron: out/ is missing, running electron-vite build');
  const cli = createRequire(import.meta.url).resolve('electron-vite/bin/electron-vite.js');
  const r = spawnSync(process.execPath, [cli, 'build'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`electron-vite build failed (exit ${r.status})`);
}

async function launch(userData: string): Promise<ElectronApplication> {
  const args = ['out/main/main.js', `--user-data-dir=${userData}`];
  if (process.platform === 'linux' && process.getuid?.() === 0) args.push('--no-sandbox');
  const env = { ...process.env, LOOKUP_TRAY_E2E: '1', LOOKUP_TRAY_E2E_USER_DATA: userData } as Record<string, string>;
  return _electron.launch({ args, env });
}

const hook = (app: ElectronApplication, name: string, ...args: unknown[]) =>
  app.evaluate(
    (_e, [n, a]) => {
      const hooks = (globalThis as unknown as { __lookupTrayE2E?: Record<string, (...x: unknown[]) => unknown> })
        .__lookupTrayE2E;
      return hooks ? hooks[n]!(...a) : undefined;
    },
    [name, args] as [string, unknown[]],
  );

/**
 * Removes the bench's key from the OS keychain through the app itself (on macOS, Node touching an item Electron
 * created would make the Keychain ask "allow access?" with nobody there to answer).
 */
async function forgetBenchKey(open: ElectronApplication | undefined, userData: string): Promise<void> {
  const app = open ?? (await launch(userData));
  try {
    await hook(app, 'forgetKeychainItemsHolding', BENCH_KEY);
  } finally {
    if (!open) await app.close().catch(() => {});
  }
}

async function metrics(app: ElectronApplication): Promise<Metric[]> {
  return app.evaluate(({ app: a }) =>
    a.getAppMetrics().map((m) => ({
      type: m.type,
      pid: m.pid,
      workingSetKB: m.memory.workingSetSize,
      percentCPU: m.cpu.percentCPUUsage,
      wakeups: m.cpu.idleWakeupsPerSecond,
    })),
  );
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
const byType = (ms: Metric[], f: (m: Metric) => number) => {
  const out: Record<string, number> = {};
  for (const m of ms) out[m.type] = Math.round(((out[m.type] ?? 0) + f(m)) * 10) / 10;
  return out;
};

async function fieldUsable(page: Page): Promise<void> {
  const field = page.getByLabel('IP address');
  await field.waitFor({ state: 'visible', timeout: 30_000 });
  for (let i = 0; i < 300 && !(await field.isEnabled()); i++) await sleep(10);
}

export async function benchElectron(opts: {
  idleSeconds: number;
  log?: (m: string) => void;
}): Promise<ElectronResults> {
  const log = opts.log ?? (() => {});
  const binary = findElectronBinary();
  if (!binary.ok)
    throw new SectionSkipped(
      missingBinaryLine(process.env.ELECTRON_SKIP_BINARY_DOWNLOAD ? SKIPPED_DOWNLOAD : binary.reason),
    );
  ensureBuilt(log);
  const electronVersion = (
    JSON.parse(readFileSync('node_modules/electron/package.json', 'utf8')) as { version: string }
  ).version;
  const sim = await startSimulator({ keys: { [BENCH_KEY]: { monthLimit: 10_000, minuteLimit: 60, label: 'bench' } } });
  const userData = mkdtempSync(join(tmpdir(), 'lookup-tray-bench-'));
  const apps: ElectronApplication[] = [];
  try {
    // Seed: the key saved in the OS keychain, so that the next starts are a user's: to the tray, no window.
    const seed = await launch(userData);
    apps.push(seed);
    const page = await seed.firstWindow();
    await page.waitForFunction(() => typeof (window as { lookupTray?: unknown }).lookupTray === 'object');
    const saved = await page.evaluate(
      ({ key, baseUrl }) =>
        (
          window as unknown as {
            lookupTray: { saveKey(r: { key: string; baseUrl: string; verify: 'free' }): Promise<{ kind: string }> };
          }
        ).lookupTray.saveKey({ key, baseUrl, verify: 'free' }),
      { key: BENCH_KEY, baseUrl: sim.url },
    );
    if (saved.kind !== 'saved')
      throw new Error(
        `the key could not be saved (${saved.kind}): the bench needs an OS keychain (Linux: run it in scripts/with-keyring.sh)`,
      );
    await seed.close();
    apps.pop();

    const launches = pick(5, 1);
    const toTray: number[] = [];
    const toField: number[] = [];
    let app: ElectronApplication | null = null;
    for (let i = 0; i < launches; i++) {
      if (app) {
        await app.close();
        apps.pop();
      }
      const t0 = Date.now();
      app = await launch(userData);
      apps.push(app);
      let ready: unknown;
      for (let w = 0; w < 600 && typeof (ready = await hook(app, 'trayReadyAt')) !== 'number'; w++) await sleep(50);
      if (typeof ready !== 'number') throw new Error('the tray was not set up within 30 s');
      toTray.push(ready - t0);
      const win = await app.firstWindow();
      if (await hook(app, 'isWindowVisible')) throw new Error('the window is shown at start: was the key saved?');
      const t1 = Date.now();
      await hook(app, 'trayClick');
      await fieldUsable(win);
      toField.push(Date.now() - t1);
      log(`  electron: launch ${i + 1}/${launches}: tray ${toTray.at(-1)} ms, field ${toField.at(-1)} ms`);
    }
    if (!app) throw new Error('no launch');

    // Idle, window hidden.
    await hook(app, 'trayClick');
    await sleep(pick(5_000, 500));
    await metrics(app); // starts each process's CPU interval
    const idleMs = opts.idleSeconds * 1000;
    const t = Date.now();
    await sleep(idleMs);
    const hidden = await metrics(app);
    const elapsed = Date.now() - t;
    const cpuMs = (m: Metric) => (m.percentCPU / 100) * elapsed;
    const perMinute = (ms: number) => Math.round((ms / elapsed) * 60_000 * 10) / 10;
    const cpuByType = byType(hidden, (m) => perMinute(cpuMs(m)));
    // Shown.
    await hook(app, 'trayClick');
    await sleep(pick(2_000, 300));
    const shown = await metrics(app);

    const results: ElectronResults = {
      platform: `${process.platform} ${process.arch}`,
      electron: electronVersion,
      launches,
      launchToTray: figure(toTray, 'ms'),
      firstTrayClickToField: figure(toField, 'ms'),
      memoryHiddenMB: mb(hidden.reduce((s, m) => s + m.workingSetKB, 0)),
      memoryShownMB: mb(shown.reduce((s, m) => s + m.workingSetKB, 0)),
      memoryByType: byType(hidden, (m) => mb(m.workingSetKB)),
      idle: {
        seconds: opts.idleSeconds,
        cpuMsPerMinute: perMinute(hidden.reduce((s, m) => s + cpuMs(m), 0)),
        byType: cpuByType,
        wakeupsPerSecond: Math.round(hidden.reduce((s, m) => s + m.wakeups, 0) * 10) / 10,
      },
    };
    mkdirSync('.tmp', { recursive: true });
    writeFileSync(
      ELECTRON_RESULTS_FILE,
      `${JSON.stringify({ date: new Date().toISOString(), ...results }, null, 2)}\n`,
    );
    return results;
  } finally {
    await forgetBenchKey(apps.at(-1), userData).catch((err: unknown) =>
      log(`  electron: the bench key could not be removed from the keychain: ${String(err)}`),
    );
    for (const a of apps) await a.close().catch(() => {});
    await sim.close();
    // Windows: Chromium's child processes may hold files a moment after close (removeDir tries again).
    await removeDir(userData);
  }
}
