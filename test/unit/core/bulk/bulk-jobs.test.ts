/**
 * BulkJobs.runToEnd, the command line's whole bulk run in one call: a job created (or resumed), run to its end with
 * its progress told as it goes, then its rows exported — in that order; Ctrl+C (an aborted signal) pauses it with
 * its answers kept, and a resume goes on where it stopped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addresses, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

let h: BulkHarness | null = null;
afterEach(async () => {
  await h?.closeAll();
  h = null;
});

describe('runToEnd', () => {
  it('creates the job, tells its start, progress and end, then exports its rows in input order', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
    const ips = addresses(3);
    const said: string[] = [];
    const chunks: string[] = [];
    const r = await h.bulk.runToEnd(
      { create: { addresses: ips, label: 'three' } },
      {
        onStart: (job) => said.push(`start ${job.label} ${job.total}`),
        onProgress: (p) => said.push(`progress ${p.done}`),
        onEnd: (end, job) => said.push(`end ${end.state} ${job?.left}`),
        exportTo: {
          options: { format: 'csv', columns: ['ip', 'status'] },
          open: () => {
            said.push('export');
            return (c) => chunks.push(c);
          },
        },
      },
    );
    expect(r.end).toMatchObject({ state: 'finished', message: 'Finished: 3 answered (0 from the cache), 0 failed.' });
    expect(r.job).toMatchObject({ label: 'three', state: 'finished', done: 3, left: 0 });
    expect(r.exported).toBe(3);
    expect(said[0]).toBe('start three 3');
    expect(said.slice(-2)).toEqual(['end finished 0', 'export']);
    expect(said).toContain('progress 3');
    expect(chunks.join('')).toBe(`ip,status\n${ips.map((ip) => `${ip},done\n`).join('')}`);
  });

  it('an aborted signal pauses the job with its answers kept; resuming it (with a new floor) goes on to the end', async () => {
    h = await startBulk({ plan: { monthLimit: 1000, minuteLimit: null } });
    const stop = new AbortController();
    const first = await h.bulk.runToEnd(
      { create: { addresses: addresses(6) } },
      { signal: stop.signal, onProgress: (p) => p.done === 2 && stop.abort() },
    );
    expect(first.end).toMatchObject({ state: 'paused', reason: 'user', message: 'Paused.' });
    expect(first.job).toMatchObject({ done: 2, left: 4 });
    expect(first.exported).toBeNull();
    const id = first.job!.id;
    const again = await h.bulk.runToEnd({ resume: id, floor: { count: 10 } });
    expect(again.end.state).toBe('finished');
    expect(again.job).toMatchObject({ id, done: 6, left: 0, floor: { count: 10 } });
    expect(h.sim.log.filter((l) => l.path === '/v2/info')).toHaveLength(6);
  });

  it('a job that is not there ends at once, "missing", and nothing is called', async () => {
    h = await startBulk();
    let called = false;
    const r = await h.bulk.runToEnd(
      { resume: 'no-such-job' },
      { onStart: () => (called = true), onEnd: () => (called = true) },
    );
    expect(r).toEqual({
      end: { state: 'cancelled', reason: 'missing', message: 'No such bulk job.', note: { kind: 'no-such-job' } },
      job: null,
      exported: null,
    });
    expect(called).toBe(false);
  });
});
