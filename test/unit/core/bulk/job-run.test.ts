import { afterEach, describe, expect, it } from 'vitest';
import { KEY_MINUTE } from '../../../helpers/simulator-helpers';
import { addresses, perWindow, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

let h: BulkHarness | null = null;
afterEach(async () => {
  await h?.closeAll();
  h = null;
});

const statuses = (b: BulkHarness) => b.sim.log.filter((l) => l.path === '/v2/info').map((l) => l.status);

describe('bulk job pacing (real HTTP to the simulator, injected clock)', () => {
  it('fills every minute window of the service to its limit and never gets a 429, learning the limit from the first answer', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(23) })!;
    const end = await h.drive(job.id);
    expect(end).toMatchObject({ state: 'finished', reason: null });
    expect(end.message).toBe('Finished: 23 answered (0 from the cache), 0 failed.');
    expect(statuses(h).filter((s) => s === 429)).toEqual([]);
    const windows = [...perWindow(h.sim.log).values()];
    expect(windows).toEqual([5, 5, 5, 5, 3]); // full windows: the allowed rate, no window over its limit
    expect(h.bulk.get(job.id)).toMatchObject({
      state: 'finished',
      done: 23,
      sent: 23,
      failed: 0,
      left: 0,
      rateLimited: 0,
    });
  });

  it('with several requests in flight at once it still never exceeds a window (answers may arrive out of order)', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 20 }, run: { maxInFlight: 4 } });
    const job = h.bulk.create({ addresses: addresses(50) })!;
    expect(await h.drive(job.id)).toMatchObject({ state: 'finished' });
    expect(statuses(h).filter((s) => s === 429)).toEqual([]);
    expect([...perWindow(h.sim.log).values()]).toEqual([20, 20, 10]);
  });

  it('keeps one slot of each minute window for single lookups until 2 s before the reset', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(12) })!;
    const single: string[] = [];
    const end = await h.drive(job.id, async (step) => {
      if (step > 0 && single.length === 0) {
        // The job has sent 4 of the window's 5 and waits: a single lookup from the window gets through.
        expect(h!.sim.usage(KEY_MINUTE).minute).toBe(4);
        single.push((await h!.service.lookup('9.9.9.9')).kind);
      }
    });
    expect(single).toEqual(['ok']);
    expect(end.state).toBe('finished');
    expect(statuses(h).filter((s) => s === 429)).toEqual([]);
    // The single lookup took the kept slot of the first window; in the next, the job's 5th request goes out
    // only in the window's last 2 s.
    const inWindow = (from: number) =>
      h!.sim.log.filter((l) => l.path === '/v2/info' && l.at >= from && l.at < from + 60_000);
    expect(inWindow(Date.UTC(2026, 10, 22, 12, 0, 0)).map((l) => l.ip)).toContain('9.9.9.9');
    const second = inWindow(Date.UTC(2026, 10, 22, 12, 1, 0));
    expect(second).toHaveLength(5);
    expect(second.at(-1)!.at).toBe(Date.UTC(2026, 10, 22, 12, 1, 58));
    expect(second.at(-2)!.at).toBe(Date.UTC(2026, 10, 22, 12, 1, 0));
  });

  it('an unexpected 429 (another client spent the window) pauses until the reset it names, is counted, and the job goes on', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(8) })!;
    let spent = false;
    const end = await h.drive(job.id, () => {
      if (!spent) {
        h!.sim.setUsage(KEY_MINUTE, { minute: 5 }); // someone else used up this minute behind our back
        h!.clock.advance(58_500 - (h!.clock.now() % 60_000)); // into the released reserve
        spent = true;
      }
    });
    expect(end.state).toBe('finished');
    expect(statuses(h).filter((s) => s === 429)).toHaveLength(1);
    expect(h.bulk.get(job.id)).toMatchObject({ done: 8, rateLimited: 1, sent: 8 });
    const p = h.bulk.results(job.id, 0, 100);
    expect(p.rows.map((r) => r.status)).toEqual(Array(8).fill('done'));
  });

  it('answers enter the lookup cache; addresses already cached cost nothing', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    await h.service.lookup('11.0.0.1');
    const job = h.bulk.create({ addresses: addresses(4) })!;
    expect(h.bulk.preview(addresses(4))).toMatchObject({ fromCache: 1, toSend: 3 });
    await h.drive(job.id);
    expect(h.bulk.get(job.id)).toMatchObject({ done: 4, fromCache: 1, sent: 3 });
    const sent = h.sim.log.length;
    expect(await h.service.lookup('11.0.0.3')).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(h.sim.log.length).toBe(sent);
  });

  it('keeps every answer in state.db in input order, with an error per failed row', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 1 } });
    const job = h.bulk.create({ addresses: ['8.8.8.8', '1.1.1.1', '9.9.9.9'] })!;
    let step = 0;
    await h.drive(job.id, () => {
      if (step++ === 1) h!.sim.setFaults({ nonJson: true }); // the second answer is an HTML page
      if (step === 3) h!.sim.clearFaults();
    });
    const rows = h.bulk.results(job.id, 0, 10).rows;
    expect(rows.map((r) => [r.seq, r.ip, r.status, r.source])).toEqual([
      [0, '8.8.8.8', 'done', 'network'],
      [1, '1.1.1.1', 'failed', null],
      [2, '9.9.9.9', 'done', 'network'],
    ]);
    expect(rows[0]!.body).toMatchObject({ data: { ip: '8.8.8.8' } });
    expect(rows[1]!.error).toBe('The service answered 200 but the body was not JSON. It is shown as received.');
    expect(h.bulk.results(job.id, 0, 10, 'failed')).toMatchObject({ total: 1, rows: [{ ip: '1.1.1.1' }] });
  });
});

