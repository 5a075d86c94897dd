/**
 * `lookup-tray lookup` as a user meets it: a private, loopback or reserved address is asked about
 * before a request is spent on it (as the window asks), `--csv` writes the summary columns bulk writes, and an
 * unknown `--fields` path is refused as bulk refuses an unknown column. The built command, the simulator, the
 * real keychain.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { CLI, cli, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('lookup');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 100, label: 'lookup' } } });
  data = tempDir();
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

it.runIf(hasKeyring)(
  'a private, loopback or reserved address is asked about first: off a terminal, exit 9 and nothing sent without --yes',
  async () => {
    const n = sent();
    const asked = await cli(data.dir, ['lookup', '10.0.0.1', '8.8.8.8', '--fields', 'ip,country']);
    expect(asked.code).toBe(9);
    expect(asked.stderr).toBe(
      '10.0.0.1: A private address: the service may know little about it. Nothing sent: --yes looks it up (1 request).\n',
    );
    expect(JSON.parse(asked.stdout)).toEqual([
      {
        ip: '10.0.0.1',
        source: null,
        error: {
          kind: 'needs-consent',
          message:
            'A private address: the service may know little about it. Nothing sent: --yes looks it up (1 request).',
        },
      },
      { ip: '8.8.8.8', source: 'network', country: 'United States' },
    ]);
    expect(sent()).toBe(n + 1); // 8.8.8.8 only
    for (const ip of ['127.0.0.1', '192.0.2.1', '::1']) {
      const r = await cli(data.dir, ['lookup', ip]);
      expect(r.code, ip).toBe(9);
      expect(r.stdout, ip).toBe('');
    }
    expect(sent()).toBe(n + 1);

    const yes = await cli(data.dir, ['lookup', '10.0.0.1', '--yes']);
    expect(yes.code).toBe(0);
    expect(sent()).toBe(n + 2);
    // The answer kept for it is shown free, without asking again.
    const kept = await cli(data.dir, ['lookup', '10.0.0.1']);
    expect(kept.code).toBe(0);
    expect(kept.stderr).toContain('from the cache (fetched just now)');
    expect(kept.stderr).toContain('10.0.0.1: A private address: the service may know little about it.\n');
    // The answer's note in the command's language (the window's words for the address's range), not the core's.
    const german = await cli(data.dir, ['--lang', 'de', 'lookup', '10.0.0.1']);
    expect(german.stderr).toContain('10.0.0.1: Eine private Adresse: Der Dienst weiß darüber vielleicht wenig.\n');
    expect(sent()).toBe(n + 2);
  },
);

it.runIf(hasKeyring)(
  "--csv without --fields writes the summary columns, one cell per value; --fields takes bulk's column names too",
  async () => {
    const csv = await cli(data.dir, ['lookup', '8.8.8.8', '1.1.1.1', '--csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe(
      'ip,country_code,country,region,city,asn,organization,isp,threat_score,is_vpn,is_proxy,is_tor',
    );
    expect(lines[1]).toBe(
      '8.8.8.8,US,United States,California,Mountain View,15169,Google LLC,Google LLC,0,false,false,false',
    );
    expect(lines).toHaveLength(3);
    expect(csv.stdout).not.toContain('{'); // no JSON inside cells
    const picked = await cli(data.dir, ['lookup', '8.8.8.8', '--csv', '--fields', 'ip,city,location.country.alpha2']);
    expect(picked.stdout).toBe('ip,city,location.country.alpha2\n8.8.8.8,Mountain View,US\n');
  },
);

it.runIf(hasKeyring)(
  'an unknown --fields path is refused (exit 2) with the fields there are, as bulk refuses it',
  async () => {
    const r = await cli(data.dir, ['lookup', '8.8.8.8', '--fields', 'ip,location.cty.name']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^lookup-tray: Unknown field "location\.cty\.name": no answer has it\. Fields: ip, .*country, .*city, /m,
    );
    expect(
      r.stderr
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('lookup-tray:')),
    ).toHaveLength(1);
    const bulk = await cli(data.dir, ['bulk', '-', '--yes', '--fields', 'ip,cty'], { input: '8.8.8.8' });
    expect(bulk.code).toBe(2);
    expect(bulk.stderr).toMatch(/^lookup-tray: Unknown field "cty"\. Fields: /m);
  },
);

/** A list as people keep them: a comment line, an address with a comment after it, a line that is no address. */
const LIST = '# resolvers\n9.9.9.9  # Quad9\nnot-an-ip\n1.1.1.1\n';

it.runIf(hasKeyring)(
  'lookup - takes "9.9.9.9 # comment" as bulk does; its JSON entries all begin with ip and source, answers and errors alike',
  async () => {
    const r = await cli(data.dir, ['lookup', '-', '--json'], { input: LIST });
    expect(r.code).toBe(4); // the line that is no address
    expect(r.stderr).toContain('line 3: not-an-ip:');
    expect(r.stderr).not.toContain('9.9.9.9');
    const entries = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
    expect(entries.map((e) => Object.keys(e).slice(0, 2))).toEqual([
      ['ip', 'source'],
      ['ip', 'source'],
      ['ip', 'source'],
    ]);
    expect(entries.map((e) => [e.ip, e.source === null ? null : 'answered'])).toEqual([
      ['9.9.9.9', 'answered'],
      ['not-an-ip', null],
      ['1.1.1.1', 'answered'],
    ]);
    expect(entries[0]).toMatchObject({ answer: { data: { ip: '9.9.9.9' } } });
    expect(entries[1]).toMatchObject({ error: { kind: expect.any(String), message: expect.any(String) } });
  },
);

it.runIf(hasKeyring && spawnSync('tmux', ['-V']).status === 0)(
  'lookup - on a terminal: summaries and errors in input order, each summary with its threat score',
  async () => {
    const list = join(data.dir, 'list.txt');
    writeFileSync(list, LIST);
    const sock = `lt-lookup-${process.pid}`;
    const line = `'${process.execPath}' '${CLI}' --data-dir '${data.dir}' lookup - < '${list}'; echo EXIT=$?; sleep 60`;
    execFileSync('tmux', [
      '-L',
      sock,
      '-f',
      '/dev/null',
      'new-session',
      '-d',
      '-s',
      'l',
      '-x',
      '150',
      '-y',
      '60',
      'sh',
      '-c',
      line,
    ]);
    try {
      let screen = '';
      await expect
        .poll(
          () =>
            (screen = execFileSync('tmux', ['-L', sock, 'capture-pane', '-p', '-t', 'l'], {
              encoding: 'utf8',
            })).includes('EXIT='),
          { timeout: 30_000, interval: 200 },
        )
        .toBe(true);
      expect(screen).toContain('EXIT=4');
      const at = (text: string) => screen.indexOf(text);
      expect(at('\n9.9.9.9\n'), screen).toBeGreaterThanOrEqual(0);
      expect(at('line 3: not-an-ip:')).toBeGreaterThan(at('\n9.9.9.9\n'));
      expect(at('\n1.1.1.1\n')).toBeGreaterThan(at('line 3: not-an-ip:'));
      expect(screen).toMatch(/^ {2}threat +\d+ of 100$/m);
    } finally {
      spawnSync('tmux', ['-L', sock, 'kill-server']);
    }
  },
);
