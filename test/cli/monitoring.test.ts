/**
 * For people who run it on servers: `quota --nagios` (one status line with perfdata, exit 0/1/2/3 at the
 * profile's warning levels), `quota --prometheus` (every profile in the text exposition format), and `lookup -`
 * (addresses from standard input, one lookup each: cache first, a line that is not an address never sent). Against
 * the simulator, through the built command.
 *
 * No Prometheus parser is in node_modules, so the exposition is held to the format's rules by a strict reader
 * written from them (prom-text.ts: every line a HELP, a TYPE or a sample; names, label names, escapes, values and
 * the order of TYPE before samples checked; no series twice).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { prometheusText, promLabel } from '../../electron/cli/handlers/quota-monitor';
import { emptyQuotaState } from '../../shared/quota';
import { cli, hasKeyring, setUp, tempDir, testKey } from './helpers';
import { promLines } from './prom-text';

const KEY = testKey('monitor');
const WORK_KEY = testKey('monitor-work');
const OPS = 'Ops "blue" \\ team';

let sim: Simulator;
let data: ReturnType<typeof tempDir>;

beforeAll(async () => {
  sim = await startSimulator({
    keys: {
      [KEY]: { monthLimit: 10_000, minuteLimit: 10, label: 'monitor' },
      [WORK_KEY]: { monthLimit: 500, minuteLimit: null, label: 'monitor-work' },
    },
  });
  data = tempDir();
  if (hasKeyring) await setUp(data.dir, sim.url, KEY);
});
afterAll(async () => {
  if (hasKeyring) {
    await cli(data.dir, ['key', 'remove']);
    await cli(data.dir, ['--profile', OPS, 'key', 'remove']);
  }
  await sim.close();
  data.remove();
});

const PERF =
  /^month_remaining=(\d+);@(\d+);@(\d+);0;(\d+) month_reset=(\d+)s;;;0; minute_remaining=(\d+);;;0;10 figures_age=(\d+)s;;;0;$/;

/** The status line split at the perfdata, with each part checked against the plugin format. */
function nagios(stdout: string): { status: string; perf: RegExpExecArray } {
  const lines = stdout.split('\n');
  expect(lines).toHaveLength(2); // one line, and its newline
  expect(lines[1]).toBe('');
  const [status, perf, ...rest] = lines[0]!.split(' | ');
  expect(rest).toEqual([]);
  const m = PERF.exec(perf ?? '');
  expect(m, perf).not.toBeNull();
  return { status: status!, perf: m! };
}

describe.runIf(hasKeyring)('quota --nagios', () => {
  it('OK, WARNING and CRITICAL at the profile levels, with perfdata; after --check, the new figures', async () => {
    sim.setUsage(KEY, { month: 1_877 });
    const ok = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(ok.code).toBe(0);
    const o = nagios(ok.stdout);
    expect(o.status).toBe('LOOKUP-TRAY OK - 8,123 of 10,000 left this month');
    expect(o.perf.slice(1, 5)).toEqual(['8123', '2500', '1000', '10000']);
    expect(ok.stderr).toBe('');

    sim.setUsage(KEY, { month: 8_000 });
    const warn = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(warn.code).toBe(1);
    expect(nagios(warn.stdout).status).toBe('LOOKUP-TRAY WARNING - 2,000 of 10,000 left this month (warning at 2,500)');

    sim.setUsage(KEY, { month: 9_100 });
    const crit = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(crit.code).toBe(2);
    expect(nagios(crit.stdout).status).toBe('LOOKUP-TRAY CRITICAL - 900 of 10,000 left this month (critical at 1,000)');

    // The profile's own levels: a warning at 95 % left makes 9,000 left a WARNING, and the perfdata says so.
    expect((await cli(data.dir, ['config', 'set', 'thresholds.monthLow', '95'])).code).toBe(0);
    sim.setUsage(KEY, { month: 1_000 });
    const own = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(own.code).toBe(1);
    const p = nagios(own.stdout);
    expect(p.status).toBe('LOOKUP-TRAY WARNING - 9,000 of 10,000 left this month (warning at 9,500)');
    expect(p.perf[2]).toBe('9500');
    expect((await cli(data.dir, ['config', 'set', 'thresholds.monthLow', '25'])).code).toBe(0);

    sim.setUsage(KEY, { month: 10_000 });
    const out = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(out.code).toBe(2);
    expect(nagios(out.stdout).status).toMatch(
      /^LOOKUP-TRAY CRITICAL - month quota used up: 0 of 10,000 left this month, resets .+ UTC$/,
    );
    sim.setUsage(KEY, { month: 0 });
  });

  it('UNKNOWN (3), never a usage code a monitor would read as CRITICAL: no service, an unknown profile', async () => {
    const fresh = tempDir();
    try {
      const none = await cli(fresh.dir, ['quota', '--nagios']);
      expect(none).toMatchObject({ code: 3, stderr: '' });
      expect(none.stdout).toMatch(/^LOOKUP-TRAY UNKNOWN - No service configured yet: [^|\n]+\n$/);
    } finally {
      fresh.remove();
    }
    const unknown = await cli(data.dir, ['--profile', 'Nope', 'quota', '--nagios']);
    expect(unknown.code).toBe(3);
    expect(unknown.stdout).toMatch(/^LOOKUP-TRAY UNKNOWN - Unknown profile "Nope": [^|\n]+\n$/);
    expect((await cli(data.dir, ['quota', '--nagios', '--json'])).code).toBe(2); // a usage error is still one
  });
});

