/**
 * The app core against random sequences of what users, other processes, the service and the machine do
 * (fast-check `commands`), on one injected clock shared with two simulated services. After every command the
 * invariants hold:
 *
 * - the core answers a call in time, and nothing spins (no flood of progress events, no pile of timers);
 * - no request carries a key to an origin other than the one it was saved for;
 * - no 429 in a window no other client spent: each 429 is charged to its service's minute or month window (the
 *   simulator says which was used up), and a window may hold only as many as the named allowances given to it —
 *   another client's spend (the service's own count moved, or the other process looked up: it can surprise the app
 *   and the other process once each) and the user telling the app to forget a key's figures (removeKey, once);
 * - every job is listed, with counts that add up; no address of a job is answered twice; the report of every job,
 *   opened after every command (while it runs, is paused or stopped, or after it ended), sends nothing and adds up
 *   to the job's counts (answered + private = done, failed, pending = left; each breakdown holds every answered one);
 *   the user's own "open the report" (a command: opened and saved as Markdown mid-run, without waiting for answers in
 *   flight) holds the same, and the saved page names the job;
 * - a log the window follows (Bulk → Follow a file…: commands follow, append, stop, follow again) is one job that never
 *   holds more addresses than were written to its file, and a stopped follow reads nothing more;
 * - a single lookup is refused for the minute only if the user's own lookups took the slot bulk jobs keep for them
 *   (one per window, until 2 s before its end), or someone else spent the window;
 * - each notification is shown at most once per threshold, window and profile;
 * - what the other process (a one-shot core on the same folder, as the CLI) wrote, the app honours.
 *
 * The model drives the quotas: other clients spend the minute window and most of the month (70–100 %), bulk jobs
 * run into the 5-a-minute limit, the month turns. The summary printed at the end says how often sequences crossed a
 * month threshold and met a used-up minute window, so a change that stops the model from reaching them shows.
 *
 * Each invariant bites: each planted mistake below was tried on 842d6fb and failed this test within the gate's seeds.
 * - 429s: a pacer that forgets the requests in flight (`left = known` instead of `known - all` in
 *   electron/core/bulk/pacer.ts) — 429s in windows nobody else spent (2 of 3 seeds);
 * - the slot kept for single lookups: a pacer that sends one request more per minute window than it may
 *   (`left = known - all + 1`) — a single lookup refused in a window only bulk jobs spent (3 of 3 seeds);
 * - notifications: an alert policy that forgets which thresholds it already sent (no `win.fired.push(...fresh)` in
 *   electron/core/quota/alerts.ts) — "Month quota low" again at the next answer (3 of 3 seeds);
 * - origins: a keychain account that ignores the origin (`keyAccount` returning the bare profile in
 *   electron/core/secrets/key-account.ts) — a key sent to the other service after a base-URL change (3 of 3);
 * - jobs: a job list that leaves out finished jobs (a filter in bulk-handlers.ts' bulkList) — a job not listed (3 of 3).
 * - reports: a report that counts the addresses not asked yet as answered (`c.answered++` for a pending row in
 *   electron/core/bulk/report.ts) — "report of …: expected [9, 9, 0, 0] to equal [9, 0, 0, 9]" (seed 20261126, 30 runs).
 *
 * Seeds. `npm test` runs the fixed seeds in GATE_SEEDS (printed), so one commit always decides the same and a seed
 * never blocks an unrelated change by luck. `npm run test:explore -- --minutes 10` tries new seeds until one fails
 * and prints its replay; what it finds is fixed and kept as a named regression test (and its seed may join
 * GATE_SEEDS). Replay: MODEL_SEED=… MODEL_PATH=… MODEL_RUNS=… npx vitest run --project unit <this file>. A core that
 * starves its event loop is caught by a watchdog thread, which prints the seed and the command.
 *
 * Defects it found, kept as named regression tests in test/unit/core/bulk/bulk-profile-switch.test.ts: a job of
 * another profile is not listed (seed 390750295, path "3"), and the freeze (MODEL_SEED=1, during advance(61000)
 * after a profile was added while a job waited for the minute window). In test/unit/core/bulk/shared-window.test.ts:
 * three jobs of one service that each sent a request while another client spent the month (MODEL_SEED=1729, with
 * "open the report" among the commands: "3 × 429 in window home:month:2026-11; allowed 2"); jobs now take turns.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { ManualClock } from '../../../helpers/manual-clock';
import { silentLogger, type NotifyRequest } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import type { BulkJobInfo } from '../../../../shared/bulk';
import { MAX_ATTENTION, attentionOrder, type BulkReport } from '../../../../shared/report';
import { MemFs } from '../../../helpers/mem-tail-fs';
import { wordsFor } from '../../../../shared/i18n';
import { profileNameProblem } from '../../../../shared/profile-problem';
import { profileLabel } from '../../../../shared/settings';

/** The English words another area's sentence is quoted in (a key's problem quoting an outcome or a setting). */
const QUOTE_EN = {
  outcome: (o: Parameters<ReturnType<typeof wordsFor>['w']['outcome']['message']>[0]) =>
    wordsFor('en').w.outcome.message(o),
  setting: (p: Parameters<ReturnType<typeof wordsFor>['w']['settingProblem']['say']>[0]) =>
    wordsFor('en').w.settingProblem.say(p, 'window'),
};

