/**
 * Persistence cost per lookup with 100 and with 10 000 cached results, through the real path: a QuotaService
 * with `dbQuotaStore` on a real temp `state.db` (WAL, the app's schema), fed by real lookups against the local
 * simulator, and the flush it does (the engine row, the history sample, the new cache row, the eviction of the
 * least recently used one). The flush is forced after every lookup, so each figure is one lookup's write with
 * no batching — the worst case; bursts share one write. Sizes alternate over rounds so drift on a shared
 * machine affects both alike. CPU time (this process, user + system) is the figure the goal is judged on: on a
 * loaded machine wall time mostly measures waiting for a core; wall time is reported beside it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { systemClock } from '../electron/core/lib/ports';
import { dbQuotaStore } from '../electron/core/service/store/db-quota-store';
import { QuotaService } from '../electron/core/service/quota-service';
import { StateDb } from '../electron/core/storage/state-db';
import { pick } from './quick';
import { BENCH_KEY, benchServiceConfig, benchSimulator } from './setup';
import { distinctIps, figure, summarize, type Figure } from './stats';

export const PERSIST_RATIO_GOAL = 1.5;
const SIZES = [100, 10_000] as const;
const PROFILE = 'bench';

export interface PersistResults {
  /** Per lookup, by cache size: CPU and wall ms of the flush, one figure per round (the mean of its flushes). */
  cpu: Record<string, Figure>;
  wall: Record<string, Figure>;
  /** Median CPU at 10 000 / median CPU at 100 (the goal); p10–p90 over the rounds' own ratios. */
  ratio: Figure;
  wallRatio: number;
  rounds: number;
  lookupsPerRound: number;
  rowsAtEnd: Record<string, number>;
}

/** A realistic answer for pre-filling the cache (the simulator's shape). */
export const answer = (ip: string) => ({
  data: {
    ip,
    hostname: `host-${ip.replace(/[.:]/g, '-')}.example.net`,
    type: 'v4',
    location: {
      city: { name: 'Reykjavík', geonameId: 3413829 },
      region: { name: 'Capital Region', code: 'IS-1' },
      country: { name: 'Iceland', code: 'IS', flag: '🇮🇸', capital: 'Reykjavík', population: 372_520 },
      continent: { name: 'Europe', code: 'EU' },
      latitude: 64.1355,
      longitude: -21.8954,
      timeZone: { id: 'Atlantic/Reykjavik', currentTime: '2026-11-22T12:00:00+00:00', gmtOffset: 0 },
    },
    asn: { number: 64_500, name: 'EXAMPLE-NET', domain: 'example.net', route: '192.0.2.0/24', type: 'isp' },
    security: { isProxy: false, isTor: false, isVpn: false, isThreat: false, threatScore: 0 },
    currency: { code: 'ISK', name: 'Icelandic Króna', symbol: 'kr' },
  },
});

export const ipOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

interface Bed {
  dir: string;
  db: StateDb;
  service: QuotaService;
  ips: string[];
  next: number;
}

function setUp(size: number, baseUrl: string, lookups: number): Bed {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `lookup-tray-bench-persist-${size}-`));
  const db = StateDb.open({ dir });
  const now = Date.now();
  for (let start = 0; start < size; start += 500) {
    const batch = [];
    for (let n = start; n < Math.min(size, start + 500); n++)
      batch.push({ profile: PROFILE, ip: ipOf(n), language: '', body: answer(ipOf(n)), fetchedAt: now, note: null });
    db.cachePut(batch);
  }
  const service = new QuotaService({
    clock: systemClock,
    fetch: globalThis.fetch,
    profile: PROFILE,
    getKey: async () => BENCH_KEY,
    config: benchServiceConfig(baseUrl, {
      autoCheck: { enabled: false, intervalMs: 300_000, allowSpending: false },
      cache: { ttlMs: 24 * 3_600_000, maxEntries: size },
    }),
    store: dbQuotaStore(db, PROFILE, ''),
  });
  return { dir, db, service, ips: distinctIps(lookups, 31 + (size % 7)), next: 0 };
}

