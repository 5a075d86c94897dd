import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkJobs, oneProfile, type BulkJobsOptions } from '../../electron/core/bulk/bulk-jobs';
import type { RunEnd } from '../../electron/core/bulk/job-types';
import type { QuotaServiceConfig } from '../../electron/core/service/quota-service';
import { dbQuotaStore } from '../../electron/core/service/store/db-quota-store';
import { StateDb } from '../../electron/core/storage/state-db';
import type { RequestLogEntry } from '../../electron/demo/simulator';
import { startService, T0, type ServiceHarness } from './service-harness';
import { KEY_MINUTE, startHarness } from './simulator-helpers';

/** A QuotaService on state.db in a temp folder, the simulator on a shared ManualClock, and BulkJobs on both. */
export interface BulkHarness extends ServiceHarness {
  db: StateDb;
  dir: string;
  bulk: BulkJobs;
  /** Runs (or resumes) a job to its end, moving the clock to wherever the job waits. */
  drive(id: string, between?: (step: number) => void | Promise<void>): Promise<RunEnd>;
  closeAll(): Promise<void>;
}

export async function startBulk(
  o: {
    plan?: { monthLimit: number; minuteLimit: number | null };
    start?: number;
    run?: BulkJobsOptions['run'];
    owner?: string;
    /** The service's settings (e.g. a base URL in front of the simulator). */
    config?: Partial<QuotaServiceConfig>;
  } = {},
): Promise<BulkHarness> {
  const harness = await startHarness(o.start ?? T0);
  harness.sim.setKey(KEY_MINUTE, o.plan ?? { monthLimit: 1000, minuteLimit: 5 });
  const dir = mkdtempSync(join(tmpdir(), 'lookup-tray-bulk-'));
  const db = StateDb.open({ dir, now: () => harness.clock.now() });
  const h = await startService({ harness, store: dbQuotaStore(db, 'default', ''), config: o.config });
  const bulk = new BulkJobs({
    db,
    clock: h.clock,
    owner: o.owner ?? 'test-owner',
    ...oneProfile('default', h.service),
    run: o.run,
  });
  const drive = async (id: string, between?: (step: number) => void | Promise<void>): Promise<RunEnd> => {
    let ended = false;
    const done = bulk.start(id).then((r) => {
      ended = true;
      return r;
    });
    for (let step = 0; !ended; step++) {
      const run = bulk.runOf(id);
      if (run && run.phase === 'waiting' && run.waitingUntil !== null) {
        await between?.(step);
        if (run.phase === 'waiting' && run.waitingUntil !== null)
          h.clock.advance(Math.max(0, run.waitingUntil - h.clock.now()));
      }
      await new Promise((r) => setImmediate(r));
    }
    return done;
  };
  return {
    ...h,
    db,
    dir,
    bulk,
    drive,
    closeAll: async () => {
      await bulk.dispose();
      await h.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Public test addresses (distinct, deterministic). */
export function addresses(n: number, prefix = 11): string[] {
  return Array.from(
    { length: n },
    (_, i) => `${prefix}.${((i + 1) >> 16) & 255}.${((i + 1) >> 8) & 255}.${(i + 1) & 255}`,
  );
}

/** /v2/info requests per server minute window. */
export function perWindow(log: readonly RequestLogEntry[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of log)
    if (l.path === '/v2/info' && l.status === 200)
      out.set(Math.floor(l.at / 60_000), (out.get(Math.floor(l.at / 60_000)) ?? 0) + 1);
  return out;
}