describe('the Prometheus exposition (the format alone)', () => {
  it('escapes backslash, double quote and newline in label values, and the strict reader reads them back', () => {
    expect(promLabel('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const state = {
      ...emptyQuotaState('x', 0),
      month: { limit: 10, remaining: 4, observedAt: 1_000, resetAt: 5_000, level: 'ok', estimated: false },
    } as const;
    const odd = 'odd "name" \\ with\nnewline';
    const text = prometheusText([{ profile: odd, state, checkSuccess: false }], 3_500);
    const samples = promLines(text);
    expect(samples.map((s) => [s.name, s.labels.profile, s.labels.window, s.value])).toEqual([
      ['lookup_tray_quota_limit', odd, 'month', 10],
      ['lookup_tray_quota_remaining', odd, 'month', 4],
      ['lookup_tray_quota_reset_timestamp_seconds', odd, 'month', 5],
      ['lookup_tray_quota_observed_timestamp_seconds', odd, 'month', 1],
      ['lookup_tray_quota_estimated', odd, 'month', 0],
      ['lookup_tray_check_success', odd, undefined, 0],
      ['lookup_tray_figures_age_seconds', odd, undefined, 2.5],
      ['lookup_tray_at_risk', odd, undefined, 0],
    ]);
    // The reader is strict: an unescaped quote, a sample before its TYPE, a series twice are refused.
    expect(() => promLines('# TYPE a gauge\na{p="x"y"} 1\n')).toThrow();
    expect(() => promLines('a 1\n# TYPE a gauge\n')).toThrow();
    expect(() => promLines('# TYPE a gauge\na{p="x"} 1\na{p="x"} 2\n')).toThrow();
  });
});

describe.runIf(hasKeyring)('quota --prometheus', () => {
  it("every profile's limit, remaining and reset time per window, label values escaped", async () => {
    // A name new profiles can no longer take (quotes, a backslash), as a folder from an earlier version holds it.
    expect((await cli(data.dir, ['profile', 'add', 'Ops', '--base-url', sim.url])).code).toBe(0);
    const file = join(data.dir, 'settings.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), profile: OPS }));
    const set = await cli(data.dir, ['--profile', OPS, 'key', 'set', '--stdin'], { input: WORK_KEY });
    expect(set.code, set.stderr).toBe(0);
    expect((await cli(data.dir, ['profile', 'use', 'default'])).code).toBe(0);
    sim.setUsage(KEY, { month: 1_877 });
    sim.setUsage(WORK_KEY, { month: 125 });
    expect((await cli(data.dir, ['quota', '--check'])).code).toBe(0);
    expect((await cli(data.dir, ['--profile', OPS, 'quota', '--check'])).code).toBe(0);

    const r = await cli(data.dir, ['quota', '--prometheus']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const samples = promLines(r.stdout);
    const get = (name: string, profile: string, window: string) =>
      samples.find((s) => s.name === name && s.labels.profile === profile && s.labels.window === window)?.value;
    expect(get('lookup_tray_quota_limit', 'Default', 'month')).toBe(10_000);
    expect(get('lookup_tray_quota_remaining', 'Default', 'month')).toBe(8_123);
    expect(get('lookup_tray_quota_limit', 'Default', 'minute')).toBe(10);
    expect(get('lookup_tray_quota_limit', OPS, 'month')).toBe(500);
    expect(get('lookup_tray_quota_remaining', OPS, 'month')).toBe(375);
    expect(get('lookup_tray_quota_limit', OPS, 'minute')).toBeUndefined(); // its plan has no minute limit
    const reset = get('lookup_tray_quota_reset_timestamp_seconds', 'Default', 'month')!;
    const next = new Date();
    const firstOfNextMonth = Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1) / 1000;
    expect(Math.abs(reset - firstOfNextMonth)).toBeLessThan(5);
    expect(r.stdout).toContain(`profile="Ops \\"blue\\" \\\\ team"`);
    expect(r.stdout).toContain('# TYPE lookup_tray_quota_limit gauge\n');

    // --profile: that profile only.
    const one = promLines((await cli(data.dir, ['--profile', OPS, 'quota', '--prometheus'])).stdout);
    expect(new Set(one.map((s) => s.labels.profile))).toEqual(new Set([OPS]));
    sim.setUsage(WORK_KEY, { month: 0 });
    sim.setUsage(KEY, { month: 0 });
  });
});

describe.runIf(hasKeyring)('lookup - (addresses from standard input)', () => {
  it('one lookup a line: cache first, blank lines skipped, a line that is not an address reported and never sent', async () => {
    const before = sim.log.filter((l) => l.path === '/v2/info').map((l) => l.ip);
    const r = await cli(data.dir, ['lookup', '-', '--yes'], {
      input: '8.8.4.4\n\n  not-an-ip \n9.9.9.9\r\n8.8.4.4\n',
    });
    expect(r.code).toBe(4); // an invalid line, as an invalid argument
    const sent = sim.log
      .filter((l) => l.path === '/v2/info')
      .map((l) => l.ip)
      .slice(before.length);
    expect(sent).toEqual(['8.8.4.4', '9.9.9.9']); // the repeat came from the cache; the bad line went nowhere
    const out = JSON.parse(r.stdout) as unknown[];
    expect(out).toHaveLength(4);
    expect(out[1]).toEqual({
      ip: 'not-an-ip',
      source: null, // every entry of a list starts with ip and source (issue 44)
      error: { kind: 'invalid-ip', message: expect.any(String) },
    });
    expect(r.stderr).toMatch(/^line 3: not-an-ip: /m);
    expect(r.stderr).toMatch(/8\.8\.4\.4: from the cache .*no request spent/);

    const one = await cli(data.dir, ['lookup', '-', '--fields', 'ip', '--csv'], { input: '9.9.9.9\n' });
    expect(one).toMatchObject({ code: 0, stdout: 'ip\n9.9.9.9\n' });
    expect((await cli(data.dir, ['lookup', '-', '8.8.8.8'])).code).toBe(2);
    expect(await cli(data.dir, ['lookup', '-'], { input: '\n \n' })).toMatchObject({ code: 4 });
  });
});

it('bash completion offers --nagios and --prometheus after quota, and - is documented for lookup', async () => {
  const script = (await cli(null, ['completion', 'bash'])).stdout;
  const complete = (words: string[]) =>
    spawnSync(
      'bash',
      [
        '-c',
        `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _lookup_tray; echo "\${COMPREPLY[@]}"`,
      ],
      { encoding: 'utf8' },
    ).stdout.trim();
  expect(complete(['lookup-tray', 'quota', '--n'])).toBe('--nagios');
  expect(complete(['lookup-tray', 'quota', '--p'])).toBe('--prometheus --profile');
  const help = await cli(null, ['lookup', '--help']);
  expect(help.stdout.replace(/\s+/g, ' ')).toContain('or - to read them from standard input (one a line)');
  expect((await cli(null, ['quota', '--help'])).stdout.replace(/\s+/g, ' ')).toMatch(/With --nagios: 0 OK, 1 WARNING/);
});
