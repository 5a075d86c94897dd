/**
 * For servers, round two (issue 41), through the built command against the simulator:
 * - `quota --nagios` with -w/-c (Nagios ranges, in requests or % of the limit), --max-age (figures older are WARNING)
 *   and --warn-at-risk;
 * - `quota --check --prometheus`: each profile checked for free, its check_success, age and at-risk gauges;
 * - `serve --metrics`: a long-running exporter, scraped; its gauges follow the service, a bad key is check_success 0,
 *   no scrape (and no check) ever sends a lookup, SIGTERM stops it with 0.
 * Time: the simulator's clock is an offset clock the test moves (the service's hours pass at once); the command's own
 * clock is moved with libfaketime (Debian's `faketime`: `+2h` for old figures, `x10` so that serve's one-minute floor
 * between checks passes in six seconds). Without faketime those cases are skipped with the reason printed.
 * Every output is held to the exposition format by the strict reader (prom-text.ts) and, where it is installed (or
 * PROMTOOL names it), by Prometheus's own `promtool check metrics`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { get as httpGet, request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { CLI, cli, hasKeyring, ROOT, SECRETS, setUp, tempDir, testKey, track, withoutProxy } from './helpers';
import { promLines } from './prom-text';

const KEY = testKey('serve');
const BAD_KEY = testKey('serve-bad'); // saved without verification; the service does not know it
const HOUR = 3_600_000;

/** The service's clock: real time plus an offset the test moves (mid-month at the start, whatever today is). */
const clock = {
  offset: 0,
  now(): number {
    return Date.now() + this.offset;
  },
};
{
  const d = new Date();
  clock.offset = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 11, 12) - Date.now();
}

const hasFaketime = spawnSync('faketime', ['-f', '+0', 'true'], { stdio: 'ignore' }).status === 0;
if (!hasFaketime) console.warn('[cli] serve-metrics: SKIPPING the cases that move the command clock: no faketime');
const promtool = process.env.PROMTOOL ?? 'promtool';
const hasPromtool = spawnSync(promtool, ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasPromtool)
  console.warn('[cli] serve-metrics: promtool is not installed (PROMTOOL unset): the strict reader only');

/** The exposition read by the strict reader and, when there, by promtool. */
function checked(text: string): ReturnType<typeof promLines> {
  if (hasPromtool) {
    const r = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    expect(r.status, `promtool: ${r.stdout}${r.stderr}`).toBe(0);
  }
  return promLines(text);
}

const value = (samples: ReturnType<typeof promLines>, name: string, profile: string, window?: string) =>
  samples.find((s) => s.name === name && s.labels.profile === profile && s.labels.window === window)?.value;

let sim: Simulator;
let data: ReturnType<typeof tempDir>;

beforeAll(async () => {
  sim = await startSimulator({ clock, keys: { [KEY]: { monthLimit: 10_000, minuteLimit: 10, label: 'serve' } } });
  data = tempDir();
  if (!hasKeyring) return;
  await setUp(data.dir, sim.url, KEY);
  expect((await cli(data.dir, ['profile', 'add', 'Bad', '--base-url', sim.url])).code).toBe(0);
  const set = await cli(data.dir, ['--profile', 'Bad', 'key', 'set', '--stdin', '--no-verify'], { input: BAD_KEY });
  expect(set.code, set.stderr).toBe(0);
  expect((await cli(data.dir, ['profile', 'use', 'default'])).code).toBe(0);
});
afterAll(async () => {
  if (hasKeyring) {
    await cli(data.dir, ['key', 'remove']);
    await cli(data.dir, ['--profile', 'Bad', 'key', 'remove']);
  }
  await sim.close();
  data.remove();
});

const lookupsSent = () => sim.log.filter((l) => l.path === '/v2/info').length;