/** `n` lookups, each followed by the flush; returns CPU and wall ms per flush. */
async function round(bed: Bed, n: number): Promise<{ cpu: number; wall: number }> {
  let cpuUs = 0;
  let wall = 0;
  for (let i = 0; i < n; i++) {
    const ip = bed.ips[bed.next++ % bed.ips.length] as string;
    const o = await bed.service.lookup(ip, { refresh: true });
    if (o.kind !== 'ok') throw new Error(`bench: persistence lookup gave ${o.kind}`);
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    bed.service.flush();
    wall += performance.now() - t0;
    const c = process.cpuUsage(c0);
    cpuUs += c.user + c.system;
  }
  return { cpu: cpuUs / 1000 / n, wall: wall / n };
}

export async function benchPersistence(
  opts: { rounds?: number; lookups?: number; log?: (m: string) => void } = {},
): Promise<PersistResults> {
  const rounds = opts.rounds ?? pick(9, 2);
  const n = opts.lookups ?? pick(100, 4);
  const log = opts.log ?? (() => {});
  const sim = await benchSimulator();
  const beds = new Map<number, Bed>();
  try {
    log(`  persistence: QuotaService + dbQuotaStore on a temp state.db, ${SIZES.join(' and ')} cached results…`);
    for (const s of SIZES) beds.set(s, setUp(s, sim.url, rounds * n + n));
    for (const s of SIZES) await round(beds.get(s) as Bed, n / 2); // warm-up: JIT, statements, WAL
    const cpu = new Map<number, number[]>(SIZES.map((s) => [s, []]));
    const wall = new Map<number, number[]>(SIZES.map((s) => [s, []]));
    for (let r = 0; r < rounds; r++)
      for (const s of r % 2 ? [...SIZES].reverse() : SIZES) {
        const x = await round(beds.get(s) as Bed, n);
        cpu.get(s)?.push(x.cpu);
        wall.get(s)?.push(x.wall);
      }
    const [small, big] = SIZES;
    const cs = cpu.get(small) as number[];
    const cb = cpu.get(big) as number[];
    const ratio = summarize(cb).median / summarize(cs).median;
    const wallRatio = summarize(wall.get(big) as number[]).median / summarize(wall.get(small) as number[]).median;
    const perRound = cb.map((v, i) => v / (cs[i] as number));
    const rowsAtEnd: Record<string, number> = {};
    for (const s of SIZES) rowsAtEnd[String(s)] = (beds.get(s) as Bed).db.cacheCount();
    const note = 'flush after one lookup: engine row + history sample + cache row + LRU eviction, real state.db';
    return {
      cpu: Object.fromEntries(SIZES.map((s) => [String(s), figure(cpu.get(s) as number[], 'ms', { note })])),
      wall: Object.fromEntries(SIZES.map((s) => [String(s), figure(wall.get(s) as number[], 'ms', { note })])),
      ratio: {
        ...figure(perRound, 'x', {
          goal: `<= ${PERSIST_RATIO_GOAL}x`,
          met: ratio <= PERSIST_RATIO_GOAL,
          note: `CPU per lookup at 10 000 / at 100 (medians over ${rounds} rounds of ${n}); p10/p90 over the rounds' own ratios; wall ratio ${wallRatio.toFixed(3)}`,
        }),
        median: Number(ratio.toFixed(4)),
      },
      wallRatio: Number(wallRatio.toFixed(4)),
      rounds,
      lookupsPerRound: n,
      rowsAtEnd,
    };
  } finally {
    for (const b of beds.values()) {
      b.service.dispose();
      b.db.close();
      fs.rmSync(b.dir, { recursive: true, force: true });
    }
    await sim.close();
  }
}