const KEYS = ['FAKE-model-home-aaaa-1111', 'FAKE-model-work-bbbb-2222'] as const;
const LABELS = ['home', 'work'] as const;
const NAMES = ['default', 'Work', 'Lab'] as const;
const PLANS = [
  { monthLimit: 300, minuteLimit: 5 },
  { monthLimit: 200, minuteLimit: null },
] as const;

interface Real {
  dir: string;
  clock: ManualClock;
  sims: Simulator[];
  secrets: MemorySecretStore;
  app: AppCore;
  /** Another process on the same folder (as the CLI): no background work. */
  other: AppCore;
  notified: NotifyRequest[];
  /** Files the app saved (the report exports), newest last. */
  savedTexts: { name: string; text: string }[];
  progressEvents: number;
  jobs: string[];
  /**
   * 429s each window may hold ("sim:minute:<index>" or "sim:month:<yyyy-mm>"), with why: only named allowances.
   * - another client spent the window (the service's count moved, or the other process looked up): the app and the
   *   other process can each meet one 429 before they know;
   * - the user told the app to forget a key's figures (removeKey drops its figures and cooldowns, as Settings says):
   *   the same key saved again may meet a window the app no longer knows is used up, once.
   */
  allowed: Map<string, { n: number; why: string[] }>;
  nextJob: number;
  nextIp: number;
  /** The logs the window follows (Bulk → Follow a file…), on an in-memory file system; picked by `picks`. */
  fs: MemFs;
  picks: string[];
  follows: { id: string; path: string; k: number; written: number; stoppedAt: number | null }[];
  /** What the next Bulk → "Open file…" answers (the open dialog port). */
  openPath: string | null;
  /** Where this sequence went (summed over the run and printed): did the model reach what the invariants guard? */
  reached: Set<'month-threshold' | 'minute-used-up' | 'month-turned' | 'partial-report'>;
}

interface Model {
  /** Profiles as the model knows them: name -> index of the service its base URL points at. */
  profiles: Map<string, number>;
  current: string;
  demo: boolean;
}

const tick = () => new Promise<void>((r) => setImmediate(r));

/**
 * A core that starves its own event loop (a microtask loop) can answer nothing, not even this test's timeouts. A
 * watchdog thread sees the main thread's heartbeat stop, prints the seed and the command that was running, and ends
 * the process: a failure with its replay, not a hang.
 */
function startWatchdog(limitMs: number) {
  const beat = new Float64Array(new SharedArrayBuffer(8));
  const text = new Uint8Array(new SharedArrayBuffer(1024));
  const code = `
    const { workerData } = require('node:worker_threads');
    const fs = require('node:fs');
    const { beat, text, limitMs } = workerData;
    setInterval(() => {
      if (beat[0] > 0 && Date.now() - beat[0] > limitMs) {
        const what = Buffer.from(text).toString('utf8').split(String.fromCharCode(0))[0];
        const nl = String.fromCharCode(10);
        fs.writeSync(2, nl + 'model test: the event loop was blocked for over ' + limitMs + ' ms during ' + what + nl);
        process.kill(process.pid, 'SIGKILL');
      }
    }, 250);`;
  const worker = new Worker(code, { eval: true, workerData: { beat, text, limitMs } });
  worker.unref();
  const timer = setInterval(() => (beat[0] = Date.now()), 100);
  beat[0] = Date.now();
  return {
    doing(what: string) {
      beat[0] = Date.now();
      text.fill(0);
      text.set(Buffer.from(what.slice(0, 1000), 'utf8'));
    },
    async stop() {
      clearInterval(timer);
      await worker.terminate();
    },
  };
}

let watchdog: ReturnType<typeof startWatchdog> | null = null;
let seedText = '';

async function settle(r: Real): Promise<void> {
  for (let i = 0; i < 8; i++) {
    await tick();
    await r.app.whenIdle();
    await r.other.whenIdle();
  }
}

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

const MINUTE = 60_000;
/** The window a 429 (or a spend) at `at` falls in: fixed UTC windows, as the service's. */
function windowOf(sim: number, scope: 'minute' | 'month', at: number): string {
  return scope === 'minute'
    ? `${LABELS[sim]}:minute:${Math.floor(at / MINUTE)}`
    : `${LABELS[sim]}:month:${new Date(at).toISOString().slice(0, 7)}`;
}

function allow(r: Real, sim: number, scope: 'minute' | 'month', n: number, why: string): void {
  const w = windowOf(sim, scope, r.clock.now());
  const a = r.allowed.get(w) ?? { n: 0, why: [] };
  a.n += n;
  a.why.push(why);
  r.allowed.set(w, a);
}

/**
 * A single lookup refused because the minute is used up: bulk jobs keep one slot of each minute window for single
 * lookups until 2 s before its end, so the refusal is right only if the user's own lookups took that slot, the window
 * is about to end, or someone else spent it (an allowance, as for 429s).
 */
function reserveWasKept(r: Real, sim: number): void {
  const now = r.clock.now();
  const w = windowOf(sim, 'minute', now);
  if (MINUTE - (now % MINUTE) <= 2_000 || (r.allowed.get(w)?.n ?? 0) > 0) return;
  const singles = r.sims[sim]!.log.filter(
    (l) => l.counted && l.ip?.startsWith('8.8.8.') && windowOf(sim, 'minute', l.at) === w,
  );
  expect(singles.length, `a single lookup was refused in ${w}, whose slot bulk jobs should have kept`).toBeGreaterThan(
    0,
  );
}

