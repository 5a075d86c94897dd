/**
 * Child process of the idle benchmark: CPU time of an idle app core, measured in a fresh process so nothing
 * left over from the other benchmarks (heap to collect, sockets, a browser) is counted. Prints one line:
 * `BENCH_RESULT {json}`. Run by idle-bench.ts with the parent's loader flags (tsx).
 */
import { PerformanceObserver } from 'node:perf_hooks';
import { systemClock, type Clock } from '../electron/core/lib/ports';
import { pick } from './quick';
import { benchAppCore, benchSimulator } from './setup';
import { sleep } from './stats';

export interface IdleCpuChildResult {
  windowMs: number;
  baselineMs: number[];
  coreMs: number[];
  /** Time V8 spent in garbage collection in each core window (explains the odd spike: not the core's work). */
  coreGcMs: number[];
  coreTimersFired: number;
}

let gcMs = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcMs += e.duration;
}).observe({ entryTypes: ['gc'] });

async function cpuWindows(totalMs: number, windowMs: number, gcOut?: number[]): Promise<number[]> {
  const out: number[] = [];
  for (let done = 0; done < totalMs; done += windowMs) {
    const c0 = process.cpuUsage();
    const g0 = gcMs;
    await sleep(Math.min(windowMs, totalMs - done));
    const c = process.cpuUsage(c0);
    out.push((c.user + c.system) / 1000);
    gcOut?.push(gcMs - g0);
  }
  return out;
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? '30');
  const windowMs = Math.min(2_500, seconds * 1000);
  let fired = 0;
  const counting: Clock = {
    now: systemClock.now,
    setTimeout: (fn, ms) =>
      systemClock.setTimeout(() => {
        fired++;
        fn();
      }, ms),
    clearTimeout: systemClock.clearTimeout,
  };
  const sim = await benchSimulator();
  try {
    // Quick mode (BENCH_QUICK=1, inherited from the parent) waits a fraction of a second wherever this waits seconds.
    await sleep(pick(3_000, 50)); // start-up work (module compilation, first GCs) settles
    const bc = await benchAppCore(counting, sim.url);
    let coreMs: number[];
    let coreTimersFired: number;
    const coreGcMs: number[] = [];
    try {
      const o = await bc.core.handlers.lookup({ ip: '8.8.8.8' });
      if (o.kind !== 'ok') throw new Error(`bench: idle lookup gave ${o.kind}`);
      bc.core.setWindowVisible(false);
      // The debounced save, and Node's own housekeeping in its first ~10 s (memory-reducer GC, background JIT:
      // measured the same without any core), are not the idle core's doing.
      await sleep(pick(8_000, 100));
      fired = 0;
      coreMs = await cpuWindows(seconds * 1000, windowMs, coreGcMs);
      coreTimersFired = fired;
    } finally {
      await bc.close();
    }
    // The same process with the core gone: what Node, the loaded modules and the simulator cost by themselves.
    await sleep(pick(2_000, 50));
    const baselineMs = await cpuWindows(Math.min(10_000, seconds * 1000), windowMs);
    const result: IdleCpuChildResult = { windowMs, baselineMs, coreMs, coreGcMs, coreTimersFired };
    process.stdout.write(`BENCH_RESULT ${JSON.stringify(result)}\n`);
  } finally {
    await sim.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
