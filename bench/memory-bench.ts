/**
 * 6. Memory: heap used by the core's LookupCache holding 1 000 and 10 000 results, with realistic bodies
 *    (the simulator's fake data, round-tripped through JSON like a parsed response).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { ManualClock } from '../test/helpers/manual-clock';
import { LookupCache } from '../electron/core/service/lookup/lookup-cache';
import { fakeIpData } from '../electron/demo/fake-ip-data';
import { pick } from './quick';
import { distinctIps, figure, type Figure } from './stats';

export interface MemoryResults {
  gcExposed: boolean;
  bodyBytes: number;
  baselineHeapMB: Figure;
  /** The two cache sizes measured (`cache1k`, `cache10k`): 1 000 and 10 000, or 100 and 1 000 in quick mode. */
  sizes: [number, number];
  cache1k: Figure;
  cache10k: Figure;
  perEntryKB: Figure;
}

type GcFn = () => void;

/** global.gc when node runs with --expose-gc; otherwise enabled at run time (the V8 flag, then a fresh context's gc). */
export function getGc(): GcFn | null {
  const g = (globalThis as { gc?: GcFn }).gc;
  if (typeof g === 'function') return g;
  try {
    setFlagsFromString('--expose-gc');
    const fn = runInNewContext('gc') as unknown;
    return typeof fn === 'function' ? (fn as GcFn) : null;
  } catch {
    return null;
  }
}

function fullGc(gc: GcFn | null): void {
  if (!gc) return;
  for (let i = 0; i < 3; i++) gc();
}

function heapMB(gc: GcFn | null): number {
  fullGc(gc);
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Each body is parsed from its JSON text, like a response body: fresh objects, nothing shared between entries. */
function fill(cache: LookupCache, ips: readonly string[], texts: readonly string[], now: number): void {
  ips.forEach((ip, i) => {
    const body = JSON.parse(texts[i] as string) as Record<string, unknown>;
    cache.set({ profile: 'default', ip, language: '', body, fetchedAt: now, note: null });
  });
}

/** heapUsed (after GC) while a cache holding `ips` is alive. */
function measureCache(gc: GcFn | null, ips: readonly string[], texts: readonly string[], now: number): number {
  const cache = new LookupCache({ clock: { now: () => now }, maxEntries: 20_000, ttlMs: 24 * 3600_000 });
  fill(cache, ips, texts, now);
  if (cache.size !== ips.length) throw new Error('bench: cache did not keep every entry');
  const mb = heapMB(gc);
  if (cache.size === 0) throw new Error('unreachable'); // keeps the cache alive across the GC above
  return mb;
}

export async function benchMemory(opts: { runs?: number } = {}): Promise<MemoryResults> {
  const gc = getGc();
  const runs = opts.runs ?? pick(3, 1);
  const clock = new ManualClock();
  const now = clock.now();
  const [small, large] = pick([1000, 10_000], [100, 1000]);
  const ips10k = distinctIps(large, 21);
  const ips1k = ips10k.slice(0, small);
  // The response texts exist before and after each measurement, so they cancel out of the difference.
  const texts = ips10k.map((ip) => JSON.stringify({ data: fakeIpData(ip, 4, 'unicast', now) }));
  const bodyBytes = Math.round(texts.reduce((a, t) => a + t.length, 0) / texts.length);
  const base: number[] = [];
  const d1k: number[] = [];
  const d10k: number[] = [];
  for (let r = 0; r < runs; r++) {
    for (const [ips, out] of [
      [ips1k, d1k],
      [ips10k, d10k],
    ] as const) {
      const before = heapMB(gc);
      base.push(before);
      out.push(measureCache(gc, ips, texts, now) - before); // the cache is unreachable again after this call
    }
  }
  const note = gc
    ? 'heapUsed after full GC, minus heapUsed before the cache was created'
    : 'no GC available: figures include garbage';
  return {
    gcExposed: gc !== null,
    bodyBytes,
    baselineHeapMB: figure(base, 'MB', {
      note: 'heapUsed of the whole bench process (code, simulator data, the response texts) after full GC, no cache',
    }),
    sizes: [small, large],
    cache1k: figure(d1k, 'MB', { note: `LookupCache with ${small} results; ${note}` }),
    cache10k: figure(d10k, 'MB', { note: `LookupCache with ${large} results; ${note}` }),
    perEntryKB: figure(
      d10k.map((v) => (v * 1024) / large),
      'KB',
      { note: `heap per cached result (${large} run); a body is ${bodyBytes} bytes of JSON on average` },
    ),
  };
}
