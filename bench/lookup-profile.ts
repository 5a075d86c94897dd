/**
 * Where a lookup's time goes beyond the HTTP request itself (run only when a ratio misses its goal).
 *
 * - `ladder`: alternating batches of four ways to do the same request, each adding one layer:
 *   bare fetch → fetch with the API client's options (AbortSignal, redirect: 'manual') → the API client
 *   (timeout timer, URL building, Headers kept) → QuotaService.lookup (parse IP, engine, cache, state, events).
 *   The differences between rungs are what each layer costs.
 * - `profileCoreSteps`: times methods of the real classes inside the app core (wrapped on their prototypes
 *   for this pass only; product code is not changed), including the state.db writes.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseIp } from '../shared/ip';
import { createApiClient } from '../electron/core/lookup-api/client';
import { EventHub } from '../electron/core/app/event-hub';
import { KeyVault } from '../electron/core/secrets/key-vault';
import { LookupCache } from '../electron/core/service/lookup/lookup-cache';
import { systemClock } from '../electron/core/lib/ports';
import { PersistDebounce } from '../electron/core/service/store/persist-debounce';
import { RequestGroup } from '../electron/core/service/lookup/request-group';
import { ServiceStore } from '../electron/core/service/store/service-store';
import { QuotaEngine } from '../electron/core/quota/engine';
import { QuotaService } from '../electron/core/service/quota-service';
import { StateEmitter } from '../electron/core/service/store/state-emitter';
import { pick } from './quick';
import { BENCH_KEY, type BenchCore } from './setup';
import { distinctIps, summarize } from './stats';

export interface Ladder {
  lookups: number;
  /** Median ms per request of each rung. */
  medianMs: Record<string, number>;
  /** Median of rung minus median of the rung below, ms. */
  layerCostMs: Record<string, number>;
  /** Inside QuotaService.lookup (a separate pass with timers wrapped around its steps): mean ms per lookup. */
  serviceStepsMs: Record<string, number>;
  note: string;
}

const SERVICE_STEPS: Array<[object, string, string]> = [
  [RequestGroup.prototype, 'send', 'send (API client request)'],
  [ServiceStore.prototype, 'changedElsewhere', 'sync: changes by other processes (store)'],
  [QuotaEngine.prototype, 'observe', 'engine.observe'],
  [LookupCache.prototype, 'set', 'cache.set'],
  [QuotaService.prototype, 'afterChange', 'afterChange (state(), change check, listeners, timers)'],
  [StateEmitter.prototype, 'changed', '  of which: change check (state signature)'],
  [PersistDebounce.prototype, 'flush', 'persist flush (debounced 1 s)'],
];

const RUNGS = ['bare fetch', 'fetch + client options', 'API client', 'QuotaService'] as const;
type Rung = (typeof RUNGS)[number];

export async function ladder(o: {
  baseUrl: string;
  service: QuotaService;
  lookups: number;
  batch: number;
}): Promise<Ladder> {
  const client = createApiClient({ fetch: globalThis.fetch, clock: systemClock });
  const url = (ip: string) => `${o.baseUrl}/v2/info?ip=${encodeURIComponent(ip)}`;
  const headers = { apikey: BENCH_KEY, accept: 'application/json' };
  const run: Record<Rung, (ip: string) => Promise<unknown>> = {
    'bare fetch': async (ip) => JSON.parse(await (await fetch(url(ip), { headers })).text()),
    'fetch + client options': async (ip) => {
      const c = new AbortController();
      const res = await fetch(url(ip), { method: 'GET', headers, redirect: 'manual', signal: c.signal });
      return JSON.parse(await res.text());
    },
    'API client': (ip) => client.request({ baseUrl: o.baseUrl, key: BENCH_KEY, path: '/v2/info', query: { ip } }),
    QuotaService: (ip) => o.service.lookup(ip, { refresh: true }),
  };
  const samples = Object.fromEntries(RUNGS.map((r) => [r, [] as number[]])) as Record<Rung, number[]>;
  const ips = distinctIps(o.lookups, 14);
  for (let r = 0; r * o.batch < ips.length; r++) {
    const slice = ips.slice(r * o.batch, (r + 1) * o.batch);
    for (let i = 0; i < RUNGS.length; i++) {
      const rung = RUNGS[(i + r) % RUNGS.length] as Rung;
      for (const ip of slice) {
        const t0 = performance.now();
        await run[rung](ip);
        samples[rung].push(performance.now() - t0);
      }
    }
  }
  const medianMs = Object.fromEntries(RUNGS.map((r) => [r, summarize(samples[r]).median])) as Record<Rung, number>;
  const layerCostMs: Record<string, number> = {};
  for (let i = 1; i < RUNGS.length; i++)
    layerCostMs[`${RUNGS[i - 1]} → ${RUNGS[i]}`] = medianMs[RUNGS[i] as Rung] - medianMs[RUNGS[i - 1] as Rung];
  // Steps inside the service, timed in their own pass (the timers would distort the ladder).
  const w = wrapAll(SERVICE_STEPS);
  const total: number[] = [];
  const stepIps = distinctIps(pick(300, 5), 17);
  try {
    for (const ip of stepIps) {
      const t0 = performance.now();
      await o.service.lookup(ip, { refresh: true });
      total.push(performance.now() - t0);
    }
  } finally {
    w.restore();
  }
  const serviceStepsMs: Record<string, number> = {
    'whole lookup (mean)': total.reduce((a, b) => a + b, 0) / total.length,
  };
  for (const [name, t] of w.totals) serviceStepsMs[name] = t.ms / stepIps.length;
  const reps = pick(20_000, 1_000);
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) parseIp(stepIps[i % stepIps.length] as string);
  serviceStepsMs['parseIp (ipaddr.js), measured alone'] = (performance.now() - t0) / reps;
  return {
    lookups: o.lookups,
    medianMs,
    layerCostMs,
    serviceStepsMs,
    note: "client options = AbortSignal + redirect:'manual'; API client adds a timeout timer per request, URL building and keeps the Headers; QuotaService adds parseIp, the key read, the check for other processes' changes, header parsing, engine.observe, cache.set, state() + change check, the change event and re-arming its timers",
  };
}

