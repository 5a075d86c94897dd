/**
 * LogFollow (electron/core/bulk/follow.ts) on the bulk harness: state.db, the simulator and the QuotaService on one
 * manual clock, the log on an in-memory file system. A followed log's job runs on the bulk runner, so it keeps to the
 * minute limit across batches of lines (never more in a server minute than the limit), looks each new address up
 * once, counts repeats as hits, and gives the answers in input order, each once. No sleeps: the clock is moved to
 * wherever the run waits.
 */
import { afterEach, expect, it } from 'vitest';
import type { BulkItemRow } from '../../../../electron/core/storage/state-db-bulk';
import { LogFollow } from '../../../../electron/core/bulk/follow';
import { addresses, perWindow, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';
import { MemFs } from '../../../helpers/mem-tail-fs';

let h: BulkHarness | null = null;
afterEach(async () => {
  await h?.closeAll();
  h = null;
});

/** Moves the clock to wherever the job's run waits until `done()`; at most `steps` turns. */
async function until(b: BulkHarness, jobId: string, done: () => boolean, steps = 5000): Promise<void> {
  for (let i = 0; i < steps && !done(); i++) {
    const run = b.bulk.runOf(jobId);
    if (run && run.phase === 'waiting' && run.waitingUntil !== null)
      b.clock.advance(Math.max(0, run.waitingUntil - b.clock.now()));
    await new Promise((r) => setImmediate(r));
  }
  expect(done()).toBe(true);
}

it('keeps to the minute limit across batches of lines, looks each address up once and gives the answers in order', async () => {
  const b = (h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } }));
  const fs = new MemFs();
  const ips = addresses(14);
  fs.write(
    '/log',
    ips
      .slice(0, 6)
      .map((ip, i) => `${ip} GET /a ${i}\n`)
      .join(''),
  );
  const job = b.bulk.create({ addresses: [], label: 'log', floor: { count: 0 } })!;
  const rows: BulkItemRow[] = [];
  const follow = new LogFollow({
    jobs: b.bulk,
    clock: b.clock,
    jobId: job.id,
    path: '/log',
    fs,
    from: null,
    onAnswers: (r) => rows.push(...r),
  });
  await follow.start();
  await until(b, job.id, () => rows.length >= 3);
  // More lines while the run goes on or waits: new ones, and repeats of addresses already seen.
  fs.append('/log', `${ips[0]} again\n${ips.slice(6, 10).join(' ')}\n${ips[1]} again\n`);
  await until(b, job.id, () => rows.length === 10);
  fs.append('/log', `${ips.slice(10).join('\n')}\n${ips[0]}\n`);
  await until(b, job.id, () => rows.length === 14);
  const end = await follow.stop();
  expect(end.by).toBe('stop');
  expect(rows.map((r) => r.ip)).toEqual(ips);
  expect(rows.every((r) => r.status === 'done')).toBe(true);
  const info = b.bulk.get(job.id)!;
  expect(info).toMatchObject({ total: 14, done: 14, sent: 14 });
  const windows = [...perWindow(b.sim.log).values()];
  expect(Math.max(...windows)).toBeLessThanOrEqual(5);
  expect(windows.reduce((a, n) => a + n, 0)).toBe(14);
  const first = b.bulk.results(job.id, 0, 1).rows[0]!;
  expect([first.hits, first.line, first.lastLine]).toEqual([3, 1, 14]); // lines 1, 7 and 14;
});
