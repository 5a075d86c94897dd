/**
 * `lookup-tray bulk` end to end (built command, simulator, real keychain): consent before spending, a paced run
 * exported as CSV / NDJSON, cache hits free, the budget floor stopping a job (exit 8) and --resume finishing it, and
 * the progress bar only on a terminal (tmux).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { EXPORT_FORMAT_IDS, EXPORT_FORMATS, type ExportFormat } from '../../shared/file-formats';
import { CLI, cli, freshMinute, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('bulk');
const SLOW_KEY = testKey('bulk-slow');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
let list: string;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;
const IPS = ['8.8.8.8', '1.1.1.1', '9.9.9.9', '8.8.4.4', '1.0.0.1'];

beforeAll(async () => {
  sim = await startSimulator({
    keys: {
      [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'bulk' },
      [SLOW_KEY]: { monthLimit: 1000, minuteLimit: 2, label: 'bulk-slow' },
    },
  });
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
  // Its last field is the command's own (the time left, "done"), not cli-progress's seconds.
  // Its pace is the limit it kept to (100 a minute here), not a count of the last 60 s.
  expect(screen).toMatch(/\u2588+ 5\/5 \| 5 sent, 0 from the cache, 0 failed \| paced to 100\/min \| done$/m);
});

it.runIf(hasKeyring && spawnSync('tmux', ['-V']).status === 0)(
  'the progress bar says "waiting for the limit" while the minute limit holds the job back; Ctrl+C pauses it',
  async () => {
    const slow = tempDir();
    const sock = `lt-bulk-wait-${process.pid}`;
    try {
      await setUp(slow.dir, sim.url, SLOW_KEY);
      await freshMinute(25_000);
      // The shell outlives Ctrl+C (a trap, not an ignore: the command gets SIGINT as it would at a prompt).
      const line = `trap true INT; '${process.execPath}' '${CLI}' --data-dir '${slow.dir}' bulk '${list}' --yes --budget-floor 0 --out '${join(slow.dir, 'o.csv')}'; echo EXIT=$?; sleep 60`;
      execFileSync('tmux', [
        '-L',
        sock,
        '-f',
        '/dev/null',
        'new-session',
        '-d',
        '-s',
        'w',
        '-x',
        '150',
        '-y',
        '30',
        'sh',
        '-c',
        line,
      ]);
      const pane = () => execFileSync('tmux', ['-L', sock, 'capture-pane', '-p', '-t', 'w'], { encoding: 'utf8' });
      let screen = '';
      await expect.poll(() => (screen = pane()).includes('waiting for the limit'), { timeout: 20_000 }).toBe(true);
      expect(screen).toMatch(/\| \d+ sent, 0 from the cache, 0 failed \| paced to 2\/min \| waiting for the limit/);
      execFileSync('tmux', ['-L', sock, 'send-keys', '-t', 'w', 'C-c']);
      await expect.poll(() => (screen = pane()).includes('EXIT='), { timeout: 20_000 }).toBe(true);
      expect(screen).toContain('EXIT=8');
      expect(screen).toContain('Interrupted: run "lookup-tray bulk --resume" to go on.');
    } finally {
      spawnSync('tmux', ['-L', sock, 'kill-server']);
      await cli(slow.dir, ['key', 'remove']);
      slow.remove();
    }
  },
);

it.runIf(hasKeyring)(
  'ranges are counted in the cost preview when not expanded; --expand-ranges looks up every address in them',
  async () => {
    const file = join(data.dir, 'ranges.txt');
    writeFileSync(file, '208.67.222.222\n4.2.2.0/30\n64.6.64.1-64.6.64.3\n');
    const n = sent();
    const preview = await cli(data.dir, ['bulk', file]);
    expect(preview.code).toBe(9);
    expect(preview.stderr).toContain(
      'Not counted above: 2 ranges (4.2.2.0/30, 64.6.64.1-64.6.64.3) hold 7 addresses: --expand-ranges looks them up too (up to 7 more requests).',
    );
    const only = join(data.dir, 'only-ranges.txt');
    writeFileSync(only, '4.2.2.0/30\n');
    const none = await cli(data.dir, ['bulk', only, '--yes']);
    expect(none.code).toBe(4);
    expect(none.stderr).toBe(
      `lookup-tray: ${only}: No single addresses, only ranges: 1 range (4.2.2.0/30) holds 4 addresses: --expand-ranges looks it up too (up to 4 more requests).\n`,
    );
    const expanded = await cli(data.dir, [
      'bulk',
      file,
      '--expand-ranges',
      '--yes',
      '--budget-floor',
      '0',
      '--format',
      'ndjson',
    ]);
    expect(expanded.code, expanded.stderr).toBe(0);
    expect(expanded.stderr).toContain('8 unique addresses');
    const ips = expanded.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { ip: string }).ip);
    expect(ips).toEqual([
      '208.67.222.222',
      ...['0', '1', '2', '3'].map((x) => `4.2.2.${x}`),
      '64.6.64.1',
      '64.6.64.2',
      '64.6.64.3',
    ]);
    expect(sent()).toBeGreaterThan(n);
    const tooMany = join(data.dir, 'too-many.txt');
    writeFileSync(tooMany, '10.0.0.0/8\n');
    const refused = await cli(data.dir, ['bulk', tooMany, '--expand-ranges', '--yes']);
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('at most 65');
  },
);

it.runIf(hasKeyring)(
  "a stop at the budget floor names --budget-floor; --resume writes where its own options say, the first run's shown as a suggestion",
  async () => {
    await cli(data.dir, ['cache', 'clear']);
    await cli(data.dir, ['quota', '--check']);
    const used = 1000 - sim.usage(KEY).month;
    const out = join(data.dir, 'resumed.csv');
    const first = await cli(data.dir, [
      'bulk',
      list,
      '--yes',
      '--budget-floor',
      String(used - 1),
      '--out',
      out,
      '--fields',
      'ip,country',
    ]);
    expect(first.code, first.stderr).toBe(8);
    expect(first.stderr).toContain('Budget floor: keeps');
    expect(first.stderr).toContain('(--budget-floor sets it)');
    expect(first.stderr).toContain('resume with a lower floor: lookup-tray bulk --resume --budget-floor N');
    // Resumed naming none of them: the first run's choice is shown, not followed (state.db is no instruction): the
    // rows go to stdout, and the file keeps what the first run wrote.
    const before = readFileSync(out, 'utf8');
    const rest = await cli(data.dir, ['bulk', '--resume', '--yes', '--budget-floor', '0']);
    expect(rest.code, rest.stderr).toBe(0);
    expect(rest.stderr).toContain(
      `It was started with --out ${out} --fields ip,country: this run writes to standard output as its own options say`,
    );
    expect(readFileSync(out, 'utf8')).toBe(before);
    const rows = rest.stdout.trim().split(/\r?\n/);
    expect(rows[0]?.startsWith('ip,')).toBe(true);
    expect(rows.slice(1).map((l) => l.split(',')[0])).toEqual(IPS);
  },
);

it.runIf(hasKeyring)(
  'an --out that cannot be written is refused before anything is sent: one line, exit 4, no request at all',
  async () => {
    const before = sim.log.length;
    const cases: [string[], RegExp][] = [
      [
        ['--out', join(data.dir, 'no-such-folder', 'x.csv')],
        /^lookup-tray: Cannot write .*x\.csv: the folder .*no-such-folder does not exist\. Nothing was sent\.\n$/,
      ],
      [['--out', data.dir], /^lookup-tray: .* is a folder: give a file name for --out\. Nothing was sent\.\n$/],
      [
        ['--out', join(data.dir, 'ips.txt', 'x.csv')],
        /^lookup-tray: Cannot write .*: .*ips\.txt is not a folder\. Nothing was sent\.\n$/,
      ],
      [
        ['--out', join(data.dir, 'x.xml'), '--format', 'xml'],
        new RegExp(`^lookup-tray: --format must be one of ${EXPORT_FORMAT_IDS.join(', ')}, not "xml"\\.\\n$`),
      ],
    ];
    for (const [args, message] of cases) {
      const r = await cli(data.dir, ['bulk', list, '--yes', '--budget-floor', '0', ...args]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(args.includes('--format') ? 2 : 4);
    }
    const resumed = await cli(data.dir, ['bulk', '--resume', '--yes', '--out', join(data.dir, 'gone', 'x.csv')]);
    expect([2, 4]).toContain(resumed.code); // no job to resume (2), or one that would be written nowhere (4)
    expect(sim.log.length).toBe(before);
  },
);

it.runIf(hasKeyring)(
  'finished jobs have a way back: bulk list shows them, bulk export writes one again (any format) and sends nothing',
  async () => {
    await cli(data.dir, ['cache', 'clear']);
    const first = await cli(data.dir, ['bulk', list, '--yes', '--budget-floor', '0', '--format', 'csv']);
    expect(first.code, first.stderr).toBe(0);
    // The time with its zone (here India's, +05:30, whatever the machine's), where it was started, the profile as
    // the app names it, and the input's file name: not its path.
    const listed = await cli(data.dir, ['bulk', 'list'], { env: { TZ: 'Asia/Kolkata' } });
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATE\s+DONE\s+FAILED\s+LEFT\s+TOTAL\s+CREATED\s+FROM\s+PROFILE\s+LABEL$/);
    const newest = lines[1] as string;
    expect(newest).toMatch(
      /^[0-9a-f-]{8}\s+finished\s+5\s+0\s+0\s+5\s+\d{4}-\d\d-\d\d \d\d:\d\d \+05:30\s+command line\s+Default\s+ips\.txt$/,
    );
    expect(listed.stdout).not.toContain(data.dir);
    const id = newest.split(/\s+/)[0] as string;
    const json = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as {
      id: string;
      state: string;
    }[];
    expect(json[0]).toMatchObject({ state: 'finished', label: 'ips.txt', origin: 'command line', profile: 'default' });
    expect(json[0]?.id.startsWith(id)).toBe(true);

    const before = sim.log.length;
    const out = join(data.dir, 'again.ndjson');
    const again = await cli(data.dir, ['bulk', 'export', id, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain(`Wrote 5 rows to ${out}.`);
    const rows = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ip: string });
    expect(rows.map((r) => r.ip)).toEqual(IPS);
    const csv = await cli(data.dir, ['bulk', 'export', id, '--fields', 'ip,status']);
    expect(csv.stdout.trim().split(/\r?\n/)).toEqual(['ip,status', ...IPS.map((ip) => `${ip},done`)]);
    const unknown = await cli(data.dir, ['bulk', 'export', 'zzzz']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('lookup-tray: No bulk job "zzzz": lookup-tray bulk list shows them.\n');
    expect(sim.log.length).toBe(before);
  },
);

/** Every export format's extension, with its dot, in the list's order: ".csv". */
const EXTENSIONS = EXPORT_FORMAT_IDS.map((id) => `.${EXPORT_FORMATS[id].extension}`);

