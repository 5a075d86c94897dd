/**
 * Running the built `lookup-tray` (out/cli) as a real process against the simulator, on a temporary data folder,
 * with the keychain of the session (the cli layer runs under scripts/with-keyring.sh). Every run's output is
 * checked for the test keys: the key must appear in no output, ever.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'out/cli/lookup-tray.js');

/** Keys the tests use; none may ever be printed. */
export const SECRETS = new Set<string>();

export function testKey(tag: string): string {
  const k = `FAKE-cli-${tag}-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  SECRETS.add(k);
  return k;
}

export const hasKeyring = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
if (!hasKeyring)
  console.warn(
    '[cli] SKIPPING: DBUS_SESSION_BUS_ADDRESS is not set, so there is no keychain for the key. ' +
      'Run: bash scripts/with-keyring.sh npx vitest run --project cli',
  );

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'lt-cli-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `lookup-tray --data-dir <dir> …args` (no terminal: stdout and stderr are pipes). */
export function cli(
  dir: string | null,
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; bin?: string[] } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const argv = [...(dir === null ? [] : ['--data-dir', dir]), ...args];
    for (const k of SECRETS) expect(argv.join(' '), 'a key in argv').not.toContain(k);
    const [cmd, ...pre] = opts.bin ?? [process.execPath, CLI];
    const child = spawn(cmd!, [...pre, ...argv], { cwd: ROOT, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      for (const k of SECRETS) {
        expect(stdout, 'the key on stdout').not.toContain(k);
        expect(stderr, 'the key on stderr').not.toContain(k);
      }
      resolve({ code: code ?? -1, stdout, stderr });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Sets the base URL and saves `key` through `key set --stdin` (verified for free through /v2/status). */
export async function setUp(dir: string, baseUrl: string, key: string): Promise<void> {
  const r = await cli(dir, ['key', 'set', '--stdin', '--base-url', baseUrl], { input: key });
  expect(r.stderr).toContain('saved');
  expect(r.code).toBe(0);
}

/** Waits for the start of a fresh server minute with at least `needMs` left (the minute limit's window). */
export async function freshMinute(needMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 200));
}
