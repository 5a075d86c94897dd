/**
 * The PACKAGED app — what users install: electron-builder's output for this system, fuses flipped, signed (ad hoc
 * without signing secrets) — starts and reaches the tray. An unsigned macOS build whose fuses were flipped without
 * re-signing is killed by Apple silicon at launch; only launching the built binary catches that class of failure.
 *
 * Playwright's `_electron` cannot drive it (the EnableNodeCliInspectArguments fuse is off, so `--inspect` is ignored),
 * and it honours none of the end-to-end hooks: the spec starts the executable itself, waits for the line main.ts logs
 * once the tray icon is set, and checks LOOKUP_TRAY_E2E's data-folder override was ignored.
 *
 * The packaged app comes from `node scripts/check-package-host.mjs --keep .tmp/packaged` (CI runs it before this
 * spec with LOOKUP_TRAY_PACKAGED_APP=.tmp/packaged, which makes a missing app a failure); elsewhere the spec skips,
 * saying why.
 */
import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagedExecutable } from './packaged-binary';

const required = process.env.LOOKUP_TRAY_PACKAGED_APP;
const dir = required ?? '.tmp/packaged';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; productName: string };
const exe = packagedExecutable(dir, process.platform, pkg, (d) => readdirSync(d), existsSync);
const STARTED = 'Started: the tray icon is set';

if (!exe && !required) {
  const reason = `no packaged app in ${dir} (node scripts/check-package-host.mjs --keep ${dir} makes one)`;
  console.log(`[packaged app] SKIPPED — ${reason}`);
  test.skip(true, reason);
}

test('the packaged app starts to the tray, ignoring the end-to-end hooks', async () => {
  test.setTimeout(90_000);
  expect(exe, `no packaged app for ${process.platform} in ${dir}`).not.toBeNull();
  const home = mkdtempSync(join(tmpdir(), 'lookup-tray-packaged-'));
  const override = join(home, 'e2e-override');
  const args = process.platform === 'linux' && process.getuid?.() === 0 ? ['--no-sandbox'] : [];
  const child = spawn(exe!, args, {
    env: {
      ...process.env,
      // A development build would move its data folder here and expose its hooks; the packaged app must not.
      LOOKUP_TRAY_E2E: '1',
      LOOKUP_TRAY_E2E_USER_DATA: override,
      // Linux: the data folder under a throw-away config home (macOS and Windows use the runner's own).
      XDG_CONFIG_HOME: join(home, 'config'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    const started = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 60_000);
      const onData = (d: Buffer) => {
        out += d.toString();
        if (out.includes(STARTED)) {
          clearTimeout(timer);
          resolve(true);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => {
        clearTimeout(timer);
        resolve(out.includes(STARTED));
      });
    });
    expect(started, `the packaged app did not reach the tray; its output:\n${out.slice(-4000)}`).toBe(true);
    expect(child.exitCode, 'the packaged app quit after starting').toBeNull();
    expect(existsSync(override), 'the packaged app honoured LOOKUP_TRAY_E2E_USER_DATA').toBe(false);
    if (process.platform === 'linux') expect(existsSync(join(home, 'config', pkg.productName))).toBe(true);
  } finally {
    if (child.exitCode === null) child.kill();
    await exited;
    rmSync(home, { recursive: true, force: true });
  }
});
