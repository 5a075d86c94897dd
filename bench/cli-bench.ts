/**
 * Cold start of the `lookup-tray` command (the built bundle in out/cli, as installed), side by side with a bare
 * `node -e 0` in the same run, interleaved so machine load hits all three alike: `lookup-tray quota` and a cached
 * `lookup-tray lookup 1.1.1.1` on a data folder with figures and a cached answer (neither needs the key or the
 * network). Goal, a guard: at most 1.5× the bare start (median wall time to exit). Where the rest goes: docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { systemClock } from '../electron/core/lib/ports';
import { dbQuotaStore } from '../electron/core/service/store/db-quota-store';
import { QuotaService } from '../electron/core/service/quota-service';
import { StateDb } from '../electron/core/storage/state-db';
import { serviceConfig } from '../electron/core/app/service-config';
import { startSimulator } from '../electron/demo/simulator';
import { DEFAULT_SETTINGS } from '../shared/settings';
import { originOf } from '../shared/base-url';
import { pick } from './quick';
import { figure, type Figure } from './stats';

export const CLI_START_GOAL = 1.5;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = join(ROOT, 'out/cli/lookup-tray.js');

export interface CliResults {
  bareNode: Figure;
  quota: Figure;
  cachedLookup: Figure;
  quotaRatio: Figure;
  lookupRatio: Figure;
}

/** One start of `node …args`, wall time in ms (to its exit). */
function once(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wall = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return wall;
}

export async function benchCli(opts: { runs?: number; log?: (m: string) => void } = {}): Promise<CliResults> {
  const runs = opts.runs ?? pick(25, 1);
  const built = spawnSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0)
    throw new Error(
      `building the command (node scripts/build-cli.mjs) failed, exit ${built.status ?? built.signal}: ${built.stderr.trim().split('\n').slice(0, 8).join(' | ')}`,
    );
  const dir = mkdtempSync(join(tmpdir(), 'lt-bench-cli-'));
  const key = 'FAKE-bench-cli-key-0000-aaaa';
  const sim = await startSimulator({ keys: { [key]: { monthLimit: 10_000, minuteLimit: 60, label: 'bench' } } });
  try {
    // A data folder as the app leaves it: settings, figures and a cached answer for 1.1.1.1 in state.db.
    const settings = { ...structuredClone(DEFAULT_SETTINGS), baseUrl: sim.url };
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
    const db = StateDb.open({ dir });
    const service = new QuotaService({
      clock: systemClock,
      fetch,
      profile: 'default',
      getKey: async () => key,
      config: serviceConfig(settings),
      store: dbQuotaStore(db, 'default', originOf(sim.url)),
    });
    const seeded = await service.lookup('1.1.1.1');
    if (seeded.kind !== 'ok') throw new Error(`seeding the cache failed: ${seeded.kind}`);
    service.dispose();
    db.close();

    const bare = ['-e', '0'];
    const quota = [CLI, '--data-dir', dir, 'quota'];
    const lookup = [CLI, '--data-dir', dir, 'lookup', '1.1.1.1'];
    const sent = sim.log.length;
    // Warm-up: the OS file cache and Node's compile cache (what every later start has).
    for (let i = 0; i < pick(3, 1); i++) for (const a of [bare, quota, lookup]) once(a);
    const w = { bare: [] as number[], quota: [] as number[], lookup: [] as number[] };
    const qr: number[] = [];
    const lr: number[] = [];
    for (let i = 0; i < runs; i++) {
      const b = once(bare);
      const q = once(quota);
      const l = once(lookup);
      w.bare.push(b);
      w.quota.push(q);
      w.lookup.push(l);
      qr.push(q / b);
      lr.push(l / b);
    }
    if (sim.log.length !== sent) throw new Error('the cached lookup sent requests');
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const goal = `≤ ${CLI_START_GOAL}× node -e 0`;
    const ratio = (xs: number[], cmd: number[]) => {
      const r = med(cmd) / med(w.bare);
      return figure(xs, '×', { goal, met: r <= CLI_START_GOAL, note: `median/median ${r.toFixed(2)}×` });
    };
    return {
      bareNode: figure(w.bare, 'ms'),
      quota: figure(w.quota, 'ms'),
      cachedLookup: figure(w.lookup, 'ms'),
      quotaRatio: ratio(qr, w.quota),
      lookupRatio: ratio(lr, w.lookup),
    };
  } finally {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
