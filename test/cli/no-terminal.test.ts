/**
 * Issue 39, "Without a terminal": `lookup-tray bulk` as scripts and cron run it — standard input a pipe or
 * /dev/null, standard output a file, an environment as sparse as cron's (PATH, HOME and the session bus only) — runs
 * its job to the end through the waits a job has (the next minute window, the retry after a 500), writes every
 * result and its report, and exits with the code that says how it ended. Nothing else keeps such a process alive
 * (no terminal, no progress bar), so each of these ended at once with exit 0 and nothing written while the core's
 * unref'd timers were all the job had pending. And a command that is done still exits at once.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Faults, type Simulator } from '../../electron/demo/simulator';
import { CLI, SECRETS, hasKeyring, setUp, tempDir, testKey, track } from './helpers';

/**
 * The simulator's clock: real time, until stopAt(t). From then it stands at `t` until its next reading (the next
 * request's arrival) and runs at real speed from there: the run's first request comes at a chosen second of the
 * service's minute however long the process takes to start on a loaded machine.
 */
class StartingClock {
  private at: number | null = null;
  private since: number | null = null;
  now(): number {
    if (this.at === null) return Date.now();
    this.since ??= Date.now();
    return this.at + (Date.now() - this.since);
  }
  /** The next request arrives `leftMs` before a minute window ends; `prepare` sees that instant (sim.setUsage). */
  stopBeforeMinuteEnd(leftMs: number, prepare: () => void): void {
    this.at = (Math.floor(this.now() / 60_000) + 2) * 60_000 - leftMs;
    this.since = Date.now();
    prepare();
    this.since = null;
  }
}

const clock = new StartingClock();
let sim: Simulator;
const made: Array<ReturnType<typeof tempDir>> = [];
/** Every key of this file has its own plan: 10 a minute (a wait must come from a used-up window, not the pace). */
const PLAN = { monthLimit: 1000, minuteLimit: 10 };
const IPS = ['8.8.8.8', '1.1.1.1', '9.9.9.9'];

beforeAll(async () => {
  sim = await startSimulator({ clock });
});
afterAll(async () => {
  await sim.close();
  for (const d of made) d.remove();
});