describe.runIf(hasKeyring)('quota --nagios: -w/-c, --max-age, --warn-at-risk', () => {
  it('-w and -c as Nagios ranges of requests left or % of the limit override the profile levels, and perfdata says them', async () => {
    sim.setUsage(KEY, { month: 7_000 }); // 3,000 left: OK at the profile's levels (25 %, 10 %)
    const base = await cli(data.dir, ['quota', '--check', '--nagios']);
    expect(base.code).toBe(0);
    const w = await cli(data.dir, ['quota', '--nagios', '-w', '40%:', '-c', '1000:']);
    expect(w.code).toBe(1);
    expect(w.stdout).toMatch(
      /^LOOKUP-TRAY WARNING - 3,000 of 10,000 left this month \(-w 40%:\) \| month_remaining=3000;4000:;1000:;0;10000 /,
    );
    const c = await cli(data.dir, ['quota', '--nagios', '-w', '@5000', '-c', '@0:3000']);
    expect(c.code).toBe(2);
    expect(c.stdout).toMatch(
      /^LOOKUP-TRAY CRITICAL - 3,000 of 10,000 left this month \(-c @0:3000\) \| month_remaining=3000;@5000;@3000;0;10000 /,
    );
    const ok = await cli(data.dir, ['quota', '--nagios', '-w', '2000:', '-c', '~:10000']);
    expect(ok.code).toBe(0);
    // A range that is none: UNKNOWN with the reason, never a state a monitor would act on.
    const bad = await cli(data.dir, ['quota', '--nagios', '-w', '10:5']);
    expect(bad.code).toBe(3);
    expect(bad.stdout).toMatch(/^LOOKUP-TRAY UNKNOWN - -w takes a Nagios range/);
    expect((await cli(data.dir, ['quota', '-w', '10:'])).code).toBe(2); // -w without --nagios: a usage error
  });

  it.runIf(hasFaketime)(
    'figures older than --max-age are WARNING (the command two hours ahead), never a silent OK',
    async () => {
      sim.setUsage(KEY, { month: 1_000 });
      expect((await cli(data.dir, ['quota', '--check'])).code).toBe(0);
      const later = { bin: ['faketime', '-f', '+2h', process.execPath, CLI] };
      const old = await cli(data.dir, ['quota', '--nagios', '--max-age', '1h'], later);
      expect(old.code).toBe(1);
      expect(old.stdout).toMatch(
        /^LOOKUP-TRAY WARNING - 9,000 of 10,000 left this month; figures (119 min|2 h) old \(older than --max-age 60 min\) \| .* figures_age=7\d{3}s;3600;;0;\n$/,
      );
      expect((await cli(data.dir, ['quota', '--nagios', '--max-age', '3h'], later)).code).toBe(0);
      const now = await cli(data.dir, ['quota', '--nagios', '--max-age', '1h']);
      expect(now.code).toBe(0);
      expect((await cli(data.dir, ['quota', '--nagios', '--max-age', '1 hour'])).code).toBe(3);
    },
  );

  it('at risk (at this pace it runs out before the reset) is WARNING with --warn-at-risk only', async () => {
    sim.setUsage(KEY, { month: 0 });
    expect((await cli(data.dir, ['quota', '--check'])).code).toBe(0);
    clock.offset += 2 * HOUR; // two hours of the service's time, half the month used in them
    try {
      sim.setUsage(KEY, { month: 5_000 });
      const plain = await cli(data.dir, ['quota', '--check', '--nagios']);
      expect(plain.code).toBe(0);
      const risk = await cli(data.dir, ['quota', '--nagios', '--warn-at-risk']);
      expect(risk.code).toBe(1);
      expect(risk.stdout).toMatch(
        /^LOOKUP-TRAY WARNING - 5,000 of 10,000 left this month; at risk: at this pace it runs out on .+ \| /,
      );
      const prom = checked((await cli(data.dir, ['quota', '--prometheus'])).stdout);
      expect(value(prom, 'lookup_tray_at_risk', 'Default')).toBe(1);
    } finally {
      sim.setUsage(KEY, { month: 0 });
      expect((await cli(data.dir, ['quota', '--check'])).code).toBe(0);
    }
  });
});

describe.runIf(hasKeyring)('quota --check --prometheus', () => {
  it('checks each profile for free first: fresh figures, check_success 1, and 0 for a key the service refuses', async () => {
    const before = lookupsSent();
    sim.setUsage(KEY, { month: 4_321 });
    const r = await cli(data.dir, ['quota', '--check', '--prometheus']);
    expect(r.code).toBe(0);
    const s = checked(r.stdout);
    expect(value(s, 'lookup_tray_quota_remaining', 'Default', 'month')).toBe(5_679);
    expect(value(s, 'lookup_tray_check_success', 'Default')).toBe(1);
    expect(value(s, 'lookup_tray_check_success', 'Bad')).toBe(0);
    expect(value(s, 'lookup_tray_figures_age_seconds', 'Default')).toBeLessThan(60);
    expect(r.stderr).toMatch(/^Bad: /m);
    expect(lookupsSent()).toBe(before); // free checks only
    // Without --check: the figures known, no check_success (none was made).
    const known = checked((await cli(data.dir, ['quota', '--prometheus'])).stdout);
    expect(known.some((x) => x.name === 'lookup_tray_check_success')).toBe(false);
  });
});

/**
 * libfaketime itself, for a process that must get its own signals (the `faketime` command forks and waits, so a
 * SIGTERM would end it, not the command under it).
 */
