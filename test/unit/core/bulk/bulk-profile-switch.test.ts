/**
 * Issue 28: a bulk job keeps running on its own profile's service when another profile comes into use while it
 * waits for the next minute window (it froze the main process: the job kept the disposed service, whose instant
 * "aborted" answers were requeued without a wait). The core keeps answering, the job finishes on its own profile's
 * service, nothing reaches the other profile's service, and every profile's jobs are listed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { ManualClock } from '../../../helpers/manual-clock';
import { buildTrayModel } from '../../../../electron/shell/tray-words';
import type { Simulator } from '../../../../electron/demo/simulator';
import type { BulkProgress } from '../../../../shared/bulk';
import { startCore, type CoreHarness } from '../../../helpers/core-harness';

const HOME = 'FAKE-switch-home-aaaa-1111';
const WORK = 'FAKE-switch-work-bbbb-2222';

let clock: ManualClock;
let sims: Simulator[];
let core: AppCore | null;
let harness: CoreHarness | null = null;

beforeEach(async () => {
  clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 10));
  harness = await startCore({
    clock,
    tmpPrefix: 'lt-bulk-switch-',
    sims: [
      { [HOME]: { monthLimit: 1000, minuteLimit: 5, label: 'home' } },
      { [WORK]: { monthLimit: 1000, minuteLimit: 5, label: 'work' } },
    ],
  });
  ({ sims, core } = harness);
});

afterEach(async () => {
  await harness?.close();
  harness = core = null;
});

const TWELVE = Array.from({ length: 12 }, (_, i) => `8.8.4.${i + 1}`).join('\n');
const tick = () => new Promise((r) => setImmediate(r));

/** Resolves with the next progress event that satisfies `pred`, or rejects after `ms` of real time. */
function nextProgress(c: AppCore, pred: (p: BulkProgress) => boolean, ms = 5000): Promise<BulkProgress> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no such bulk progress in time'));
    }, ms);
    const off = c.on('bulk-progress', (p) => {
      if (!pred(p)) return;
      clearTimeout(timer);
      off();
      resolve(p);
    });
  });
}

describe('a bulk job when another profile comes into use', () => {
  it('keeps the core answering and finishes on its own profile’s service; every profile’s jobs are listed', async () => {
    const h = core!.handlers;
    await h.saveKey({ key: HOME, baseUrl: sims[0]!.url });
    const waiting = nextProgress(core!, (p) => p.waitingUntil !== null);
    const started = await h.bulkStart({ text: TWELVE, label: 'twelve' });
    if (started.kind !== 'started') throw new Error(started.refusal.kind);
    const w = await waiting; // 4 sent, one slot kept for single lookups: waits for the next minute window
    expect(w.done).toBe(4);

    // A second profile (added = switched to), with its own key on its own service.
    expect((await h.addProfile({ name: 'Work', baseUrl: sims[1]!.url })).kind).toBe('done');
    await h.saveKey({ key: WORK, baseUrl: sims[1]!.url });

    // The job is listed from the other profile too, marked with its profile.
    const listed = await h.bulkList();
    expect(listed.map((j) => [j.label, j.profile])).toEqual([['twelve', 'default']]);

    // Minute windows pass: the core keeps answering, and the job goes on to the end on the Default service.
    const finished = nextProgress(
      core!,
      (p) => p.state === 'finished' || p.state === 'paused' || p.state === 'stopped',
      15_000,
    );
    let end: BulkProgress | null = null;
    void finished.then((p) => (end = p));
    for (let i = 0; i < 10 && end === null; i++) {
      clock.advance(60_000);
      for (let k = 0; k < 20 && end === null; k++) await tick();
      const t0 = Date.now();
      const snap = await h.getSnapshot(); // the core answers (it froze here: for ever, so 5 s is no race)
      expect(Date.now() - t0).toBeLessThan(5000);
      expect(snap.settings.profile).toBe('Work');
      await core!.whenIdle();
      await tick();
    }
    const last = await finished;
    expect(last).toMatchObject({ state: 'finished', done: 12, failed: 0, left: 0, rateLimited: 0 });
    // The tray's job line names the job's profile (there are several).
    expect(buildTrayModel(await h.getSnapshot(), clock.now(), { bulk: last }).bulk?.line).toBe(
      'Bulk (Default): finished, 12 of 12',
    );
    const home = sims[0]!.log.filter((l) => l.path === '/v2/info');
    const work = sims[1]!.log.filter((l) => l.path === '/v2/info');
    expect(home).toHaveLength(12);
    expect(home.every((l) => l.status === 200)).toBe(true);
    expect(work).toHaveLength(0); // nothing of Default's job reached Work's service
  });
});
