/**
 * `lookup-tray bulk` end to end (built command, simulator, real keychain): consent before spending, a paced run
 * exported as CSV / NDJSON, cache hits free, the budget floor stopping a job (exit 8) and --resume finishing it, and
 * the progress bar only on a terminal (tmux).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { CLI, cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('bulk');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
let list: string;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;
const IPS = ['8.8.8.8', '1.1.1.1', '9.9.9.9', '8.8.4.4', '1.0.0.1'];

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'bulk' } } });
  data = tempDir();
  list = join(data.dir, 'ips.txt');
  writeFileSync(list, `# servers\n${IPS.join('\n')}\nnot-an-ip\n10.0.0.1\n8.8.8.8\n`);
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) {
    spawnSync('tmux', ['-L', `lt-bulk-${process.pid}`, 'kill-server']);
    await cli(data.dir, ['key', 'remove']);
  }
  await sim.close();
  data.remove();
});

it.runIf(hasKeyring)('shows the cost first; off a terminal it sends nothing without --yes (exit 9)', async () => {
  const n = sent();
  const r = await cli(data.dir, ['bulk', list]);
  expect(r.code).toBe(9);
  expect(r.stderr).toContain('5 unique addresses: 0 answered from the cache (free), 5 to send.');
  expect(r.stderr).toContain('line 7: “not-an-ip” is not an IP address');
  expect(r.stderr).toContain('1 private or reserved address left out');
  expect(r.stderr).toContain('add --yes');
  expect(sent()).toBe(n);
});

it.runIf(hasKeyring)(
  '--yes runs the job and writes the results in input order; a second run is free from the cache',
  async () => {
    const out = join(data.dir, 'out.csv');
    const n = sent();
    const r = await cli(data.dir, ['bulk', list, '--yes', '--out', out, '--fields', 'ip,status,country,city']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Finished: 5 answered (0 from the cache), 0 failed.');
    expect(r.stderr).not.toMatch(/[\u2588\u2591]/); // no progress bar off a terminal
    expect(sent()).toBe(n + 5);
    const rows = readFileSync(out, 'utf8').trim().split(/\r?\n/);
    expect(rows[0]).toBe('ip,status,country,city');
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual(IPS);
    const again = await cli(data.dir, ['bulk', '-', '--yes', '--format', 'ndjson'], { input: IPS.join(' ') });
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('5 answered from the cache (free), 0 to send.');
    expect(sent()).toBe(n + 5);
    const lines = again.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ip: string; source: string });
    expect(lines.map((l) => [l.ip, l.source])).toEqual(IPS.map((ip) => [ip, 'cache']));
  },
);

it.runIf(hasKeyring)(
  'a budget floor stops the job early (exit 8, answers kept); --resume with a lower floor finishes it',
  async () => {
    await cli(data.dir, ['cache', 'clear']);
    await cli(data.dir, ['quota', '--check']);
    const used = 1000 - sim.usage(KEY).month;
    // Keep all but 2 requests of the month: 2 of the 5 addresses can be sent.
    const floor = String(used - 2);
    const first = await cli(data.dir, ['bulk', list, '--yes', '--budget-floor', floor, '--format', 'csv']);
    expect(first.code, first.stderr).toBe(8);
    expect(first.stderr).toContain('Only 2 can be sent before the budget floor');
    expect(first.stderr).toContain('lookup-tray bulk --resume');
    const done = (csv: string) => csv.split('\n').filter((l) => l.includes(',done,')).length;
    expect(done(first.stdout)).toBe(2);
    const rest = await cli(data.dir, ['bulk', '--resume', '--yes', '--budget-floor', '0']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).toContain('Resuming');
    expect(done(rest.stdout)).toBe(5);
  },
);

it.runIf(hasKeyring && spawnSync('tmux', ['-V']).status === 0)('on a terminal, a progress bar on stderr', async () => {
  await cli(data.dir, ['cache', 'clear']);
  const sock = `lt-bulk-${process.pid}`;
  const out = join(data.dir, 'tty.csv');
  const line = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' bulk '${list}' --yes --budget-floor 0 --out '${out}'; echo EXIT=$?; sleep 60`;
  execFileSync('tmux', [
    '-L',
    sock,
    '-f',
    '/dev/null',
    'new-session',
    '-d',
    '-s',
    'b',
    '-x',
    '150',
    '-y',
    '30',
    'sh',
    '-c',
    line,
  ]);
  let screen = '';
  await expect
    .poll(
      () =>
        (screen = execFileSync('tmux', ['-L', sock, 'capture-pane', '-p', '-t', 'b'], { encoding: 'utf8' })).includes(
          'EXIT=',
        ),
      {
        timeout: 30_000,
        interval: 200,
      },
    )
    .toBe(true);
  expect(screen).toContain('EXIT=0');
  expect(screen).toMatch(/\u2588+ 5\/5 \| 5 sent, 0 from the cache, 0 failed/);
});
