/**
 * 4. Idle cost of the main-process core (window hidden, no countdown pending):
 *    - timers fired over 10 simulated minutes on a ManualClock, auto-check off and on (every 5 min);
 *    - CPU time (process.cpuUsage) of an idle core over BENCH_IDLE_SECONDS real seconds (default 30).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ManualClock } from '../test/helpers/manual-clock';
import type { IdleCpuChildResult } from './idle-cpu-child';
import { QUICK } from './quick';
import { benchAppCore, benchSimulator } from './setup';
import { figure, settle, sleep, type Figure } from './stats';

const TEN_MINUTES = 10 * 60_000;
const STEP_MS = 5_000;

export interface IdleTimers {
  autoCheck: 'off' | 'on (every 5 min)';
  simulatedMinutes: number;
  timersFired: number;
  /** Which code armed the timers that fired (first frames of the stack when they were set). */
  firedBy: Record<string, number>;
  requestsSent: number;
  pendingTimersAfter: number;
  expectedChecks: number;
  goal: string;
  met: boolean;
}

export interface IdleResults {
  timersOff: IdleTimers;
  timersOn: IdleTimers;
  cpu: {
    seconds: number;
    core: Figure;
    baseline: Figure;
    coreTimersFired: number;
    note: string;
  };
}

/** Lets the simulator answer any request a fired timer started (real I/O) before the clock moves on. */
async function drain(sim: { log: unknown[] }): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const before = sim.log.length;
    await settle(4);
    await sleep(2);
    await settle(4);
    if (sim.log.length === before) return;
  }
}

async function timersOver10Minutes(autoCheck: boolean): Promise<IdleTimers> {
  const clock = new ManualClock();
  const firedBy: Record<string, number> = {};
  let counting = false;
  const set = clock.setTimeout.bind(clock);
  clock.setTimeout = (fn, ms) => {
    const origin = timerOrigin(new Error().stack ?? '');
    return set(() => {
      if (counting) firedBy[origin] = (firedBy[origin] ?? 0) + 1;
      fn();
    }, ms);
  };
  const sim = await benchSimulator(clock);
  const bc = await benchAppCore(clock, sim.url);
  try {
    await drain(sim); // the status probe after saving the key
    const saved = await bc.core.handlers.updateSettings({ autoCheck: { enabled: autoCheck, intervalMinutes: 5 } });
    if (saved.kind !== 'saved') throw new Error('bench: could not change the auto-check setting');
    const o = await bc.core.handlers.lookup({ ip: '8.8.8.8' }); // some quota figures to hold; no minute limit, so no countdown
    if (o.kind !== 'ok') throw new Error(`bench: idle lookup gave ${o.kind}`);
    bc.core.setWindowVisible(false);
    // Let the debounced saves after the lookup run: they belong to the lookup, not to idling.
    clock.advance(2_000);
    await drain(sim);
    const fired0 = clock.fired;
    counting = true;
    const sent0 = sim.log.length;
    for (let t = 0; t < TEN_MINUTES; t += STEP_MS) {
      clock.advance(STEP_MS);
      await drain(sim);
    }
    const timersFired = clock.fired - fired0;
    const requestsSent = sim.log.length - sent0;
    const expectedChecks = autoCheck ? Math.floor(TEN_MINUTES / (5 * 60_000)) : 0;
    return {
      autoCheck: autoCheck ? 'on (every 5 min)' : 'off',
      simulatedMinutes: TEN_MINUTES / 60_000,
      timersFired,
      firedBy,
      requestsSent,
      pendingTimersAfter: clock.pendingTimers(),
      expectedChecks,
      goal: autoCheck ? `only the auto-checks: ${expectedChecks} free status checks` : '0 timers fired',
      met: autoCheck ? requestsSent === expectedChecks : timersFired === 0 && requestsSent === 0,
    };
  } finally {
    await bc.close();
    await sim.close();
  }
}

/** "QuotaService.schedulePersist" from the stack of the code that armed a timer. */
function timerOrigin(stack: string): string {
  const names = stack
    .split('\n')
    .slice(1)
    .map((l) => /at (?:async )?([\w$.<>]+) \(/.exec(l.trim())?.[1])
    .filter((n): n is string => !!n && !/setTimeout|setTimer|^DeadlineTimer\./.test(n));
  return names[0] ?? 'unknown';
}

/** Runs idle-cpu-child.ts in a fresh node process with this process's loader flags (tsx). */
function runChild(seconds: number): Promise<IdleCpuChildResult> {
  const child = fileURLToPath(new URL('./idle-cpu-child.ts', import.meta.url));
  return new Promise((resolveRun, rejectRun) => {
    execFile(
      process.execPath,
      [...process.execArgv, child, String(seconds)],
      { timeout: (seconds + 60) * 1000 },
      (err, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith('BENCH_RESULT '));
        if (err || !line) {
          rejectRun(new Error(`idle CPU child failed: ${err?.message ?? 'no result'} ${stderr.slice(0, 500)}`));
          return;
        }
        resolveRun(JSON.parse(line.slice('BENCH_RESULT '.length)) as IdleCpuChildResult);
      },
    );
  });
}

export async function benchIdle(opts: { seconds: number; log?: (m: string) => void }): Promise<IdleResults> {
  const log = opts.log ?? (() => {});
  const timersOff = await timersOver10Minutes(false);
  const timersOn = await timersOver10Minutes(true);

  log(
    `  idle CPU: fresh process, ${opts.seconds} s with an idle core, then ${Math.min(10, opts.seconds)} s after disposing it${QUICK ? ' (quick mode: short settling waits)' : ''}…`,
  );
  const r = await runChild(opts.seconds);
  const perMinute = (values: number[]) => values.map((v) => (v / r.windowMs) * 60_000);
  const total = r.coreMs.reduce((a, b) => a + b, 0);
  const windows = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  return {
    timersOff,
    timersOn,
    cpu: {
      seconds: opts.seconds,
      core: figure(perMinute(r.coreMs), 'cpu ms/min', {
        note: `fresh process with an idle app core (window hidden, default auto-check every 5 min); ${total.toFixed(1)} ms CPU over ${opts.seconds} s; per ${r.windowMs / 1000} s window: ${windows(r.coreMs)} ms, of which V8 GC: ${windows(r.coreGcMs)} ms`,
      }),
      baseline: figure(perMinute(r.baselineMs), 'cpu ms/min', {
        note: `same process after the core was disposed (simulator and modules still loaded); per window: ${windows(r.baselineMs)} ms`,
      }),
      coreTimersFired: r.coreTimersFired,
      note: `CPU per minute of wall time; core timers fired during the idle window: ${r.coreTimersFired}`,
    },
  };
}