/** The report of job `j` (opened with its listing): requests 0, its coverage the job's counts, each breakdown all of it. */
function reportAddsUp(report: BulkReport | null, j: BulkJobInfo, r: Real): void {
  expect(report, `the report of job ${j.id}`).not.toBeNull();
  if (!report) return;
  const c = report.coverage;
  expect(report.requests).toBe(0);
  expect([c.total, c.answered + c.privateOrReserved, c.failed, c.pending], `report of ${j.id}`).toEqual([
    j.total,
    j.done,
    j.failed,
    j.left,
  ]);
  expect(c.notLookedUp).toBe(c.privateOrReserved + c.failed + c.pending);
  for (const rows of [report.countries, report.asns, report.threat])
    expect(rows.reduce((n, x) => n + x.addresses, 0)).toBe(c.answered);
  // Needs attention: answered addresses only, the rows shown the first of them in their order (threat, then hits).
  const a = report.attention;
  expect(a.total).toBeLessThanOrEqual(c.answered);
  expect(a.rows.length).toBe(Math.min(a.total, MAX_ATTENTION));
  expect(
    a.rows.every((x, i) => i === 0 || attentionOrder(a.rows[i - 1]!, x) <= 0),
    `attention of ${j.id}`,
  ).toBe(true);
  if (c.answered > 0 && c.pending > 0) r.reached.add('partial-report');
}

async function invariants(r: Real): Promise<void> {
  // The core answers in time; the event loop is not starved.
  const t0 = Date.now();
  // A frozen core never answers; the bounds are far above a busy CI machine's pauses (a judgement of speed is bench's).
  await within(new Promise((res) => setImmediate(res)), 5000, 'event loop');
  const snap = await within(r.app.handlers.getSnapshot(), 8000, 'getSnapshot');
  expect(Date.now() - t0).toBeLessThan(8000);
  expect(r.progressEvents).toBeLessThan(400); // per command: a job that spins would flood them
  r.progressEvents = 0;
  expect(r.clock.pendingTimers()).toBeLessThan(200);

  // No request carries a key to another origin than the one it was saved for.
  r.sims.forEach((sim, i) => {
    // (A connection the service reset before reading the request has no key name: status 0.)
    const foreign = sim.log.filter((l) => l.keyVia !== 'none' && l.status !== 0 && l.keyName !== LABELS[i]);
    expect(foreign, `a key reached service ${LABELS[i]} that was not saved for it`).toEqual([]);
  });

  // No 429 in a window no other client spent: each window holds at most the 429s its named allowances give it.
  r.sims.forEach((sim, i) => {
    const per = new Map<string, number>();
    for (const l of sim.log) {
      if (l.status !== 429) continue;
      const w = windowOf(i, l.limitedBy ?? 'minute', l.at);
      per.set(w, (per.get(w) ?? 0) + 1);
    }
    // The app's own requests filled a minute window (the pacer's edge), or met one used up.
    const plan = PLANS[i]!.minuteLimit;
    if (plan !== null) {
      const used = new Map<number, number>();
      for (const l of sim.log)
        if (l.counted || l.limitedBy === 'minute')
          used.set(Math.floor(l.at / MINUTE), (used.get(Math.floor(l.at / MINUTE)) ?? 0) + 1);
      if ([...used.values()].some((n) => n >= plan)) r.reached.add('minute-used-up');
    }
    for (const [w, n] of per) {
      const a = r.allowed.get(w);
      expect(
        n,
        `${n} × 429 in window ${w}; allowed ${a?.n ?? 0} (${a?.why.join(', ') || 'nobody else spent it'})`,
      ).toBe(Math.min(n, a?.n ?? 0));
    }
  });

  // Every job listed, with counts that add up; no job address answered twice. Opening each job's report (all made in
  // one turn of the event loop with the list: no answer comes in between) sends nothing, and its counts add up to
  // the job's.
  const sent = r.sims.map((sim) => sim.log.length);
  const [listed, ...reports] = await Promise.all([
    r.app.handlers.bulkList(),
    ...r.jobs.map((id) => r.app.handlers.getBulkReport({ id })),
  ]);
  expect(
    r.sims.map((sim) => sim.log.length),
    'opening the reports sent nothing',
  ).toEqual(sent);
  r.jobs.forEach((id, k) => {
    const j = listed.find((x) => x.id === id);
    expect(j, `job ${id} is listed`).toBeDefined();
    if (!j) return;
    expect(j.done + j.failed + j.left).toBe(j.total);
    expect(Math.min(j.done, j.failed, j.left)).toBeGreaterThanOrEqual(0);
    reportAddsUp(reports[k] ?? null, j, r);
  });
  // No service answers a job's address twice. A service switch (settings, profile) aborts the requests in flight, and
  // the job asks the new service for those addresses: the old one may have counted its answer (a known cost of a
  // switch mid-job, docs/bulk.md), so across services an address can be answered once by each.
  r.sims.forEach((s, k) => {
    const answered = new Map<string, number>();
    for (const l of s.log)
      if (l.status === 200 && l.ip?.startsWith('11.')) answered.set(l.ip, (answered.get(l.ip) ?? 0) + 1);
    for (const [ip, n] of answered) expect(n, `${ip} answered ${n} times by ${LABELS[k]}`).toBe(1);
  });

  // Notifications: each shown at most once per threshold, window and profile (the id names all three), and per limit:
  // a bigger limit in the same window (a plan upgrade, or the profile pointed at another service) re-arms the
  // thresholds (electron/core/quota/alerts.ts), and its notification says the new figures.
  const ids = r.notified.filter((n) => !n.id.startsWith('bulk:')).map((n) => `${n.id} ${n.body}`);
  const twice = ids.filter((id, k) => ids.indexOf(id) !== k);
  expect(twice, 'notifications shown more than once').toEqual([]);
  if (ids.some((id) => /:month-(low|critical|exhausted)/.test(id))) r.reached.add('month-threshold');

  // A followed log is one job that grows: it never holds more addresses than were written to its file, and a stopped
  // follow reads nothing more (its job holds what it held when stopped).
  const follows = await r.app.handlers.bulkFollows();
  for (const f of r.follows) {
    const listed = follows.find((x) => x.jobId === f.id);
    expect(listed, `the follow of ${f.path} is listed`).toBeDefined();
    const j = listed ? (await r.app.handlers.bulkList()).find((x) => x.id === f.id) : undefined;
    expect(listed!.addresses).toBe(j?.total ?? 0);
    expect(listed!.addresses).toBeLessThanOrEqual(f.written);
    if (f.stoppedAt !== null) {
      expect(listed!.following, `${f.path} stopped`).toBe(false);
      expect(listed!.addresses, `${f.path} read nothing after Stop`).toBe(f.stoppedAt);
    }
  }

  expect(snap.settings.profile).toBeTruthy();
}

