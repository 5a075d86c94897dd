/**
 * No loop of a bulk job goes round without waiting: a service that answers at once with
 * nothing to record (a disposed one's "aborted", an odd cooldown) is waited on with a growing backoff and the job
 * pauses as stalled; a service that asks to wait years (Retry-After) pauses the job and says until when, instead
 * of handing setTimeout a delay Node turns into 1 ms; a job whose profile has no service pauses and goes on when
 * it has one again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkJobs } from '../../../../electron/core/bulk/bulk-jobs';
import type { BulkLookupPort } from '../../../../electron/core/bulk/job-types';
import { ManualClock } from '../../../helpers/manual-clock';
import { StateDb } from '../../../../electron/core/storage/state-db';
import type { BulkProgress } from '../../../../shared/bulk';
import type { LookupOutcome } from '../../../../shared/outcome';
import { emptyQuotaState, type QuotaState } from '../../../../shared/quota';

let dir: string;
let db: StateDb;
let clock: ManualClock;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lt-runner-guards-'));
  clock = new ManualClock();
  db = StateDb.open({ dir, now: () => clock.now() });
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A port whose every lookup answers `answer` at once (counted). */
function port(answer: () => LookupOutcome, state: () => QuotaState = () => emptyQuotaState('default', clock.now())) {
  const p = { calls: 0 } as BulkLookupPort & { calls: number };
  p.state = state;
  p.isCached = () => false;
  p.lookup = async () => {
    p.calls++;
    return answer();
  };
  return p;
}

const OK: LookupOutcome = { kind: 'ok', ip: '8.8.8.8', body: { ip: 'x' }, source: 'network', fetchedAt: 0, note: null };
const tick = () => new Promise((r) => setImmediate(r));

describe('bulk job guards', () => {
  it('a service that answers "aborted" at once is waited on (backoff), and the job pauses as stalled', async () => {
    const p = port(() => ({ kind: 'network-error', reason: 'aborted' }) as LookupOutcome);
    const bulk = new BulkJobs({ db, clock, profile: () => 'default', serviceFor: () => p });
    const events: BulkProgress[] = [];
    bulk.onProgress((e) => events.push(e));
    const job = bulk.create({ addresses: ['8.8.8.8', '1.1.1.1'] })!;
    let end: unknown = null;
    const done = bulk.start(job.id).then((r) => (end = r));
    // Without moving the clock, the job sends once and then waits: it does not go round again.
    for (let i = 0; i < 50; i++) await tick();
    expect(p.calls).toBe(1);
    expect(end).toBeNull();
    // Each wait is longer than the one before; after 20 tries in a row the job pauses and says why.
    for (let i = 0; i < 40 && end === null; i++) {
      const run = bulk.runOf(job.id);
      if (run?.waitingUntil) clock.set(run.waitingUntil);
      for (let k = 0; k < 5; k++) await tick();
    }
    await done;
    expect(end).toMatchObject({ state: 'paused', reason: 'stalled' });
    expect(p.calls).toBe(20);
    expect(events.length).toBeLessThan(100);
    expect(bulk.get(job.id)).toMatchObject({ state: 'paused', reason: 'stalled', done: 0, failed: 0, left: 2 });
    expect(bulk.get(job.id)!.message).toMatch(/no address got an answer over 20 tries in a row/);
  });

  it('a cooldown years away pauses the job and says until when (no 1 ms timer, no flood of progress)', async () => {
    const until = clock.now() + 10 * 365 * 24 * 3600_000;
    const state = (): QuotaState => ({
      ...emptyQuotaState('default', clock.now()),
      cooldown: { scope: 'minute', until, since: clock.now() },
    });
    const p = port(() => ({ kind: 'ok' }) as LookupOutcome, state);
    const bulk = new BulkJobs({ db, clock, profile: () => 'default', serviceFor: () => p });
    const events: BulkProgress[] = [];
    bulk.onProgress((e) => events.push(e));
    const job = bulk.create({ addresses: ['8.8.8.8'] })!;
    const end = await bulk.start(job.id);
    expect(end.state).toBe('paused');
    expect(end.reason).toBe('long-wait');
    expect(end.message).toContain(String(new Date(until).getUTCFullYear()));
    expect(p.calls).toBe(0);
    expect(clock.pendingTimers()).toBe(0);
    expect(events.length).toBeLessThan(5);
  });

  it('a job whose profile has no service here pauses (profile), and goes on when the profile is back', async () => {
    let live: BulkLookupPort | null = null;
    const ok = port(() => OK);
    const bulk = new BulkJobs({ db, clock, profile: () => 'default', serviceFor: () => live });
    live = ok;
    const job = bulk.create({ addresses: ['8.8.8.8', '1.1.1.1'] })!;
    live = null; // e.g. demo mode came on, or the profile lost its base URL
    expect(await bulk.start(job.id)).toMatchObject({ reason: 'profile' });
    expect(ok.calls).toBe(0);
    live = ok;
    const resumed = bulk.resumeWhereProfilesReturned();
    expect(resumed).toEqual([]); // only jobs that paused for that reason
    // A run that loses its service mid-job pauses for that reason, then goes on once it is back.
    let first = true;
    const flaky = port(() => {
      if (first) {
        first = false;
        live = null;
      }
      return OK;
    });
    live = flaky;
    expect(await bulk.start(job.id)).toMatchObject({ state: 'paused', reason: 'profile' });
    expect(bulk.get(job.id)).toMatchObject({ done: 1, left: 1 });
    live = ok;
    expect(bulk.resumeWhereProfilesReturned()).toEqual([job.id]);
    for (let i = 0; i < 20 && bulk.get(job.id)!.state !== 'finished'; i++) await tick();
    expect(bulk.get(job.id)).toMatchObject({ state: 'finished', done: 2, left: 0 });
  });
});
