/**
 * 1. Lookup overhead: the same 1 000 sequential requests through QuotaService, through the app core's
 *    `lookup` handler, and with bare `fetch`, against one local simulator, in alternating batches.
 * 2. Cache hit: a cached lookup through QuotaService and through the app core, and proof nothing was sent.
 */
import { performance } from 'node:perf_hooks';
import { systemClock } from '../electron/core/lib/ports';
import type { QuotaService } from '../electron/core/service/quota-service';
import { ladder, profileCoreSteps, type CoreSteps, type Ladder } from './lookup-profile';
import { BENCH_KEY, benchAppCore, benchService, benchSimulator, type BenchCore } from './setup';
import { distinctIps, figure, summarize, type Figure } from './stats';

export const OVERHEAD_GOAL = 1.1;
export const CACHE_HIT_GOAL_MS = 0.1;

type Mode = 'fetch' | 'service' | 'core';

export interface LookupResults {
  perRequest: Record<Mode | 'fetchB', Figure>;
  overheadRatio: Figure;
  coreOverheadRatio: Figure;
  requests: number;
  /** Requests done through the app core (fewer than `requests` when its phase hit the time budget). */
  coreRequests: number;
  batches: number;
  breakdown?: { service?: Ladder; core?: CoreSteps };
}

export interface CacheResults {
  service: Figure;
  core: Figure;
  requestsSentDuringHits: number;
  simulatorLogBefore: number;
  simulatorLogAfter: number;
}

async function bareFetch(base: string, ip: string): Promise<void> {
  const res = await fetch(`${base}/v2/info?ip=${encodeURIComponent(ip)}`, {
    headers: { apikey: BENCH_KEY, accept: 'application/json' },
  });
  const text = await res.text();
  JSON.parse(text);
  if (res.status !== 200) throw new Error(`bench: bare fetch got ${res.status}`);
}

function runner(mode: Mode, base: string, service: QuotaService, bc: BenchCore): (ip: string) => Promise<void> {
  if (mode === 'fetch') return (ip) => bareFetch(base, ip);
  if (mode === 'service')
    return async (ip) => {
      const o = await service.lookup(ip, { refresh: true });
      if (o.kind !== 'ok' || o.source !== 'network') throw new Error(`bench: service lookup gave ${o.kind}`);
    };
  return async (ip) => {
    const o = await bc.core.handlers.lookup({ ip, refresh: true });
    if (o.kind !== 'ok' || o.source !== 'network') throw new Error(`bench: core lookup gave ${o.kind}`);
  };
}