describe('bulk job stops: budget floor, month exhausted, key refused', () => {
  it('stops before the month remaining would fall below the budget floor, keeping the partial results and saying why', async () => {
    h = await startBulk({ plan: { monthLimit: 100, minuteLimit: null } });
    h.sim.setUsage(KEY_MINUTE, { month: 88 }); // 12 left; the default floor keeps 5 (5 % of 100)
    await h.service.lookup('8.8.8.8'); // the service learns the month (11 left)
    const job = h.bulk.create({ addresses: addresses(20) })!;
    const end = await h.drive(job.id);
    expect(end).toMatchObject({ state: 'stopped', reason: 'budget-floor' });
    expect(end.message).toContain('Stopped at the budget floor: 5 requests are left this month');
    expect(end.message).toContain('5 requests (5 % of 100) are kept for single lookups. 6 of 20 done');
    expect(h.sim.usage(KEY_MINUTE).month).toBe(95);
    expect(h.bulk.get(job.id)).toMatchObject({ state: 'stopped', done: 6, left: 14 });
    expect(statuses(h).filter((s) => s === 429)).toEqual([]);
    // A lower floor, then resume: it goes on from where it stopped.
    h.bulk.setFloor(job.id, { count: 0 });
    const again = await h.drive(job.id);
    expect(again).toMatchObject({ state: 'stopped', reason: 'month-exhausted' });
    expect(h.bulk.get(job.id)).toMatchObject({ done: 11, left: 9 });
    expect(h.sim.usage(KEY_MINUTE).month).toBe(100);
    expect(statuses(h).filter((s) => s === 429)).toEqual([]);
  });

  it('month exhausted mid-job by someone else: the 429 stops the job cleanly with the reset date', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(10), floor: { count: 0 } })!;
    let once = false;
    const end = await h.drive(job.id, () => {
      if (!once) h!.sim.setUsage(KEY_MINUTE, { month: 1000 });
      once = true;
    });
    expect(end).toMatchObject({ state: 'stopped', reason: 'month-exhausted' });
    expect(end.message).toContain("the month's quota is used up (resets Dec 1, 00:00 UTC)");
    expect(h.bulk.get(job.id)).toMatchObject({ done: 4, left: 6, rateLimited: 1 });
  });

  it('a refused key stops the job with the service’s message; nothing is marked failed', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    h.sim.removeKey(KEY_MINUTE);
    const job = h.bulk.create({ addresses: addresses(3) })!;
    const end = await h.drive(job.id);
    expect(end).toMatchObject({ state: 'stopped', reason: 'invalid-key' });
    expect(end.message).toContain('The API key was not accepted (401)');
    expect(h.bulk.get(job.id)).toMatchObject({ done: 0, failed: 0, left: 3 });
  });
});

describe('bulk job control: pause, resume, cancel, lease', () => {
  it('pause keeps the answers and stops sending; resume goes on without sending anything twice', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(9) })!;
    const end = await h.drive(job.id, () => {
      h!.bulk.pause(job.id);
    });
    expect(end).toMatchObject({ state: 'paused', reason: 'user' });
    expect(h.bulk.get(job.id)).toMatchObject({ state: 'paused', done: 4, left: 5 });
    h.clock.advance(10 * 60_000);
    expect(h.sim.log).toHaveLength(4);
    expect(await h.drive(job.id)).toMatchObject({ state: 'finished' });
    const ips = h.sim.log.map((l) => l.ip);
    expect(new Set(ips).size).toBe(9);
    expect(ips).toHaveLength(9);
  });

  it('cancel stops the job for good and keeps what it found', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 } });
    const job = h.bulk.create({ addresses: addresses(9) })!;
    const end = await h.drive(job.id, async () => {
      await h!.bulk.cancel(job.id);
    });
    expect(end).toMatchObject({ state: 'cancelled' });
    expect(h.bulk.get(job.id)).toMatchObject({ state: 'cancelled', done: 4 });
    expect(await h.bulk.start(job.id)).toMatchObject({ state: 'cancelled' });
    expect(h.sim.log).toHaveLength(4);
  });

  it('only one process runs a job: a live lease refuses a second runner; a stale one is taken over', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: 5 }, run: { leaseTtlMs: 30_000 } });
    const job = h.bulk.create({ addresses: addresses(3) })!;
    // Another process (owner "other") holds the lease and beat 10 s ago.
    h.db.stmt('UPDATE bulk_job SET state = ? WHERE id = ?').run('running', job.id);
    h.db
      .stmt('INSERT INTO bulk_lease (job_id, owner, heartbeat_at) VALUES (?, ?, ?)')
      .run(job.id, 'other', h.clock.now() - 10_000);
    const busy = await h.bulk.start(job.id);
    expect(busy).toMatchObject({ reason: 'busy', state: 'running' });
    expect(busy.message).toContain('Another Lookup Tray process is running this job');
    expect(h.sim.log).toHaveLength(0);
    expect(h.bulk.interrupted()).toEqual([]);
    // Its heartbeat stops (the process died): after the lease's TTL the job is interrupted and may be taken over.
    h.clock.advance(21_000);
    expect(h.bulk.interrupted()).toEqual([job.id]);
    expect(await h.drive(job.id)).toMatchObject({ state: 'finished' });
    expect(h.sim.log).toHaveLength(3);
  });
});