export interface CoreSteps {
  lookups: number;
  medianMs: number;
  steps: Record<string, { msPerLookup: number; callsPerLookup: number }>;
  stateFileBytes?: number;
  note: string;
}

type AnyFn = (...args: unknown[]) => unknown;

function wrapAll(targets: Array<[object, string, string]>) {
  const totals = new Map<string, { ms: number; calls: number }>();
  const originals: Array<[Record<string, AnyFn>, string, AnyFn]> = [];
  for (const [proto, name, label] of targets) {
    const obj = proto as Record<string, AnyFn>;
    const orig = obj[name];
    if (typeof orig !== 'function') continue; // renamed in product code: that step is simply not reported
    originals.push([obj, name, orig]);
    totals.set(label, { ms: 0, calls: 0 });
    obj[name] = function (this: unknown, ...args: unknown[]) {
      const t0 = performance.now();
      const done = () => {
        const t = totals.get(label) as { ms: number; calls: number };
        t.ms += performance.now() - t0;
        t.calls++;
      };
      const out = orig.apply(this, args);
      if (out instanceof Promise) return out.finally(done);
      done();
      return out;
    };
  }
  return { totals, restore: () => originals.forEach(([obj, name, orig]) => (obj[name] = orig)) };
}

const CORE_STEPS: Array<[object, string, string]> = [
  [KeyVault.prototype, 'get', 'key reads (vault.get: the handler check and the service)'],
  [RequestGroup.prototype, 'send', 'service send (HTTP request)'],
  [ServiceStore.prototype, 'changedElsewhere', 'service sync: changes by other processes (state.db)'],
  [QuotaEngine.prototype, 'observe', 'engine.observe'],
  [LookupCache.prototype, 'set', 'cache.set'],
  [QuotaService.prototype, 'afterChange', 'service.afterChange (state, listeners incl. the core’s)'],
  [EventHub.prototype, 'emit', 'core hub.emit'],
  [PersistDebounce.prototype, 'flush', 'service persist flush (debounced 1 s; via the core’s store)'],
];

export async function profileCoreSteps(o: { bc: BenchCore; lookups: number }): Promise<CoreSteps> {
  const w = wrapAll(CORE_STEPS);
  const times: number[] = [];
  try {
    for (const ip of distinctIps(o.lookups, 15)) {
      const t0 = performance.now();
      await o.bc.core.handlers.lookup({ ip, refresh: true });
      times.push(performance.now() - t0);
    }
  } finally {
    w.restore();
  }
  const out: CoreSteps = {
    lookups: o.lookups,
    medianMs: summarize(times).median,
    steps: {},
    note: 'inclusive times; afterChange contains the core listener (alerts, hub.emit)',
  };
  for (const [name, t] of w.totals)
    out.steps[name] = { msPerLookup: t.ms / o.lookups, callsPerLookup: t.calls / o.lookups };
  for (const f of ['state.db', 'state.db-wal'])
    try {
      out.stateFileBytes = (out.stateFileBytes ?? 0) + statSync(join(o.bc.dataDir, f)).size;
    } catch {
      /* not there (yet) */
    }
  return out;
}