/** Each export format read back to its addresses: a format added to EXPORT_FORMATS fails tsc here until it has one. */
const READ_BACK = {
  // ip is the first default column: the cells after it may hold quoted commas.
  csv: (text) =>
    text
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((row) => row.split(',')[0] ?? ''),
  json: (text) => (JSON.parse(text) as { ip: string }[]).map((r) => r.ip),
  ndjson: (text) =>
    text
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { ip: string }).ip),
} satisfies Record<ExportFormat, (text: string) => string[]>;

it.runIf(hasKeyring)(
  "bulk export writes every format it offers: by --format on stdout, and by --out's extension, sending nothing",
  async () => {
    const [job] = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as { id: string }[];
    const before = sim.log.length;
    for (const id of EXPORT_FORMAT_IDS) {
      const printed = await cli(data.dir, ['bulk', 'export', job!.id, '--format', id]);
      expect(printed.code, `${id}: ${printed.stderr}`).toBe(0);
      expect(READ_BACK[id](printed.stdout), id).toEqual(IPS);
      const out = join(data.dir, `every-format.${EXPORT_FORMATS[id].extension}`);
      const written = await cli(data.dir, ['bulk', 'export', job!.id, '--out', out]);
      expect(written.code, `${id}: ${written.stderr}`).toBe(0);
      expect(READ_BACK[id](readFileSync(out, 'utf8')), id).toEqual(IPS);
    }
    expect(sim.log.length).toBe(before);
  },
);

