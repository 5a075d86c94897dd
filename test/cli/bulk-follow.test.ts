/**
 * `lookup-tray bulk --follow FILE` end to end (built command, simulator, real keychain): a growing log's new addresses
 * looked up as lines are appended, one NDJSON line each on standard output (repeats and cache hits cost nothing),
 * rotation by rename + create and by copytruncate, Ctrl+C / SIGTERM keeping the job and --resume going on where the
 * reading stopped, the budget floor holding while the log is still followed. No sleeps: each step appends, then waits
 * for the line (or the message) it must bring.
 */
import type { ChildProcess } from 'node:child_process';
import { appendFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, setUp, tempDir, testKey, type CliRun } from './helpers';

const KEY = testKey('follow');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;
const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'follow' } } });
  data = tempDir();
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

interface Row {
  ip: string;
  line: number;
  hits: number;
  status: string;
  source: string | null;
}

/** A running `bulk --follow`: its NDJSON rows and stderr so far, and how it ended. */
function following(args: string[]) {
  let child: ChildProcess | undefined;
  let out = '';
  let err = '';
  const done: Promise<CliRun> = cli(data.dir, ['bulk', '--follow', ...args], {
    started: (c) => {
      child = c;
      c.stdout?.on('data', (d) => (out += d));
      c.stderr?.on('data', (d) => (err += d));
    },
  });
  const rows = () =>
    out
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as Row);
  return {
    rows,
    ips: () => rows().map((r) => r.ip),
    stderr: () => err,
    /** Waits until `n` rows came. */
    untilRows: (n: number) => expect.poll(() => rows().length, WAIT).toBeGreaterThanOrEqual(n),
    untilErr: (text: string) => expect.poll(() => err, WAIT).toContain(text),
    signal: (s: NodeJS.Signals) => child?.kill(s),
    done,
  };
}

const logLine = (ip: string, n: number) =>
  `${ip} - - [27/Nov/2026:10:00:${String(n % 60).padStart(2, '0')} +0000] "GET /x HTTP/1.1" 200 512 "-" "Mozilla/5.0 Chrome/120.0.6099.109"\n`;

it.runIf(hasKeyring)(
  'reads the log, then each appended line: one NDJSON line per new address, repeats and cache hits send nothing',
  async () => {
    // 9.9.9.9 is in the cache already (a bulk run before): the follow answers it from there.
    await cli(data.dir, ['bulk', '-', '--yes', '--format', 'ndjson'], { input: '9.9.9.9\n' });
    const log = join(data.dir, 'access.log');
    writeFileSync(log, logLine('8.8.8.8', 1) + logLine('1.1.1.1', 2) + logLine('8.8.8.8', 3));
    const n = sent();
    const f = following([log, '--yes']);
    await f.untilRows(2);
    expect(f.ips()).toEqual(['8.8.8.8', '1.1.1.1']);
    expect(sent()).toBe(n + 2);
    appendFileSync(log, logLine('1.1.1.1', 4) + logLine('9.9.9.9', 5));
    // A line cut before its newline waits for the rest of it.
    appendFileSync(log, '45.33.32.156 - - [27/Nov/2026:10:00:06 +0000] "GET');
    await f.untilRows(3);
    appendFileSync(log, ' /y HTTP/1.1" 200 1 "-" "-"\n' + logLine('8.8.4.4', 7));
    await f.untilRows(5);
    const rows = f.rows();
    expect(rows.map((r) => [r.ip, r.line, r.source])).toEqual([
      ['8.8.8.8', 1, 'network'],
      ['1.1.1.1', 2, 'network'],
      ['9.9.9.9', 5, 'cache'],
      ['45.33.32.156', 6, 'network'],
      ['8.8.4.4', 7, 'network'],
    ]);
    expect(sent()).toBe(n + 4); // 1.1.1.1 again and the cached 9.9.9.9 cost nothing
    f.signal('SIGINT');
    const r = await f.done;
    expect(r.code, r.stderr).toBe(0); // every address seen was answered
    expect(r.stderr).toContain('Stopped following');
    // The job is one, and its report counts the repeats: 8.8.8.8 twice, 1.1.1.1 twice.
    const list = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as {
      label: string;
      total: number;
      done: number;
    }[];
    expect(list[0]).toMatchObject({ label: 'access.log', total: 5, done: 5 });
    const report = await cli(data.dir, ['report', '--json']);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('8.8.8.8');
  },
);

