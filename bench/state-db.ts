/**
 * `npx tsx bench/state-db.ts`: what state.db itself costs per lookup with 100 and with 10 000 cached results
 * (StateDb alone; `npm run bench`'s persist section measures the same through QuotaService and dbQuotaStore).
 * A script that prints numbers, not a test. Goal (issue): cost at 10 000 / cost at 100 <= 1.5.
 *
 * One lookup's persistence = the answer put into a full cache (evicting the least recently used row) +
 * the engine's JSON written + one quota sample appended to history: three short transactions on a real
 * file in WAL mode, exactly what the service will do per response. Sizes alternate over several rounds so
 * drift on a shared machine affects both alike; each figure is the median of the rounds. Both this process's
 * CPU time and wall time are shown: on a loaded machine wall time mostly measures waiting for a core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { StateDb } from '../electron/core/storage/state-db';
import { answer, ipOf } from './persist-bench';
import { summarize } from './stats';

const SIZES = [100, 10_000] as const;
const ROUNDS = 7;
const OPS = 400;
const GOAL = 1.5;

const engineJson = (i: number) => ({
  version: 1,
  month: {
    limit: 100_000,
    remaining: 100_000 - i,
    observedAt: 1_700_000_000_000 + i,
    resetAt: 1_702_000_000_000,
    level: 'ok',
    estimated: false,
  },
  minute: {
    limit: 600,
    remaining: 600 - (i % 600),
    observedAt: 1_700_000_000_000 + i,
    resetAt: 1_700_000_060_000,
    level: 'ok',
    estimated: false,
  },
  minutePlan: 'limited',
  cooldown: null,
  lastError: null,
  skewMs: -42,
  skewKnown: true,
  history: [],
});

interface Bed {
  db: StateDb;
  dir: string;
  next: number;
}

function setUp(size: number): Bed {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-state-db-${size}-`));
  const db = StateDb.open({ dir });
  for (let start = 0; start < size; start += 500) {
    const batch = [];
    for (let n = start; n < Math.min(size, start + 500); n++)
      batch.push({ profile: 'default', ip: ipOf(n), language: 'en', body: answer(ipOf(n)), fetchedAt: n, note: null });
    db.cachePut(batch);
  }
  return { db, dir, next: size };
}

interface Cost {
  /** Wall-clock milliseconds per operation. */
  wall: number;
  /** This process's CPU (user + system) milliseconds per operation: what stays honest on a busy machine. */
  cpu: number;
}

function timed(fn: () => void): Cost {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  for (let k = 0; k < OPS; k++) fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { wall: wall / OPS, cpu: (c.user + c.system) / 1000 / OPS };
}

/** One lookup's persistence into a full cache of `size` rows. */
function persistOnce(bed: Bed, size: number): void {
  const n = bed.next++;
  const ip = ipOf(n);
  bed.db.cachePut([{ profile: 'default', ip, language: 'en', body: answer(ip), fetchedAt: n, note: null }], {
    maxEntries: size,
  });
  bed.db.writeEngine('default', engineJson(n));
  bed.db.appendHistory('default', [{ at: n, remaining: 100_000 - (n % 100_000), limit: 100_000 }]);
}

/** One cache hit (read + mark as most recently used) among the newest rows. */
function hitOnce(bed: Bed, k: number): void {
  bed.db.cacheGet('default', ipOf(bed.next - 1 - ((k * 7919) % 90)), 'en');
}

const beds = new Map(SIZES.map((s) => [s, setUp(s)]));
const persist = new Map<number, Cost[]>(SIZES.map((s) => [s, []]));
const hits = new Map<number, Cost[]>(SIZES.map((s) => [s, []]));
for (const s of SIZES) timed(() => persistOnce(beds.get(s) as Bed, s)); // warm-up
for (let r = 0; r < ROUNDS; r++)
  for (const s of r % 2 ? [...SIZES].reverse() : SIZES) {
    const bed = beds.get(s) as Bed;
    persist.get(s)?.push(timed(() => persistOnce(bed, s)));
    let k = 0;
    hits.get(s)?.push(timed(() => hitOnce(bed, k++)));
  }

const us = (v: number) => `${(v * 1000).toFixed(0)} µs`;
const median = (cs: Cost[], key: keyof Cost) => summarize(cs.map((c) => c[key])).median;
console.log(`state.db per-lookup persistence (cache put + engine write + history append), ${ROUNDS}×${OPS} lookups`);
console.log(
  `  load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores; files in ${os.tmpdir()}`,
);
for (const s of SIZES) {
  const p = persist.get(s) as Cost[];
  const h = hits.get(s) as Cost[];
  const bed = beds.get(s) as Bed;
  const count = bed.db.cacheCount();
  bed.db.close();
  const t0 = performance.now();
  const reopened = StateDb.open({ dir: bed.dir }); // includes PRAGMA quick_check
  const openMs = performance.now() - t0;
  reopened.close();
  const bytes = fs.statSync(path.join(bed.dir, 'state.db')).size;
  console.log(
    `  ${String(s).padStart(6)} cached (${count} rows): persist ${us(median(p, 'cpu'))} CPU / ${us(median(p, 'wall'))} wall; ` +
      `cache hit ${us(median(h, 'cpu'))} CPU / ${us(median(h, 'wall'))} wall; open ${openMs.toFixed(1)} ms; file ${(bytes / 1024 / 1024).toFixed(1)} MB`,
  );
  fs.rmSync(bed.dir, { recursive: true, force: true });
}
for (const key of ['cpu', 'wall'] as const) {
  const ratio = median(persist.get(10_000) as Cost[], key) / median(persist.get(100) as Cost[], key);
  console.log(
    `  ratio 10 000 / 100 (${key}): ${ratio.toFixed(2)} (goal <= ${GOAL}: ${ratio <= GOAL ? 'met' : 'NOT met'})`,
  );
}