const LIBFAKETIME = ['x86_64-linux-gnu', 'aarch64-linux-gnu']
  .map((arch) => `/usr/lib/${arch}/faketime/libfaketime.so.1`)
  .find((f) => existsSync(f));

/** Starts `serve --metrics 127.0.0.1:0` (with `env`, e.g. libfaketime's) and waits for the address it prints. */
async function startServe(env: NodeJS.ProcessEnv) {
  const argv = ['--data-dir', data.dir, 'serve', '--metrics', '127.0.0.1:0'];
  const child = track(spawn(process.execPath, [CLI, ...argv], { cwd: ROOT, env: { ...withoutProxy(), ...env } }));
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (d) => (stdout += d));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /on (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(stderr);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

/**
 * One GET on a connection of its own (the command's clock runs ten times as fast, so its keep-alive timeout ends a
 * reused connection in half a second).
 */
function get(url: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
    }).on('error', reject);
  });
}

/** Scrapes until `ok` holds for the samples (bounded), returning them. */
async function scrapeUntil(url: string, ok: (s: ReturnType<typeof promLines>) => boolean, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain; version=0.0.4; charset=utf-8');
    const s = checked(res.body);
    if (ok(s)) return s;
    if (Date.now() > end) throw new Error(`not reached in ${ms} ms: ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.runIf(hasKeyring)('serve --metrics', () => {
  it('refuses a non-loopback address without --allow-remote, and a malformed one', async () => {
    const r = await cli(data.dir, ['serve', '--metrics', '0.0.0.0:9464']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a loopback address: the exporter has no authentication/);
    expect((await cli(data.dir, ['serve', '--metrics', '127.0.0.1'])).code).toBe(2);
    expect((await cli(data.dir, ['serve'])).code).toBe(2);
  });

  it('Ctrl+C (SIGINT) stops it with 0; only GET or HEAD /metrics is answered', async () => {
    const serve = await startServe({});
    const post = await new Promise<number>((resolve, reject) =>
      httpRequest(serve.url, { method: 'POST', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end(),
    );
    expect(post).toBe(405);
    serve.child.kill('SIGINT');
    expect(await serve.exited).toBe(0);
    expect(serve.output().stderr).toMatch(/Stopped\.\n$/);
  });

  it.runIf(LIBFAKETIME !== undefined)(
    'serves each profile: its gauges follow the service at the next check, a bad key is 0, no lookup is ever sent, SIGTERM stops it',
    async () => {
      sim.setUsage(KEY, { month: 1_000 });
      // The shortest auto-check interval the app allows (a minute), which serve follows.
      expect((await cli(data.dir, ['config', 'set', 'autoCheck.intervalMinutes', '1'])).code).toBe(0);
      const before = lookupsSent();
      // The command's clock ten times as fast: its floor of a minute between checks passes in six seconds.
      const serve = await startServe({ LD_PRELOAD: LIBFAKETIME, FAKETIME: '+0 x10' });
      const first = await scrapeUntil(
        serve.url,
        (s) =>
          value(s, 'lookup_tray_check_success', 'Default') === 1 &&
          value(s, 'lookup_tray_check_success', 'Bad') === 0 &&
          value(s, 'lookup_tray_quota_remaining', 'Default', 'month') === 9_000,
        20_000,
      ).catch((e: unknown) => {
        throw new Error(`${String(e)}; serve said: ${serve.output().stderr}`);
      });
      expect(value(first, 'lookup_tray_at_risk', 'Default')).toBe(0);
      expect(value(first, 'lookup_tray_figures_age_seconds', 'Default')).toBeGreaterThanOrEqual(0);
      // Scrapes answer from the last check: ten of them send nothing.
      const statusBefore = sim.log.filter((l) => l.path === '/v2/status').length;
      for (let i = 0; i < 10; i++) checked((await get(serve.url)).body);
      expect(sim.log.filter((l) => l.path === '/v2/status').length - statusBefore).toBeLessThanOrEqual(2);
      sim.setUsage(KEY, { month: 6_500 });
      await scrapeUntil(
        serve.url,
        (s) => value(s, 'lookup_tray_quota_remaining', 'Default', 'month') === 3_500,
        30_000,
      );
      expect((await get(serve.url.replace('/metrics', '/other'))).status).toBe(404);
      expect(lookupsSent()).toBe(before); // never a paid lookup
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
      const out = serve.output();
      expect(out.stderr).toMatch(/Stopped\.\n$/);
      for (const k of SECRETS) expect(out.stdout + out.stderr).not.toContain(k);
      sim.setUsage(KEY, { month: 0 });
    },
    60_000,
  );
});