type Cmd = fc.AsyncCommand<Model, Real>;

function cmd(
  name: string,
  run: (m: Model, r: Real) => Promise<void>,
  check: (m: Readonly<Model>) => boolean = () => true,
): Cmd {
  return {
    check,
    async run(m, r) {
      watchdog?.doing(`${name} (${seedText})`);
      await run(m, r);
      await settle(r);
      await invariants(r);
    },
    toString: () => name,
  };
}

const simOf = (m: Readonly<Model>, name = m.current) => m.profiles.get(name) ?? 0;

const allCommands = [
  fc.integer({ min: 0, max: 2 }).map((k) =>
    cmd(`lookup(${k})`, async (m, r) => {
      const out = await r.app.handlers.lookup({ ip: `8.8.8.${k + 1}` });
      if (out.kind === 'cooldown' && out.scope === 'minute') reserveWasKept(r, simOf(m));
    }),
  ),
  fc.integer({ min: 1, max: 14 }).map((n) =>
    cmd(`bulkStart(${n})`, async (_m, r) => {
      const k = r.nextJob++;
      const text = Array.from({ length: n }, (_, i) => `11.${k}.0.${i + 1}`).join('\n');
      const s = await r.app.handlers.bulkStart({ text, label: `job ${k}`, floor: { count: 0 } });
      if (s.kind === 'started') r.jobs.push(s.job.id);
    }),
  ),
  // A log rather than a list (issue 41): the job holds the log's addresses once each with their hits; the Chrome
  // version on every line is noise, summed up in the preview, neither looked up nor an invalid entry.
  fc.integer({ min: 1, max: 6 }).map((n) =>
    cmd(`bulkStartLog(${n})`, async (_m, r) => {
      const k = r.nextJob++;
      const line = (i: number) =>
        `11.${k}.1.${(i % n) + 1} - - [22/Nov/2026:12:00:10 +0000] "GET / HTTP/1.1" 200 5 "Chrome/120.0.6099.109 Safari/537.36"`;
      const text = Array.from({ length: 2 * n }, (_, i) => line(i)).join('\n');
      const p = await r.app.handlers.bulkPreview({ text });
      expect([p.unique, p.duplicates, p.invalidCount, p.noiseCount, p.noiseExample]).toEqual([
        n,
        n,
        0,
        2 * n,
        '120.0.6099.109',
      ]);
      const s = await r.app.handlers.bulkStart({ text, label: `log ${k}`, floor: { count: 0 } });
      if (s.kind === 'started') {
        expect(s.job.total).toBe(n);
        r.jobs.push(s.job.id);
      }
    }),
  ),
  // Bulk → Follow a file… (issue 41): a log picked in the dialog, followed as one job; lines appended (new addresses
  // and repeats); Stop; Follow again, reading on from where it stopped.
  fc.integer({ min: 1, max: 4 }).map((n) =>
    cmd(`followLog(${n})`, async (_m, r) => {
      const k = r.nextJob++;
      const path = `/logs/f${k}.log`;
      r.fs.write(path, Array.from({ length: n }, (_, i) => `11.${k}.2.${i + 1} GET /\n`).join(''));
      r.picks.push(path);
      const s = await r.app.handlers.bulkFollow({ floor: { count: 0 } });
      r.picks.length = 0;
      if (s.kind !== 'following') return;
      // Named once, in the interface's language then (this core's system has none: 'system' is English).
      const ui = (await r.app.handlers.getSnapshot()).settings.interfaceLanguage;
      expect(s.job.label).toBe(ui === 'de' ? `Verfolgt: f${k}.log` : `Following f${k}.log`);
      r.jobs.push(s.job.id);
      r.follows.push({ id: s.job.id, path, k, written: n, stoppedAt: null });
    }),
  ),
  fc.tuple(fc.nat(3), fc.integer({ min: 1, max: 3 })).map(([i, n]) =>
    cmd(`followAppend(${i}, ${n})`, async (_m, r) => {
      const f = r.follows[i % Math.max(1, r.follows.length)];
      if (!f) return;
      const fresh = Array.from({ length: n }, (_, x) => `11.${f.k}.2.${f.written + x + 1} GET /\n`);
      r.fs.append(f.path, `${fresh.join('')}11.${f.k}.2.1 again\n`);
      f.written += n;
    }),
  ),
  fc.tuple(fc.constantFrom('stop', 'again'), fc.nat(3)).map(([op, i]) =>
    cmd(`follow${op === 'stop' ? 'Stop' : 'Again'}(${i})`, async (_m, r) => {
      const f = r.follows[i % Math.max(1, r.follows.length)];
      if (!f) return;
      if (op === 'stop') {
        const info = await r.app.handlers.bulkFollowStop({ id: f.id });
        expect(info?.following).toBe(false);
        f.stoppedAt = info?.addresses ?? 0;
      } else {
        const out = await r.app.handlers.bulkFollowAgain({ id: f.id });
        if (out.kind === 'following') f.stoppedAt = null;
      }
    }),
  ),
  // The user opens a log with Bulk → "Open file…" (issue 41): the core reads it (the page gets an id, never the
  // path), previews it as it would the same text pasted, and the job is labelled by the file's name.
  fc.integer({ min: 1, max: 6 }).map((n) =>
    cmd(`bulkOpenFile(${n})`, async (_m, r) => {
      const k = r.nextJob++;
      const text = Array.from({ length: 2 * n }, (_, i) => `11.${k}.2.${(i % n) + 1} sshd: Failed password`).join('\n');
      // Named as the model names a log's job (its invariants find a job's addresses by its label's number).
      r.openPath = join(r.dir, `log ${k}`);
      writeFileSync(r.openPath, text);
      const opened = await r.app.handlers.bulkOpenFile();
      expect(opened?.name).toBe(`log ${k}`);
      const read = await r.app.handlers.bulkReadFile({ id: opened!.id });
      const pasted = await r.app.handlers.bulkPreview({ text });
      expect(read).toEqual({ kind: 'read', prepared: pasted });
      const s = await r.app.handlers.bulkStartFile({ id: opened!.id, floor: { count: 0 } });
      if (s.kind === 'started') {
        expect([s.job.total, s.job.label]).toEqual([n, `log ${k}`]);
        r.jobs.push(s.job.id);
      }
    }),
  ),
  // The user opens a job's report (and saves it as Markdown) while jobs may still have requests in flight: it sends
  // nothing, its counts add up to the job's line listed in the same turn, and the saved page names the job.
  fc.nat(3).map((i) =>
    cmd(`openReport(${i})`, async (_m, r) => {
      const id = r.jobs[i % Math.max(1, r.jobs.length)];
      if (!id) return;
      const sent = r.sims.map((sim) => sim.log.length);
      const [listed, report] = await Promise.all([r.app.handlers.bulkList(), r.app.handlers.getBulkReport({ id })]);
      const j = listed.find((x) => x.id === id);
      if (j) reportAddsUp(report, j, r);
      const saved = await r.app.handlers.exportBulkReport({ id, format: 'markdown' });
      expect(saved.saved, saved.said.kind).toBe(true);
      expect(r.savedTexts.at(-1)?.text).toContain(`# Report: ${report?.label ?? ''}`);
      expect(
        r.sims.map((sim) => sim.log.length),
        'opening and saving the report sent nothing',
      ).toEqual(sent);
    }),
  ),
  // The user saves a block list of a job mid-run (its addresses that need attention, or a filtered table's rows): it
  // sends nothing, and every line that is not a comment is one canonical address of that job.
  fc
    .tuple(fc.nat(3), fc.constantFrom('plain', 'nftables', 'ipset', 'fail2ban' as const), fc.boolean())
    .map(([i, format, filtered]) =>
      cmd(`exportBlockList(${i}, ${format}${filtered ? ', tor' : ''})`, async (_m, r) => {
        const id = r.jobs[i % Math.max(1, r.jobs.length)];
        if (!id) return;
        const sent = r.sims.map((sim) => sim.log.length);
        const saved = await r.app.handlers.exportBlockList({
          id,
          format,
          ...(filtered ? { filter: { flag: 'tor' } } : {}),
        });
        expect(saved.saved, saved.said.kind).toBe(true);
        // Its job's number, in its label: "job 3", "log 3", or a followed log's "Following f3.log" (in German
        // "Verfolgt: f3.log", when the window spoke German as it was made).
        const label = (await r.app.handlers.bulkList()).find((j) => j.id === id)?.label ?? '';
        const m = /^(?:job|log) (\d+)$|^(?:Following |Verfolgt: )f(\d+)\.log$/.exec(label);
        const k = Number(m?.[1] ?? m?.[2]);
        const text = r.savedTexts.at(-1)?.text ?? '';
        const ips = text.match(/\b\d+\.\d+\.\d+\.\d+\b/g) ?? [];
        for (const ip of ips) expect(ip.startsWith(`11.${k}.`), `${ip} in a block list of job ${k}`).toBe(true);
        expect(
          r.sims.map((sim) => sim.log.length),
          'saving a block list sent nothing',
        ).toEqual(sent);
      }),
    ),
  fc.constantFrom('pause', 'resume', 'cancel').chain((op) =>
    fc.nat(3).map((i) =>
      cmd(`bulk${op}(${i})`, async (_m, r) => {
        const id = r.jobs[i % Math.max(1, r.jobs.length)];
        if (!id) return;
        if (op === 'pause') await r.app.handlers.bulkPause({ id });
        else if (op === 'resume') await r.app.handlers.bulkResume({ id });
        else await r.app.handlers.bulkCancel({ id });
      }),
    ),
  ),
  fc.tuple(fc.constantFrom(...NAMES), fc.integer({ min: 0, max: 1 })).map(([name, sim]) =>
    cmd(
      `addProfile(${name}, ${LABELS[sim]})`,
      async (m, r) => {
        const out = await r.app.handlers.addProfile({ name, baseUrl: r.sims[sim]!.url });
        if (out.kind === 'done') {
          m.profiles.set(name, sim);
          m.current = name;
        }
      },
      (m) => !m.profiles.has(name) && !m.demo,
    ),
  ),
  fc.constantFrom(...NAMES).map((name) =>
    cmd(
      `switchProfile(${name})`,
      async (m, r) => {
        const out = await r.app.handlers.switchProfile({ name });
        expect(out.kind).toBe('done');
        m.current = name;
      },
      (m) => m.profiles.has(name) && !m.demo,
    ),
  ),
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom(...NAMES)).map(([from, to]) =>
    cmd(
      `renameProfile(${from} -> ${to})`,
      async (m, r) => {
        const out = await r.app.handlers.renameProfile({ from, to });
        expect(out.kind).toBe('done');
        const sim = m.profiles.get(from)!;
        m.profiles.delete(from);
        m.profiles.set(to, sim);
        if (m.current === from) m.current = to;
      },
      (m) => m.profiles.has(from) && !m.profiles.has(to) && from !== 'default' && !m.demo,
    ),
  ),
  fc.constantFrom(...NAMES).map((name) =>
    cmd(
      `removeProfile(${name})`,
      async (m, r) => {
        const out = await r.app.handlers.removeProfile({ name });
        expect(out.kind).toBe('done');
        m.profiles.delete(name);
      },
      (m) => m.profiles.has(name) && m.current !== name && !m.demo,
    ),
  ),
  fc.constant(
    cmd(
      'saveKey',
      async (m, r) => {
        const sim = simOf(m);
        const out = await r.app.handlers.saveKey({ key: KEYS[sim]!, baseUrl: r.sims[sim]!.url, verify: 'skip' });
        expect(out.kind).toBe('saved');
      },
      (m) => !m.demo,
    ),
  ),
  fc.constant(
    cmd(
      'removeKey',
      async (m, r) => {
        allow(r, simOf(m), 'minute', 1, 'removeKey');
        allow(r, simOf(m), 'month', 1, 'removeKey');
        await r.app.handlers.removeKey();
      },
      (m) => !m.demo,
    ),
  ),
  fc.integer({ min: 0, max: 1 }).map((sim) =>
    cmd(
      `setBaseUrl(${LABELS[sim]})`,
      async (m, r) => {
        const out = await r.app.handlers.updateSettings({ baseUrl: r.sims[sim]!.url });
        expect(out.kind).toBe('saved');
        m.profiles.set(m.current, sim);
      },
      (m) => !m.demo,
    ),
  ),
  fc.integer({ min: 10, max: 60 }).map((low) =>
    cmd(`thresholds(${low})`, async (_m, r) => {
      await r.app.handlers.updateSettings({ thresholds: { monthLow: low } });
    }),
  ),
  // A refused change (issue 43): the core answers with facts, whose English words are its message and which German
  // words too; nothing changes, and a refused key or profile name says why the same way.
  fc.constantFrom('range', 'order', 'proxy', 'key', 'profile').map((what) =>
    cmd(
      `refused(${what})`,
      async (m, r) => {
        const before = (await r.app.handlers.getSnapshot()).settings;
        const en = wordsFor('en').w;
        const de = wordsFor('de').w;
        if (what === 'key') {
          const out = await r.app.handlers.saveKey({ key: '   ' });
          expect(out).toMatchObject({ kind: 'rejected', field: 'key', problem: { kind: 'key-empty' } });
          expect(out).not.toHaveProperty('message'); // a fact only: the faces word it
          if (out.kind === 'rejected') expect(en.uiKey.problem(out.problem, QUOTE_EN)).toBe('Enter your API key.');
        } else if (what === 'profile') {
          const out = await r.app.handlers.addProfile({ name: 'a@b' });
          const p = profileNameProblem('a@b', []);
          expect(p).toEqual({ kind: 'separators' });
          // The core answers with the fact; the window's words of it are the name check's own, in both languages.
          expect(out).toEqual({ kind: 'invalid', problem: { kind: 'name', problem: p } });
          if (out.kind === 'invalid' && out.problem.kind !== 'setting')
            for (const w of [en, de])
              expect(w.uiProfiles.refusal(out.problem, profileLabel)).toBe(w.uiProfiles.nameProblem(p!, profileLabel));
          // The profile in use is never removed: a fact, nothing changed.
          expect(await r.app.handlers.removeProfile({ name: before.profile })).toEqual({
            kind: 'invalid',
            problem: { kind: 'in-use' },
          });
        } else {
          const patch =
            what === 'range'
              ? { cache: { maxEntries: 0 } }
              : what === 'order'
                ? { thresholds: { monthLow: 10, monthCritical: 50 } }
                : { network: { proxy: 'url' as const, proxyUrl: '' } };
          const out = await r.app.handlers.updateSettings(patch);
          expect(out.kind).toBe('invalid');
          if (out.kind !== 'invalid') return;
          for (const e of out.errors) {
            expect(e.problem.kind).not.toBe('other');
            expect(en.settingProblem.say(e.problem, 'cli')).toBe(e.message);
            expect(de.settingProblem.say(e.problem, 'cli')).not.toBe(e.message);
          }
        }
        expect((await r.app.handlers.getSnapshot()).settings).toEqual(before);
        void m;
      },
      (m) => !m.demo,
    ),
  ),
  // Demo mode leaves profiles alone (issue 43): adding, switching or removing one is refused with a fact.
  fc.constantFrom('add', 'switch', 'remove').map((how) =>
    cmd(
      `profileInDemo(${how})`,
      async (_m, r) => {
        const before = (await r.app.handlers.getSnapshot()).settings;
        const h = r.app.handlers;
        const out =
          how === 'add'
            ? await h.addProfile({ name: 'Lab' })
            : how === 'switch'
              ? await h.switchProfile({ name: 'nobody' })
              : await h.removeProfile({ name: 'nobody' });
        expect(out).toEqual({
          kind: 'invalid',
          problem: how === 'remove' ? { kind: 'unknown', name: 'nobody' } : { kind: 'demo' },
        });
        expect((await r.app.handlers.getSnapshot()).settings).toEqual(before);
      },
      (m) => m.demo,
    ),
  ),
  // The service's answer language and the window's (issue 43): both shared by every profile, kept across switches.
  fc.tuple(fc.constantFrom('', 'de'), fc.constantFrom('system', 'en', 'de' as const)).map(([answer, ui]) =>
    cmd(`languages(${answer || 'service'}, ${ui})`, async (_m, r) => {
      const out = await r.app.handlers.updateSettings({ answerLanguage: answer, interfaceLanguage: ui });
      expect(out.kind).toBe('saved');
      const snap = await r.app.handlers.getSnapshot();
      expect(snap.settings).toMatchObject({ answerLanguage: answer, interfaceLanguage: ui });
    }),
  ),
  // Another process (the CLI) on the same folder: config set baseUrl, then the app's next save takes it in.
  fc.integer({ min: 0, max: 1 }).map((sim) =>
    cmd(
      `otherProcessSetsBaseUrl(${LABELS[sim]})`,
      async (m, r) => {
        const out = await r.other.handlers.updateSettings({ baseUrl: r.sims[sim]!.url });
        if (out.kind !== 'saved') return;
        await r.app.handlers.updateSettings({ thresholds: { monthLow: 10, monthCritical: 50 } }); // refused
        const snap = await r.app.handlers.getSnapshot();
        expect(snap.settings.baseUrl).toBe(r.sims[sim]!.url); // what the other process wrote, the app honours
        m.profiles.set(snap.settings.profile, sim);
        m.current = snap.settings.profile;
      },
      (m) => !m.demo,
    ),
  ),
  fc.constant(
    cmd('otherProcessLookup', async (_m, r) => {
      // It looks up with the profile settings.json names now (another process may have moved it).
      const snap = await r.other.handlers.getSnapshot();
      const sim = Math.max(
        0,
        r.sims.findIndex((s) => s.url === snap.settings.baseUrl),
      );
      allow(r, sim, 'minute', 2, 'the other process looked up');
      allow(r, sim, 'month', 2, 'the other process looked up');
      await r.other.handlers.lookup({ ip: '9.9.9.9', refresh: true });
    }),
  ),
  // The service's own count moved (another client of the same key): the minute window is used up.
  fc.integer({ min: 0, max: 1 }).map((sim) =>
    cmd(`spentElsewhere(${LABELS[sim]})`, async (_m, r) => {
      allow(r, sim, 'minute', 2, 'another client used up the minute');
      r.sims[sim]!.setUsage(KEYS[sim]!, { minute: 5 });
    }),
  ),
  // Another client spent most of the month (or all of it): the month thresholds are crossed at the app's next answer.
  fc.tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom(0.7, 0.8, 0.9, 0.97, 1)).map(([sim, share]) =>
    cmd(`monthSpentElsewhere(${LABELS[sim]}, ${share})`, async (_m, r) => {
      const s = r.sims[sim]!;
      const used = Math.floor(PLANS[sim]!.monthLimit * share);
      if (used <= s.usage(KEYS[sim]!).month) return;
      allow(r, sim, 'month', 2, `another client spent ${share * 100} % of the month`);
      s.setUsage(KEYS[sim]!, { month: used });
    }),
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 1 }), fc.constantFrom('none', 'status500', 'reset', 'slow', 'empty429'))
    .map(([sim, f]) =>
      cmd(`fault(${LABELS[sim]}, ${f})`, async (_m, r) => {
        const s = r.sims[sim]!;
        s.clearFaults();
        if (f === 'status500') s.setFaults({ status500: true });
        if (f === 'reset') s.setFaults({ reset: true });
        if (f === 'slow') s.setFaults({ delayMs: 30 });
        if (f === 'empty429') s.setFaults({ empty429: true });
      }),
    ),
  fc.boolean().map((asleep) =>
    cmd(`machine${asleep ? 'Sleeps' : 'Wakes'}`, async (_m, r) => {
      r.app.setSuspended(asleep);
    }),
  ),
  // Time passing while the machine is awake: every timer fires as it falls due (the minute windows). The requests on
  // the wire are answered first, as they would be in the real seconds that pass: a loopback answer takes a
  // millisecond, and moving the clock past the client's timeout while one is still on its way would time it out
  // after the service counted it (then asked again: a cost of a real timeout, not of these seconds).
  fc.constantFrom(1_000, 20_000, 61_000).map((ms) =>
    cmd(`advance(${ms})`, async (_m, r) => {
      await settle(r);
      r.clock.advance(ms);
    }),
  ),
  // The machine sleeps and wakes later (an hour, the next month): time jumps, due timers fire once.
  fc.constantFrom(3_600_000, 31 * 24 * 3_600_000).map((ms) =>
    cmd(`sleepAndWake(${ms})`, async (_m, r) => {
      if (ms > 3_600_000) r.reached.add('month-turned');
      await settle(r); // the requests on the wire answered before the machine sleeps (see advance)
      r.app.setSuspended(true);
      r.clock.jump(ms);
      r.app.setSuspended(false);
    }),
  ),
];