/** A home of its own (the data folder is its default one) and a key saved there for the simulator. */
async function user(tag: string): Promise<{ home: string; dataDir: string; key: string; bin: string }> {
  const home = tempDir('lt-cli-noterm-');
  made.push(home);
  const key = testKey(tag);
  sim.setKey(key, { ...PLAN, label: tag });
  const dataDir = join(home.dir, '.config', 'Lookup Tray');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  await setUp(dataDir, sim.url, key);
  // `lookup-tray` on PATH, as an installed command is.
  const bin = join(home.dir, 'bin');
  mkdirSync(bin);
  writeFileSync(join(bin, 'lookup-tray'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`);
  chmodSync(join(bin, 'lookup-tray'), 0o755);
  return { home: home.dir, dataDir, key, bin };
}

/** cron's environment: PATH, HOME and the session bus (for the keychain), nothing else. */
function cronEnv(u: { home: string; bin: string }): NodeJS.ProcessEnv {
  return {
    PATH: `${u.bin}:${dirname(process.execPath)}:/usr/bin:/bin`,
    HOME: u.home,
    DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS,
  };
}

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

/** Starts `sh -c script` in `cwd` with `stdio` (stderr is always captured); `done` when it ends. */
function start(script: string, cwd: string, env: NodeJS.ProcessEnv, stdio: StdioOptions) {
  // A group of its own (the shell, lookup-tray, grep): all of it ends if the test does first.
  const child: ChildProcess = track(spawn('/bin/sh', ['-c', script], { cwd, env, stdio, detached: true }), true);
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const done = new Promise<Ended>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      for (const k of SECRETS) expect(stderr, 'the key on stderr').not.toContain(k);
      resolve({ code, signal, stderr });
    });
  });
  return { child, done };
}

const infoLog = (label: string) => sim.log.filter((e) => e.path === '/v2/info' && e.keyName === label);

it.runIf(hasKeyring)(
  "docs/cli.md's `grep … | lookup-tray bulk - --yes --format ndjson > results.ndjson` from cron waits out a used-up minute and writes every result",
  async () => {
    const u = await user('noterm-pipe');
    writeFileSync(
      join(u.home, 'access.log'),
      IPS.map((ip, i) => `2026-11-22T12:00:0${i}Z sshd[7]: refused client ${ip} port 22\n`).join(''),
    );
    // The run's first request comes 3 s before the end of a minute the key has used up: the job must wait ~3 s.
    clock.stopBeforeMinuteEnd(3_000, () => sim.setUsage(u.key, { minute: PLAN.minuteLimit }));
    const stdin = openSync('/dev/null', 'r');
    const run = start(
      'grep -o "client [0-9.]*" access.log | lookup-tray bulk - --yes --format ndjson > results.ndjson',
      u.home,
      cronEnv(u),
      [stdin, 'ignore', 'pipe'],
    );
    closeSync(stdin);
    const end = await run.done;
    expect(end.code, end.stderr).toBe(0);
    const lines = readFileSync(join(u.home, 'results.ndjson'), 'utf8').trim().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { ip: string; status: string }).ip)).toEqual(IPS);
    expect(lines.map((l) => (JSON.parse(l) as { status: string }).status)).toEqual(['done', 'done', 'done']);
    // It did wait: the first request met the used-up minute (429), the rest came in the next window.
    const log = infoLog('noterm-pipe');
    expect(log[0]).toMatchObject({ status: 429, limitedBy: 'minute' });
    expect(log.filter((e) => e.status === 200)).toHaveLength(IPS.length);
  },
);

/**
 * `bulk ips.txt --yes --out results.csv --report` as cron runs it (stdin /dev/null, stdout a file, cron's
 * environment) against a service with `faults`, cleared again when the run ends.
 */
async function bulkFromCron(u: Awaited<ReturnType<typeof user>>, faults: Partial<Faults>): Promise<Ended> {
  sim.setFaults(faults);
  const stdin = openSync('/dev/null', 'r');
  const stdout = openSync(join(u.home, 'stdout.txt'), 'w');
  const run = start('lookup-tray bulk ips.txt --yes --out results.csv --report', u.home, cronEnv(u), [
    stdin,
    stdout,
    'pipe',
  ]);
  closeSync(stdin);
  closeSync(stdout);
  try {
    return await run.done;
  } finally {
    sim.clearFaults();
  }
}

it.runIf(hasKeyring)(
  'bulk FILE --out --report with stdin from /dev/null and stdout a file retries after a 500 and finishes (exit 0)',
  async () => {
    const u = await user('noterm-retry');
    writeFileSync(join(u.home, 'ips.txt'), `${IPS.join('\n')}\n`);
    // One 500, then the service is well again: the job's retry (2 s later) is answered.
    const end = await bulkFromCron(u, { status500Next: 1 });
    expect(end.code, end.stderr).toBe(0);
    expect(end.stderr).toContain('Finished: 3 answered (0 from the cache), 0 failed.');
    const rows = readFileSync(join(u.home, 'results.csv'), 'utf8').trim().split(/\r?\n/);
    expect(rows.slice(1).map((r) => r.split(',').slice(0, 3))).toEqual(IPS.map((ip) => [ip, '1', 'done']));
    // The report (on stdout: the results went to --out) covers the three answered addresses.
    expect(readFileSync(join(u.home, 'stdout.txt'), 'utf8')).toMatch(/3 answered/);
    const log = infoLog('noterm-retry');
    expect(log[0]?.status).toBe(500);
    expect(log.filter((e) => e.status === 200)).toHaveLength(IPS.length);
  },
);

it.runIf(hasKeyring)(
  'a service that keeps answering 500: tried three times (2 s, then 4 s apart), then exit 7 with the rows and the report written',
  async () => {
    const u = await user('noterm-down');
    writeFileSync(join(u.home, 'ips.txt'), `${IPS[0]}\n`);
    const end = await bulkFromCron(u, { status500: true });
    expect(end.code, end.stderr).toBe(7);
    expect(infoLog('noterm-down').map((e) => e.status)).toEqual([500, 500, 500]);
    expect(readFileSync(join(u.home, 'results.csv'), 'utf8')).toContain(`${IPS[0]},1,failed`);
    expect(readFileSync(join(u.home, 'stdout.txt'), 'utf8')).toMatch(/1 failed/);
  },
);

it.runIf(hasKeyring)(
  'Ctrl+C (SIGINT) while the job waits for the next minute window: the job pauses, its rows are written, exit 8',
  async () => {
    const u = await user('noterm-stop');
    writeFileSync(join(u.home, 'ips.txt'), `${IPS.join('\n')}\n`);
    // 30 s before the minute ends, the key's minute used up: the job waits far longer than the test takes to stop it.
    clock.stopBeforeMinuteEnd(30_000, () => sim.setUsage(u.key, { minute: PLAN.minuteLimit }));
    const stdin = openSync('/dev/null', 'r');
    // exec: the shell becomes the command, so the signal reaches it.
    const run = start('exec lookup-tray bulk ips.txt --yes --format csv > results.csv', u.home, cronEnv(u), [
      stdin,
      'ignore',
      'pipe',
    ]);
    closeSync(stdin);
    await expect.poll(() => infoLog('noterm-stop')[0]?.status, { timeout: 30_000, interval: 20 }).toBe(429);
    run.child.kill('SIGINT');
    const end = await run.done;
    expect(end.code, end.stderr).toBe(8);
    expect(end.stderr).toContain('lookup-tray bulk --resume');
    const rows = readFileSync(join(u.home, 'results.csv'), 'utf8').trim().split(/\r?\n/);
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(IPS);
    expect(infoLog('noterm-stop').filter((e) => e.status === 200)).toHaveLength(0);
  },
);

it.runIf(hasKeyring)(
  'status and quota off a terminal (stdin an open pipe never closed, stdout a file) exit at once',
  async () => {
    const u = await user('noterm-quick');
    for (const command of ['status', 'quota', 'quota --json']) {
      const stdout = openSync(join(u.home, 'out.txt'), 'w');
      const run = start(`exec lookup-tray ${command}`, u.home, cronEnv(u), ['pipe', stdout, 'pipe']);
      closeSync(stdout);
      // Standard input stays open: only the command itself may decide when it ends.
      const end = await run.done;
      run.child.stdin?.end();
      expect(end.code, `${command}: ${end.stderr}`).toBe(0);
      expect(readFileSync(join(u.home, 'out.txt'), 'utf8'), command).toMatch(/Month|month/);
    }
  },
  20_000,
);
