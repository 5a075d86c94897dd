/**
 * Every `lookup-tray` command and exit code, end to end: the built command as a real process, the simulator over
 * real HTTP, the real keychain (gnome-keyring under scripts/with-keyring.sh). The key goes in on stdin only and
 * is checked against every output (helpers.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import type { Settings } from '../../shared/settings';
import { CLI, cli, freshMinute, hasKeyring, setUp, tempDir, testKey } from './helpers';

const KEY = testKey('main');
const WRONG = testKey('wrong');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;

beforeAll(async () => {
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 10, label: 'cli' } } });
  data = tempDir();
});
afterAll(async () => {
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await sim.close();
  data.remove();
});

describe('without a keychain session too', () => {
  it('--version prints the package version; --help lists every command and the exit codes', async () => {
    const pkg = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    expect(await cli(null, ['--version'])).toMatchObject({ code: 0, stdout: `${pkg.version}\n` });
    const help = await cli(null, ['--help']);
    expect(help.code).toBe(0);
    for (const c of ['lookup', 'bulk', 'quota', 'key', 'profile', 'status', 'config', 'cache', 'completion', 'demo'])
      expect(help.stdout).toContain(`  ${c}`);
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(help.stdout).toMatch(new RegExp(`^  ${n}  \\S`, 'm'));
    for (const sub of [
      ['lookup'],
      ['bulk'],
      ['quota'],
      ['key', 'set'],
      ['profile', 'add'],
      ['config', 'set'],
      ['completion'],
      ['demo'],
    ]) {
      const h = await cli(null, [...sub, '--help']);
      expect(h.code, sub.join(' ')).toBe(0);
      expect(h.stdout, sub.join(' ')).toContain('Examples:');
    }
    // bulk's own list names every exit it can end with, 1 (results not written) and 5 (rate-limited) included.
    const bulkHelp = (await cli(null, ['bulk', '--help'])).stdout.replace(/\s+/g, ' ');
    for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]) expect(bulkHelp).toMatch(new RegExp(`[:,] ${n} [a-z]`));
  });

  it('usage errors exit 2 with one line on stderr (no stack trace), unknown commands and missing sub-commands too', async () => {
    const cases = [
      ['lookup', '--bogus', '1.1.1.1'],
      ['lookup'],
      ['frobnicate'],
      ['stauts'], // commander adds "(Did you mean status?)" on a line of its own
      ['lookup', '--jsn', '1.1.1.1'],
      ['completion', 'tcsh'],
      [], // no command at all
      ['key'],
      ['profile'],
      ['config'],
      ['key', 'sett'],
    ];
    for (const args of cases) {
      const r = await cli(data.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr).toMatch(/^lookup-tray: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    expect((await cli(data.dir, ['stauts'])).stderr).toBe(
      "lookup-tray: unknown command 'stauts'; did you mean status? (see --help)\n",
    );
    expect((await cli(data.dir, ['profile'])).stderr).toBe(
      'lookup-tray: "profile" needs one of its commands: list, add, use, rename, remove (see --help)\n',
    );
  });

  it('key set never repeats a stray argument or option: it could be the key', async () => {
    const stray = 'sk-live-0123456789abcdef';
    for (const args of [
      ['key', 'set', stray],
      ['key', 'set', '--base-url', 'https://api.example.com', stray],
      ['key', 'set', `--${stray}`],
      ['key', stray],
      ['key', 'status', stray],
      ['key', 'remove', stray],
    ]) {
      const r = await cli(data.dir, args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr + r.stdout, args.join(' ')).not.toContain('0123456789abcdef');
    }
    expect((await cli(data.dir, ['key', 'set', stray])).stderr).toBe(
      'lookup-tray: "key set" takes no arguments (what was typed is not repeated: it could be your key): the key is read from a hidden prompt, or from standard input with --stdin (see --help)\n',
    );
  });

  it('--profile: the one in use or another existing profile (its own settings can change); an unknown name is refused with exit 2', async () => {
    expect((await cli(data.dir, ['--profile', 'default', 'config', 'get', 'profile'])).stdout).toBe('Default\n');
    const r = await cli(data.dir, ['--profile', 'work', 'status']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Unknown profile "work": the profiles are "Default".');

    const d = tempDir();
    try {
      const own = {
        baseUrl: 'https://work.example.com',
        thresholds: { monthLow: 30, monthCritical: 5, minuteLow: 25, minuteCritical: 10 },
        notifications: {
          monthLow: true,
          monthCritical: true,
          monthExhausted: true,
          minuteHit: false,
          forecast: true,
          restored: false,
        },
        monthResetDay: 15,
        autoCheck: { enabled: null, intervalMinutes: 5, allowSpending: false },
      };
      writeFileSync(
        join(d.dir, 'settings.json'),
        JSON.stringify({ schemaVersion: 1, profile: 'default', profiles: { Work: own } }),
      );
      expect((await cli(d.dir, ['--profile', 'Work', 'config', 'get', 'baseUrl'])).stdout).toBe(
        'https://work.example.com\n',
      );
      expect((await cli(d.dir, ['--profile', 'Work', 'config', 'get', 'monthResetDay'])).stdout).toBe('15\n');
      expect((await cli(d.dir, ['config', 'get', 'monthResetDay'])).stdout).toBe('1\n'); // the profile in use's
      // Its own settings can be changed from here, checked as if it were in use; the shared ones cannot.
      expect(await cli(d.dir, ['--profile', 'Work', 'config', 'set', 'monthResetDay', '3'])).toMatchObject({
        code: 0,
        stdout: 'monthResetDay = 3\n',
      });
      expect((await cli(d.dir, ['--profile', 'Work', 'config', 'get', 'monthResetDay'])).stdout).toBe('3\n');
      expect((await cli(d.dir, ['config', 'get', 'monthResetDay'])).stdout).toBe('1\n');
      const tooHigh = await cli(d.dir, ['--profile', 'Work', 'config', 'set', 'thresholds.monthCritical', '40']);
      expect(tooHigh.code).toBe(4);
      expect(tooHigh.stderr).toContain('Month "critical" must be below "low" (30 %).');
      const shared = await cli(d.dir, ['--profile', 'Work', 'config', 'set', 'answerLanguage', 'de']);
      expect(shared.code).toBe(2);
      expect(shared.stderr).toContain('answerLanguage is shared by every profile: change it without --profile.');
      const saved = JSON.parse(readFileSync(join(d.dir, 'settings.json'), 'utf8')) as Settings;
      expect(saved.profiles.Work).toEqual({ ...own, monthResetDay: 3 });
      expect(saved.monthResetDay).toBe(1);
    } finally {
      d.remove();
    }
  });

  it('config get|set goes through the settings schema: invalid values exit 4 with its message, unknown names 2', async () => {
    const d = tempDir();
    try {
      expect(await cli(d.dir, ['config', 'set', 'cache.ttlMinutes', '90'])).toMatchObject({
        code: 0,
        stdout: 'cache.ttlMinutes = 90\n',
      });
      expect(JSON.parse(readFileSync(join(d.dir, 'settings.json'), 'utf8')).cache.ttlMinutes).toBe(90);
      const bad = await cli(d.dir, ['config', 'set', 'cache.ttlMinutes', 'soon']);
      expect(bad.code).toBe(4);
      expect(bad.stderr).toBe('lookup-tray: Cache lifetime (minutes) must be a whole number from 1 to 43200.\n');
      const rule = await cli(d.dir, ['config', 'set', 'thresholds.monthLow', '5']);
      expect(rule).toMatchObject({ code: 4, stderr: 'lookup-tray: Month "critical" must be below "low" (5 %).\n' });
      // An unknown setting is a usage error, as an unknown --fields name is (exit 2), listing what can be set.
      const unknown = await cli(d.dir, ['config', 'set', 'colour', 'red']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toMatch(
        /^lookup-tray: Unknown setting "colour"\. Settings: baseUrl, thresholds\.monthLow, /,
      );
      expect((await cli(d.dir, ['config', 'get', 'colour'])).code).toBe(2);
      // `profile` is listed by config get as read-only, and config set refuses it saying how to change it.
      const list = (await cli(d.dir, ['config', 'get'])).stdout;
      expect(list).toContain('profile = Default (read-only: change it with "lookup-tray profile use NAME")\n');
      const setProfile = await cli(d.dir, ['config', 'set', 'profile', 'Work']);
      expect(setProfile).toMatchObject({
        code: 2,
        stderr:
          'lookup-tray: "profile" cannot be set with config set: it is read-only: change it with "lookup-tray profile use NAME".\n',
      });
      expect(JSON.parse(readFileSync(join(d.dir, 'settings.json'), 'utf8')).profile).toBe('default');
      expect(await cli(d.dir, ['config', 'set', 'autoCheck.enabled', 'default'])).toMatchObject({ code: 0 });
      expect((await cli(d.dir, ['config', 'get', 'autoCheck.enabled'])).stdout).toBe('default\n');
      const all = JSON.parse((await cli(d.dir, ['config', 'get', '--json'])).stdout);
      expect(all).toMatchObject({ schemaVersion: 2, cache: { ttlMinutes: 90 }, thresholds: { monthLow: 25 } });
    } finally {
      d.remove();
    }
  });

  it('completion prints a bash, zsh or fish script generated from the commands, which the shell accepts; it offers shells, setting names and profile names', async () => {
    for (const shell of ['bash', 'zsh', 'fish']) {
      const r = await cli(null, ['completion', shell]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('quota');
      if (spawnSync(shell, ['-c', 'exit 0']).status !== 0) {
        console.warn(`[cli] not syntax-checking the ${shell} completion: ${shell} is not installed`);
        continue;
      }
      const file = join(data.dir, `completion.${shell}`);
      writeFileSync(file, r.stdout);
      const check = spawnSync(shell, ['-n', file], { encoding: 'utf8' });
      expect(check.status, `${shell} -n: ${check.stderr}`).toBe(0);
    }
    // bash: what completes after "lookup-tray key " and after "lookup-tray lookup --r".
    const script = (await cli(null, ['completion', 'bash'])).stdout;
    const complete = (words: string[]) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _lookup_tray; echo "\${COMPREPLY[@]}"`,
        ],
        {
          encoding: 'utf8',
        },
      ).stdout.trim();
    expect(complete(['lookup-tray', 'key', ''])).toBe('set status remove --help --data-dir --profile --lang');
    expect(complete(['lookup-tray', 'lookup', '--r'])).toBe('--refresh');
    // Shells, setting names, and the data folder's profile names (through the command, as installed on PATH).
    expect(complete(['lookup-tray', 'completion', ''])).toBe('bash zsh fish --help --data-dir --profile --lang');
    expect(complete(['lookup-tray', 'config', 'set', 'cache.t'])).toBe('cache.ttlMinutes');
    // What config set refuses is not offered to it; config get shows it.
    expect(complete(['lookup-tray', 'config', 'set', 'prof'])).toBe('');
    expect(complete(['lookup-tray', 'config', 'get', 'prof'])).toBe('profile');
    expect(complete(['lookup-tray', 'config', 'get', 'thresholds.month'])).toBe(
      'thresholds.monthLow thresholds.monthCritical',
    );
    const d = tempDir();
    try {
      const bin = join(d.dir, 'bin');
      mkdirSync(bin);
      writeFileSync(join(bin, 'lookup-tray'), `#!/bin/sh\nexec '${process.execPath}' '${CLI}' "$@"\n`, { mode: 0o755 });
      const folder = join(d.dir, 'data');
      mkdirSync(folder);
      writeFileSync(
        join(folder, 'settings.json'),
        JSON.stringify({ schemaVersion: 1, profile: 'default', profiles: { Work: {}, Staging: {} } }),
      );
      const PATH = `${bin}:${process.env.PATH}`;
      const withPath = (words: string[]) =>
        spawnSync(
          'bash',
          [
            '-c',
            `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _lookup_tray; echo "\${COMPREPLY[@]}"`,
          ],
          { encoding: 'utf8', env: { ...process.env, PATH } },
        ).stdout.trim();
      expect(withPath(['lookup-tray', '--data-dir', folder, 'profile', 'use', ''])).toBe(
        'Default Work Staging --help --data-dir --profile --lang',
      );
      expect(withPath(['lookup-tray', '--data-dir', folder, '--profile', 'W'])).toBe('Work');
      expect(withPath(['lookup-tray', '--data-dir', folder, 'profile', 'remove', 'S'])).toBe('Staging');
      // Completing writes nothing: no data folder is made where there was none.
      const none = join(d.dir, 'none');
      expect(withPath(['lookup-tray', '--data-dir', none, '--profile', ''])).toBe('Default');
      expect(existsSync(none)).toBe(false);
    } finally {
      d.remove();
    }
  });

  it('quota before any service is configured exits 3 and says what to run', async () => {
    const d = tempDir();
    try {
      const r = await cli(d.dir, ['quota']);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('lookup-tray key set --base-url');
    } finally {
      d.remove();
    }
  });
});

describe.runIf(hasKeyring)('with the keychain', () => {
  it('key set refuses a key passed as an argument (exit 2) and a key the service refuses (exit 6)', async () => {
    const arg = await cli(data.dir, ['key', 'set', '--base-url', sim.url, 'not-a-place-for-keys']);
    expect(arg.code).toBe(2);
    const wrong = await cli(data.dir, ['key', 'set', '--stdin', '--base-url', sim.url], { input: WRONG });
    expect(wrong.code).toBe(6);
    expect(wrong.stderr).toContain('not accepted (401)');
    expect((await cli(data.dir, ['key', 'status'])).code).toBe(3);
  });

  it('no key: lookup exits 3 and sends nothing', async () => {
    const before = sim.log.length;
    const r = await cli(data.dir, ['lookup', '8.8.8.8']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('lookup-tray key set');
    expect(sim.log.length).toBe(before);
  });

  it('key set --stdin saves the key in the keychain, with the figures of its check; key status shows only its last four characters', async () => {
    await setUp(data.dir, sim.url, `  ${KEY}\n`);
    const s = await cli(data.dir, ['key', 'status']);
    expect(s.code).toBe(0);
    expect(s.stdout).toContain(`••••••${KEY.slice(-4)}`);
    expect(s.stdout).toContain(sim.url);
    const j = JSON.parse((await cli(data.dir, ['key', 'status', '--json'])).stdout);
    expect(j).toMatchObject({ hasKey: true, storage: 'keychain', masked: `••••••${KEY.slice(-4)}` });
    // Verified through /v2/status: its figures are kept, so quota shows them at once, with nothing more sent.
    const checks = sim.log.length;
    const q = await cli(data.dir, ['quota']);
    expect(q.stdout).toMatch(/^Month +[\d,]+ of 1,000 left/m);
    expect(q.stdout).not.toContain('No quota figures yet');
    expect(sim.log.length).toBe(checks);
  });

  it('lookup answers as JSON off a terminal; a second lookup comes from the cache, spends nothing and says so', async () => {
    const n = sent();
    const first = await cli(data.dir, ['lookup', '8.8.8.8']);
    expect(first.code).toBe(0);
    expect(JSON.parse(first.stdout).data.ip).toBe('8.8.8.8');
    expect(sent()).toBe(n + 1);
    const again = await cli(data.dir, ['lookup', '8.8.8.8', '--fields', 'ip,location.country.name']);
    expect(again.code).toBe(0);
    expect(sent()).toBe(n + 1);
    expect(again.stderr).toMatch(/8\.8\.8\.8: from the cache .*no request spent/);
    expect(Object.keys(JSON.parse(again.stdout))).toEqual(['ip', 'location.country.name']);
    const csv = await cli(data.dir, ['lookup', '8.8.8.8', '--csv', '--fields', 'ip,location.city.name']);
    expect(csv.stdout.split('\n')[0]).toBe('ip,location.city.name');
    expect(csv.stdout.split('\n')[1]).toMatch(/^8\.8\.8\.8,/);
    const refreshed = await cli(data.dir, ['lookup', '8.8.8.8', '--refresh']);
    expect(refreshed.code).toBe(0);
    expect(sent()).toBe(n + 2);
  });

  it('not an IP address: exit 4, nothing sent', async () => {
    const n = sent();
    const r = await cli(data.dir, ['lookup', 'example.com']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('is not an IP address');
    expect(sent()).toBe(n);
  });

  it('a refused key exits 6; a server error or an unreachable service exits 7', async () => {
    sim.setFaults({ status500: true });
    const five = await cli(data.dir, ['lookup', '203.0.113.5', '--yes']);
    expect(five.code).toBe(7);
    sim.clearFaults();
    sim.removeKey(KEY);
    const refused = await cli(data.dir, ['lookup', '203.0.113.6', '--yes']);
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain('lookup-tray key set');
    sim.setKey(KEY, { monthLimit: 1000, minuteLimit: 10 });
    const d = tempDir();
    try {
      await cli(d.dir, ['config', 'set', 'baseUrl', 'http://127.0.0.1:9']);
      await cli(d.dir, ['key', 'set', '--stdin', '--no-verify'], { input: KEY });
      const down = await cli(d.dir, ['lookup', '203.0.113.7', '--yes']);
      expect(down.code).toBe(7);
      await cli(d.dir, ['key', 'remove']);
    } finally {
      d.remove();
    }
  });

  it('cache clear forgets the cached answers: the next lookup spends a request', async () => {
    const r = await cli(data.dir, ['cache', 'clear']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Removed \d+ cached answers? of profile "Default"\.$/m);
    const n = sent();
    expect((await cli(data.dir, ['lookup', '8.8.8.8'])).code).toBe(0);
    expect(sent()).toBe(n + 1);
  });

  it('the minute limit: exit 5 with the reset time; the recorded cooldown holds the next lookup back; --force sends', async () => {
    await freshMinute(20_000); // this test and the next read the same minute window
    sim.setUsage(KEY, { minute: 10 });
    const hit = await cli(data.dir, ['lookup', '9.9.9.9']);
    expect(hit.code).toBe(5);
    expect(hit.stderr).toMatch(/Minute limit reached.*resets at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    const n = sent();
    const held = await cli(data.dir, ['lookup', '9.9.9.8']);
    expect(held.code).toBe(5);
    expect(held.stderr).toContain('Nothing was sent; use --force to send regardless.');
    expect(sent()).toBe(n);
    const forced = await cli(data.dir, ['lookup', '9.9.9.8', '--force']);
    expect(forced.code).toBe(5);
    expect(sent()).toBe(n + 1);
    const q = await cli(data.dir, ['quota']);
    expect(q.stdout).toMatch(/Cooldown minute limit reached/);
  });

  it('quota shows the month and minute figures with their resets and age, and the forecast; --json', async () => {
    const q = await cli(data.dir, ['quota']);
    expect(q.code).toBe(0);
    // The first profile by the name the window and the other commands show (settings.json keeps "default").
    expect(q.stdout).toContain(`Profile  Default · ${sim.url}`);
    expect(q.stdout).toMatch(/Month {4}\d+ of 1,000 left .* · resets Dec 1, 00:00 UTC \(in .*\) · updated/);
    expect(q.stdout).toMatch(/Minute {3}0 of 10 left · resets in \d:\d\d/);
    expect(q.stdout).toContain('Forecast');
    const j = JSON.parse((await cli(data.dir, ['quota', '--json'])).stdout);
    expect(j).toMatchObject({
      baseUrl: sim.url,
      month: { limit: 1000 },
      minute: { limit: 10 },
      statusCheck: 'supported',
    });
  });

  it('quota --check asks /v2/status for free; without it, it needs --spend (exit 9) and then spends one lookup', async () => {
    const n = sent();
    const free = await cli(data.dir, ['quota', '--check']);
    expect(free.code).toBe(0);
    expect(free.stderr).toContain('free status check');
    expect(sent()).toBe(n);
    sim.setStatusEndpoint(false);
    const d = tempDir();
    try {
      await cli(d.dir, ['config', 'set', 'baseUrl', sim.url]);
      // Another data folder is another installation: it has no key until one is saved there.
      expect((await cli(d.dir, ['quota', '--check'])).code).toBe(3);
      expect((await cli(d.dir, ['key', 'set', '--stdin', '--no-verify'], { input: KEY })).code).toBe(0);
      const ask = await cli(d.dir, ['quota', '--check']);
      expect(ask.code).toBe(9);
      expect(ask.stderr).toContain('costs one request');
      sim.setUsage(KEY, { minute: 0 });
      const spent = await cli(d.dir, ['quota', '--check', '--spend']);
      expect(spent.code).toBe(0);
      expect(sent()).toBe(n + 1);
    } finally {
      sim.setStatusEndpoint(true);
      d.remove();
    }
  });

  it('status prints what the tray menu says', async () => {
    const r = await cli(data.dir, ['status']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Month: [\d,]+ of 1,000 left · resets Dec 1$/m);
    expect(r.stdout).toMatch(/^Updated just now$/m);
  });

  it("--data-dir folders are separate installations: removing one folder's key leaves the other's", async () => {
    const d = tempDir();
    try {
      await cli(d.dir, ['config', 'set', 'baseUrl', sim.url]);
      expect((await cli(d.dir, ['key', 'set', '--stdin', '--no-verify'], { input: KEY })).code).toBe(0);
      expect((await cli(d.dir, ['key', 'remove'])).code).toBe(0);
      expect((await cli(d.dir, ['key', 'status'])).code).toBe(3);
      expect((await cli(data.dir, ['key', 'status'])).code).toBe(0); // the other folder's key is still there
    } finally {
      d.remove();
    }
  });

  it('key remove deletes the keychain item: key status and lookups exit 3 again', async () => {
    expect(await cli(data.dir, ['key', 'remove'])).toMatchObject({ code: 0 });
    expect((await cli(data.dir, ['key', 'status'])).code).toBe(3);
    expect((await cli(data.dir, ['lookup', '1.0.0.1'])).code).toBe(3);
  });
});