/**
 * What the invariants guard must happen often: bulk jobs (into the minute limit), other clients' spends (across the
 * month thresholds) and time passing (windows ending) are drawn three times as often as the rest.
 */
const WEIGHTED = /^(bulkStart|monthSpentElsewhere|advance|lookup)\(/;
const commands = allCommands.flatMap((a) => {
  const sample = fc.sample(a, { numRuns: 1, seed: 1 })[0]!;
  return WEIGHTED.test(sample.toString()) ? [a, a, a] : [a];
});

async function setup(): Promise<Real> {
  const dir = mkdtempSync(join(tmpdir(), 'lt-model-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 10));
  const sims = [
    await startSimulator({ clock, keys: { [KEYS[0]]: { ...PLANS[0], label: LABELS[0] } } }),
    await startSimulator({ clock, keys: { [KEYS[1]]: { ...PLANS[1], label: LABELS[1] } } }),
  ];
  const secrets = new MemorySecretStore();
  const notified: NotifyRequest[] = [];
  const ports = { clock, fetch, secrets, dataDir: dir, logger: silentLogger };
  const savedTexts: Real['savedTexts'] = [];
  const fs = new MemFs();
  const picks: string[] = [];
  const app = await createAppCore({
    ...ports,
    tailFs: fs,
    pickFollowFile: async () => picks.shift() ?? null,
    notifier: { notify: (n) => void notified.push(n) },
    saveTextFile: async (name, text) => {
      savedTexts.push({ name, text });
      return join(dir, name);
    },
    openFile: async () => r.openPath,
  });
  const other = await createAppCore({ ...ports, notifier: { notify() {} }, oneShot: true });
  const r: Real = {
    dir,
    clock,
    sims,
    secrets,
    app,
    other,
    notified,
    savedTexts,
    progressEvents: 0,
    jobs: [],
    allowed: new Map(),
    nextJob: 0,
    nextIp: 0,
    openPath: null,
    reached: new Set(),
    fs,
    picks,
    follows: [],
  };
  app.on('bulk-progress', () => void r.progressEvents++);
  await app.handlers.saveKey({ key: KEYS[0], baseUrl: sims[0]!.url, verify: 'skip' });
  return r;
}

async function teardown(r: Real): Promise<void> {
  await within(r.app.dispose(), 5000, 'dispose');
  await r.other.dispose();
  for (const s of r.sims) await s.close();
  rmSync(r.dir, { recursive: true, force: true });
}

/**
 * The gate's seeds: fixed, so one commit always decides the same. A seed that `npm run test:explore` finds failing
 * is replayed, fixed, kept as a named regression test, and may join this list.
 */
const GATE_SEEDS = [20261126, 1729, 4242];
const ONE_SEED = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : null;
const RUNS = Number(process.env.MODEL_RUNS ?? (ONE_SEED === null ? 70 : 200));
const SEEDS = ONE_SEED === null ? GATE_SEEDS : [ONE_SEED];

describe('the app core under random sequences of actions (model-based)', () => {
  for (const seed of SEEDS)
    it(`keeps every invariant after every command (MODEL_SEED=${seed}, ${RUNS} sequences)`, async () => {
      seedText = `MODEL_SEED=${seed}`;
      console.log(
        `model test: MODEL_SEED=${seed} MODEL_RUNS=${RUNS}${process.env.MODEL_PATH ? ` MODEL_PATH=${process.env.MODEL_PATH}` : ''}`,
      );
      watchdog = startWatchdog(10_000);
      const reached = new Map<string, number>();
      try {
        await fc.assert(
          fc.asyncProperty(fc.commands(commands, { maxCommands: 30, size: '+1' }), async (cmds) => {
            const r = await setup();
            try {
              await fc.asyncModelRun(
                () => ({ model: { profiles: new Map([['default', 0]]), current: 'default', demo: false }, real: r }),
                cmds,
              );
            } finally {
              for (const what of r.reached) reached.set(what, (reached.get(what) ?? 0) + 1);
              await teardown(r);
            }
          }),
          { numRuns: RUNS, seed, path: process.env.MODEL_PATH, endOnFailure: true },
        );
      } finally {
        await watchdog.stop();
        watchdog = null;
      }
      const line = ['month-threshold', 'minute-used-up', 'month-turned', 'partial-report']
        .map((what) => `${what} in ${reached.get(what) ?? 0}`)
        .join(', ');
      console.log(`model test: MODEL_SEED=${seed}: of ${RUNS} sequences, ${line}`);
      // The model reaches what the invariants guard: a change that stops it from crossing thresholds or using up
      // a minute window would leave those invariants with nothing to check.
      if (RUNS >= 50) {
        expect(reached.get('month-threshold') ?? 0).toBeGreaterThanOrEqual(RUNS / 20);
        expect(reached.get('minute-used-up') ?? 0).toBeGreaterThanOrEqual(RUNS / 20);
      }
    }, 600_000);
});
