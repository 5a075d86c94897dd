/**
 * A bulk job survives a crash: a real second process runs it and is killed with SIGKILL mid-job; this process
 * resumes it once the dead process's lease has gone stale. No address is sent twice, except the one that was
 * in flight at the kill; every address is answered once the job finishes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BulkJobs, oneProfile } from '../../../../electron/core/bulk/bulk-jobs';
import { systemClock } from '../../../../electron/core/lib/ports';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import { addresses } from '../../../helpers/bulk-harness';
import { serviceOnDb, until } from '../../../helpers/service-harness';
import { startChild } from '../../../helpers/child-process';

const CHILD = fileURLToPath(new URL('../../../helpers/bulk-child.ts', import.meta.url));
const KEY = 'FAKE-bulk-crash-key-cccc-6666';
const TTL = 600;

let dir: string;
let sim: Simulator;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-bulk-crash-'));
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 100_000, minuteLimit: null, label: 'crash' } } });
  sim.setFaults({ delayMs: 40 }); // each answer takes 40 ms: the kill lands mid-job, with a request in flight
});
afterEach(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a process killed with SIGKILL mid-job: another resumes it, sending no address twice but the one in flight', async () => {
  const db = StateDb.open({ dir });
  const service = serviceOnDb(db, KEY, sim.url);
  const bulk = new BulkJobs({
    db,
    clock: systemClock,
    owner: 'parent',
    ...oneProfile('default', service),
    run: { leaseTtlMs: TTL },
  });
  try {
    const ips = addresses(40);
    const job = bulk.create({ addresses: ips })!;
    const child = startChild(CHILD, [dir, sim.url, job.id, String(TTL)]);
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    child.stdin.end(`${KEY}\n`);
    await until(() => sim.log.length >= 12, 20_000);
    // While the child runs, its lease refuses this process.
    expect(await bulk.start(job.id)).toMatchObject({ reason: 'busy' });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(out).toBe('running\n'); // it never got to say how it ended
    const sentByChild = sim.log.length;
    const before = bulk.get(job.id)!;
    expect(before.state).toBe('running'); // interrupted, not finished
    expect(before.done).toBeGreaterThanOrEqual(sentByChild - 1);

    // Once the dead process's lease is stale, the job is listed as interrupted and resumes here.
    await new Promise((r) => setTimeout(r, TTL + 100));
    expect(bulk.interrupted()).toEqual([job.id]);
    expect(await bulk.resume(job.id)).toMatchObject({ state: 'finished' });

    const counts = new Map<string, number>();
    for (const l of sim.log) counts.set(l.ip ?? '', (counts.get(l.ip ?? '') ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...ips].sort());
    const twice = [...counts.entries()].filter(([, n]) => n > 1);
    expect(twice.length).toBeLessThanOrEqual(1);
    expect(twice.every(([, n]) => n === 2)).toBe(true);
    expect(bulk.get(job.id)).toMatchObject({ state: 'finished', done: 40, failed: 0 });
    expect(bulk.results(job.id, 0, 100).rows.map((r) => r.ip)).toEqual(ips);
  } finally {
    await bulk.dispose();
    service.dispose();
    db.close();
  }
}, 60_000);
