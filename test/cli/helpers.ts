/**
 * Running the built `lookup-tray` (out/cli) as a real process against the simulator, on a temporary data folder,
 * with the keychain of the session (the cli layer runs under scripts/with-keyring.sh). Every run's output is
 * checked for the test keys: the key must appear in no output, ever.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';

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

/**
 * Every process a test of this layer starts ends with the test — passed, failed or timed out (a timed-out test's
 * `await` is abandoned, not its process: `lookup-tray demo`, `key set --stdin`, `status` were found running an hour
 * later). A process started by a test is ended after it; one started by a hook (beforeAll) after the file. Ended
 * with SIGTERM (`demo` then removes its folder and key), SIGKILL if still there 3 s later; a process started as a
 * group leader (`group`: a shell pipeline) is ended with its whole group.
 */
const started = new Map<ChildProcess, { byTest: boolean; group: boolean }>();
let inTest = false;

/** Registers `child` (spawned with `detached: true` when `group`) to be ended when its test or file ends. */
export function track<C extends ChildProcess>(child: C, group = false): C {
  started.set(child, { byTest: inTest, group });
  // A group outlives its leader (a pipeline's other commands): it stays listed until ended.
  if (!group) child.once('exit', () => started.delete(child));
  return child;
}

function signal(child: ChildProcess, group: boolean, sig: NodeJS.Signals): void {
  try {
    if (group && child.pid !== undefined) process.kill(-child.pid, sig);
    else child.kill(sig);
  } catch {
    // Already gone.
  }
}

/**
 * Whether a process of group `pgid` still runs (Linux: /proc; an exited one not yet reaped — a zombie, whose parent
 * was the group's shell — does not count).
 */
export function groupRunning(pgid: number): boolean {
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(pgrp) === pgid && state !== 'Z') return true;
    } catch {
      // Gone meanwhile.
    }
  }
  return false;
}

/** Whether the process (or, with `group`, any process of its group: the shell's children too) is still there. */
function running(child: ChildProcess, group: boolean): boolean {
  if (!group || child.pid === undefined) return child.exitCode === null && child.signalCode === null;
  return groupRunning(child.pid);
}

/** Polls until `child` (and its group) is gone, at most `ms`; whether it is. */
async function gone(child: ChildProcess, group: boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (running(child, group)) {
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}

/** Ends the processes still running that `which` picks, and waits (bounded) until they have. */
export async function endStarted(which: (o: { byTest: boolean }) => boolean = () => true): Promise<void> {
  const live = [...started].filter(([c, o]) => which(o) && running(c, o.group));
  await Promise.all(
    live.map(async ([child, o]) => {
      signal(child, o.group, 'SIGTERM');
      if (!(await gone(child, o.group, 3_000))) {
        signal(child, o.group, 'SIGKILL');
        await gone(child, o.group, 3_000);
      }
      started.delete(child);
    }),
  );
}

beforeEach(() => {
  inTest = true;
});
afterEach(async () => {
  inTest = false;
  await endStarted((o) => o.byTest);
});
afterAll(() => endStarted());

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export function tempDir(prefix = 'lt-cli-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * This process's environment without the machine's proxy variables: the command honours HTTPS_PROXY and friends
 * (issue 42), and a CI machine that reaches the npm registry through a proxy must not send the tests' loopback
 * simulator through it. Tests of the proxy pass theirs in `env`.
 */
export function withoutProxy(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of Object.keys(env))
    if (/^(https?_proxy|all_proxy|no_proxy|node_use_env_proxy)$/i.test(k)) delete env[k];
  return env;
}

/** Runs `lookup-tray --data-dir <dir> …args` (no terminal: stdout and stderr are pipes). */
export function cli(
  dir: string | null,
  args: string[],
  opts: { input?: string; env?: NodeJS.ProcessEnv; bin?: string[]; started?: (child: ChildProcess) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const argv = [...(dir === null ? [] : ['--data-dir', dir]), ...args];
    for (const k of SECRETS) expect(argv.join(' '), 'a key in argv').not.toContain(k);
    const [cmd, ...pre] = opts.bin ?? [process.execPath, CLI];
    // The command speaks the environment's language: English unless a test gives one (not the machine's own).
    const env = { ...withoutProxy(), LANG: 'C.UTF-8', LANGUAGE: '', LC_ALL: '', LC_MESSAGES: '', ...opts.env };
    const child = track(spawn(cmd!, [...pre, ...argv], { cwd: ROOT, env }));
    opts.started?.(child);
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

/** A file's simulator and the data folder set up with its key: read them in tests (they start in beforeAll). */
export interface KeyedSimulator {
  readonly sim: Simulator;
  readonly dir: string;
  /** The test key the simulator knows (a test may type it again, or check that no output holds it). */
  readonly key: string;
}

/**
 * For the whole test file: a simulator with one test key (1,000 a month, 100 a minute, labelled `tag`) and a
 * temporary data folder set up with it (`key set`, when the session has a keyring); the key removed, the simulator
 * closed and the folder deleted after the file's tests.
 */
export function keyedSimulator(tag: string): KeyedSimulator {
  const key = testKey(tag);
  let sim: Simulator | null = null;
  let data: ReturnType<typeof tempDir> | null = null;
  beforeAll(async () => {
    sim = await startSimulator({ keys: { [key]: { monthLimit: 1000, minuteLimit: 100, label: tag } } });
    data = tempDir();
    if (hasKeyring) await setUp(data.dir, sim.url, key);
  });
  afterAll(async () => {
    if (hasKeyring && data) await cli(data.dir, ['key', 'remove']);
    await sim?.close();
    data?.remove();
  });
  const ready = <T>(x: T | null): T => {
    if (x === null) throw new Error('keyedSimulator: read in a test, after beforeAll');
    return x;
  };
  return {
    key,
    get sim() {
      return ready(sim);
    },
    get dir() {
      return ready(data).dir;
    },
  };
}

/** Waits for the start of a fresh server minute with at least `needMs` left (the minute limit's window). */
export async function freshMinute(needMs = 20_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 200));
}