it.runIf(hasKeyring)(
  'an --out named as no format (x.xlsx) is refused with nothing written or sent; --bom begins a CSV with a byte-order mark',
  async () => {
    const [job] = JSON.parse((await cli(data.dir, ['bulk', 'list', '--json'])).stdout) as { id: string }[];
    const xlsx = join(data.dir, 'results.xlsx');
    const before = sim.log.length;
    for (const args of [
      ['bulk', 'export', job!.id, '--out', xlsx],
      ['bulk', list, '--yes', '--out', xlsx],
    ]) {
      const r = await cli(data.dir, args);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toBe(
        `lookup-tray: --out results.xlsx: .xlsx is not a format lookup-tray writes. Name the file ${EXTENSIONS.join(', ')}, or give --format (${EXPORT_FORMAT_IDS.join(', ')}). Nothing was written.\n`,
      );
      expect(existsSync(xlsx)).toBe(false);
    }
    expect(sim.log.length).toBe(before);

    const bom = join(data.dir, 'bom.csv');
    const plain = join(data.dir, 'plain.csv');
    expect((await cli(data.dir, ['bulk', 'export', job!.id, '--out', bom, '--bom', '--fields', 'ip'])).code).toBe(0);
    expect((await cli(data.dir, ['bulk', 'export', job!.id, '--out', plain, '--fields', 'ip'])).code).toBe(0);
    expect([...readFileSync(bom).subarray(0, 6)]).toEqual([0xef, 0xbb, 0xbf, ...Buffer.from('ip\n')]);
    expect(readFileSync(plain, 'utf8').startsWith('ip\n')).toBe(true);
    const json = await cli(data.dir, ['bulk', 'export', job!.id, '--format', 'json', '--bom']);
    expect(json.code).toBe(2);
    expect(json.stderr).toBe('lookup-tray: --bom is for CSV: JSON has no byte-order mark.\n');
  },
);

it.runIf(hasKeyring && existsSync('/dev/full'))(
  'results that cannot be written at the end (a full disk) exit 1 and name the command that writes them again',
  async () => {
    const r = await cli(data.dir, ['bulk', '-', '--yes', '--out', '/dev/full'], { input: IPS.join(' ') });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('Finished: 5 answered (5 from the cache), 0 failed.');
    expect(r.stderr).toMatch(
      /lookup-tray: Cannot write \/dev\/full \(ENOSPC\)\. The answers are kept: lookup-tray bulk export [0-9a-f]{8} --out FILE writes them\.\n$/,
    );
    expect(r.stderr).not.toContain('Wrote');
  },
);