it.runIf(hasKeyring)(
  'survives rotation: rename + a new file (the old one read to its end first), then copytruncate',
  async () => {
    const log = join(data.dir, 'rotated.log');
    writeFileSync(log, logLine('8.26.56.26', 1) + logLine('208.67.222.222', 2) + logLine('64.6.64.6', 3));
    const f = following([log, '--yes']);
    await f.untilRows(3);
    // logrotate's default: the last lines land in the old file, which is renamed; a new file takes the path.
    appendFileSync(log, logLine('77.88.8.8', 4));
    renameSync(log, `${log}.1`);
    writeFileSync(log, logLine('94.140.14.14', 1));
    await f.untilRows(5);
    await f.untilErr('was replaced (rotated)');
    // copytruncate: the file is copied away and cut to nothing in place; what comes next is shorter than before.
    truncateSync(log, 0);
    appendFileSync(log, '185.228.168.9\n');
    await f.untilRows(6);
    await f.untilErr('shrank (truncated)');
    expect(f.ips()).toEqual([
      '8.26.56.26',
      '208.67.222.222',
      '64.6.64.6',
      '77.88.8.8',
      '94.140.14.14',
      '185.228.168.9',
    ]);
    f.signal('SIGTERM');
    const r = await f.done;
    expect(r.code, r.stderr).toBe(0);
  },
);

it.runIf(hasKeyring)(
  'Ctrl+C keeps the job; --resume reads on from where it stopped and looks nothing up again',
  async () => {
    const log = join(data.dir, 'resume.log');
    writeFileSync(log, logLine('149.112.112.112', 1) + logLine('76.76.2.0', 2));
    const first = following([log, '--yes']);
    await first.untilRows(2);
    first.signal('SIGINT');
    expect((await first.done).code).toBe(0);
    // Lines written while nobody followed: the resumed follow reads them, not the ones before.
    appendFileSync(log, logLine('76.76.2.0', 3) + logLine('76.76.10.0', 4));
    const n = sent();
    const again = following([log, '--resume', '--yes']);
    await again.untilRows(1);
    expect(again.stderr()).toContain('Resuming the follow');
    expect(again.rows().map((r) => [r.ip, r.line])).toEqual([['76.76.10.0', 4]]);
    expect(sent()).toBe(n + 1);
    again.signal('SIGINT');
    expect((await again.done).code).toBe(0);
    const list = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as { label: string }[];
    expect(list.filter((j) => j.label === 'resume.log')).toHaveLength(1); // one job, grown
  },
);

it.runIf(hasKeyring)(
  'at the budget floor it stops looking up but goes on following (new addresses pending); --resume with a lower floor looks them up',
  async () => {
    await cli(data.dir, ['quota', '--check']);
    const used = 1000 - sim.usage(KEY).month;
    const floor = String(used - 1); // one request may be sent
    const log = join(data.dir, 'floor.log');
    writeFileSync(log, logLine('4.2.2.1', 1) + logLine('4.2.2.2', 2));
    const n = sent();
    const f = following([log, '--yes', '--budget-floor', floor]);
    await f.untilRows(1);
    await f.untilErr('Still following');
    expect(sent()).toBe(n + 1);
    appendFileSync(log, logLine('4.2.2.3', 3));
    // Read and kept, pending: the job grows to 3 addresses; nothing more is sent.
    await expect
      .poll(async () => {
        const l = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as {
          label: string;
          total: number;
        }[];
        return l.find((j) => j.label === 'floor.log')?.total;
      }, WAIT)
      .toBe(3);
    expect(sent()).toBe(n + 1);
    f.signal('SIGINT');
    const r = await f.done;
    expect(r.code, r.stderr).toBe(8); // addresses left
    expect(r.stderr).toContain('2 pending');
    const rest = following([log, '--resume', '--yes', '--budget-floor', '0']);
    await rest.untilRows(2);
    expect(rest.ips()).toEqual(['4.2.2.2', '4.2.2.3']);
    expect(sent()).toBe(n + 3);
    rest.signal('SIGINT');
    expect((await rest.done).code).toBe(0);
  },
);

it.runIf(hasKeyring)('refuses what cannot go with it, and sends nothing without --yes off a terminal', async () => {
  const log = join(data.dir, 'refused.log');
  writeFileSync(log, '8.8.8.8\n');
  expect((await cli(data.dir, ['bulk', '--follow', '-'])).code).toBe(2);
  const out = await cli(data.dir, ['bulk', '--follow', log, '--out', join(data.dir, 'x.csv')]);
  expect(out.code).toBe(2);
  expect(out.stderr).toContain('--follow writes NDJSON on standard output');
  const n = sent();
  const noYes = await cli(data.dir, ['bulk', '--follow', log]);
  expect(noYes.code).toBe(9);
  expect(noYes.stderr).toContain('add --yes');
  expect((await cli(data.dir, ['bulk', '--follow', join(data.dir, 'never.log'), '--resume'])).code).toBe(2);
  expect(sent()).toBe(n);
});