export async function benchLookups(
  opts: { requests?: number; batch?: number; maxPhaseMs?: number; log?: (m: string) => void } = {},
): Promise<{
  lookup: LookupResults;
  cache: CacheResults;
}> {
  const n = opts.requests ?? 1000;
  const batch = opts.batch ?? 50;
  const maxPhaseMs = opts.maxPhaseMs ?? 25_000;
  const log = opts.log ?? (() => {});
  const sim = await benchSimulator();
  const service = benchService(systemClock, sim.url, {
    autoCheck: { enabled: false, intervalMs: 300_000, allowSpending: false },
  });
  const bc = await benchAppCore(systemClock, sim.url);
  try {
    await bc.core.handlers.updateSettings({ autoCheck: { enabled: false } });
    const all: Mode[] = ['fetch', 'service', 'core'];
    const run = Object.fromEntries(all.map((m) => [m, runner(m, sim.url, service, bc)])) as Record<
      Mode,
      (ip: string) => Promise<void>
    >;

    // Warm-up: JIT, connection pool, first state writes.
    for (const ip of distinctIps(150, 12)) for (const m of ['fetch', 'service'] as const) await run[m](ip);
    for (const ip of distinctIps(50, 16)) await run.core(ip);

    // Two phases, each alternating batches of one path with bare fetch on the same IPs, so each pair sees the
    // same conditions (and the app core's heavier work does not leave garbage for the QuotaService batches).
    const ips = distinctIps(n, 11);
    const phase = async (other: 'service' | 'core') => {
      const samples: Record<'fetch' | 'other', number[]> = { fetch: [], other: [] };
      const ratios: number[] = [];
      const planned = Math.ceil(n / batch);
      const started = performance.now();
      let rounds = 0;
      // Stops early (whole batches, at least 4) if a path is so slow that the run would blow its time budget.
      for (let r = 0; r < planned && (r < 4 || performance.now() - started < maxPhaseMs); r++, rounds++) {
        const slice = ips.slice(r * batch, (r + 1) * batch);
        const order = r % 2 === 0 ? (['fetch', 'other'] as const) : (['other', 'fetch'] as const);
        const medians = { fetch: 0, other: 0 };
        for (const m of order) {
          const fn = run[m === 'fetch' ? 'fetch' : other];
          const times: number[] = [];
          for (const ip of slice) {
            const t0 = performance.now();
            await fn(ip);
            times.push(performance.now() - t0);
          }
          samples[m].push(...times);
          medians[m] = summarize(times).median;
        }
        ratios.push(medians.other / medians.fetch);
      }
      const ratio = summarize(samples.other).median / summarize(samples.fetch).median;
      return { samples, ratios, ratio, rounds };
    };
    log(`  lookups: ${n} through QuotaService vs ${n} bare fetch, alternating batches of ${batch}…`);
    const a = await phase('service');
    const breakdown: Record<string, unknown> = {};
    if (a.ratio > OVERHEAD_GOAL) {
      log('  QuotaService overhead above goal: profiling where the time goes (fetch options → API client → service)…');
      breakdown.service = await ladder({ baseUrl: sim.url, service, lookups: 500, batch });
    }
    log(`  lookups: ${n} through the app core handler vs ${n} bare fetch, alternating batches of ${batch}…`);
    const b = await phase('core');
    if (b.ratio > OVERHEAD_GOAL) {
      log('  app core overhead above goal: timing its steps…');
      breakdown.core = await profileCoreSteps({ bc, lookups: 150 });
    }
    const ratioFigure = (overall: number, perBatch: number[], what: string): Figure => ({
      ...figure(perBatch, 'x', {
        goal: `<= ${OVERHEAD_GOAL}x`,
        met: overall <= OVERHEAD_GOAL,
        note: `${what}; median = median per request through it / median per request with bare fetch over all ${perBatch.length * batch} of each (${overall.toFixed(3)}); p10/p90/min/max over the ${perBatch.length} alternating batches of ${batch}${perBatch.length * batch < n ? ` (stopped early: the phase hit its ${maxPhaseMs / 1000} s budget)` : ''}`,
      }),
      median: Number(overall.toFixed(4)),
    });
    const fetchNote = 'bare fetch + text + JSON.parse, same URL and headers';
    const lookup: LookupResults = {
      perRequest: {
        fetch: figure(a.samples.fetch, 'ms', { note: `${fetchNote} (alternating with QuotaService)` }),
        service: figure(a.samples.other, 'ms', { note: 'QuotaService.lookup(ip, { refresh: true })' }),
        fetchB: figure(b.samples.fetch, 'ms', { note: `${fetchNote} (alternating with the app core)` }),
        core: figure(b.samples.other, 'ms', {
          note: 'app core handlers.lookup({ ip, refresh: true }) (what the IPC channel calls)',
        }),
      },
      overheadRatio: ratioFigure(a.ratio, a.ratios, 'QuotaService vs bare fetch'),
      coreOverheadRatio: ratioFigure(b.ratio, b.ratios, 'app core handler vs bare fetch'),
      requests: n,
      coreRequests: b.rounds * batch,
      batches: a.rounds,
    };
    if (Object.keys(breakdown).length) lookup.breakdown = breakdown as LookupResults['breakdown'];

    const cache = await benchCacheHits(bc);
    return { lookup, cache };
  } finally {
    service.dispose();
    await bc.close();
    await sim.close();
  }
}

async function benchCacheHits(bc: BenchCore): Promise<CacheResults> {
  // A fresh simulator, so its log (bounded to 10 000 entries) is far from its cap and any request would show.
  const sim = await benchSimulator();
  const svc = benchService(systemClock, sim.url, {
    autoCheck: { enabled: false, intervalMs: 300_000, allowSpending: false },
  });
  await bc.core.handlers.updateSettings({ baseUrl: sim.url });
  try {
    const ips = distinctIps(100, 13);
    for (const ip of ips) {
      if ((await svc.lookup(ip)).kind !== 'ok') throw new Error('bench: cache warm-up lookup failed');
      if ((await bc.core.handlers.lookup({ ip })).kind !== 'ok') throw new Error('bench: cache warm-up lookup failed');
    }
    const before = sim.log.length;
    const usageBefore = sim.usage(BENCH_KEY).month;
    const times = { service: [] as number[], core: [] as number[] };
    for (let round = 0; round < 50; round++) {
      for (const ip of ips) {
        let t0 = performance.now();
        const a = await svc.lookup(ip);
        times.service.push(performance.now() - t0);
        t0 = performance.now();
        const b = await bc.core.handlers.lookup({ ip });
        times.core.push(performance.now() - t0);
        if (a.kind !== 'ok' || a.source !== 'cache' || b.kind !== 'ok' || b.source !== 'cache')
          throw new Error('bench: expected a cache hit');
      }
    }
    const after = sim.log.length;
    const sent = after - before + (sim.usage(BENCH_KEY).month - usageBefore);
    const goal = `< ${CACHE_HIT_GOAL_MS} ms`;
    const svcFig = figure(times.service, 'ms', { goal, note: 'QuotaService.lookup(ip) answered from the cache' });
    const coreFig = figure(times.core, 'ms', {
      goal,
      note: 'app core handlers.lookup({ ip }) answered from the cache (adds the key-vault check)',
    });
    svcFig.met = svcFig.median < CACHE_HIT_GOAL_MS && sent === 0;
    coreFig.met = coreFig.median < CACHE_HIT_GOAL_MS && sent === 0;
    return {
      service: svcFig,
      core: coreFig,
      requestsSentDuringHits: sent,
      simulatorLogBefore: before,
      simulatorLogAfter: after,
    };
  } finally {
    svc.dispose();
    await sim.close();
  }
}
