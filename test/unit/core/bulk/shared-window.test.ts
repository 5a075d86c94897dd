/**
 * Several bulk jobs of one profile share its minute window: each paces on every job's requests in flight, not on its
 * own alone. Found by the model-based test (MODEL_SEED=458595792 MODEL_PATH=57): three jobs woke in a new window,
 * each saw one slot left while another job's request took it, and the service answered the sixth request of a
 * 5-a-minute window with 429. And they take turns (MODEL_SEED=1729 with "open the report" among its commands): three
 * jobs each sent a request after another client of the key had spent the month, and met three refusals for one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { ManualClock } from '../../../helpers/manual-clock';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';

const KEY = 'FAKE-shared-window-aaaa-1111';
let dir = '';
let sim: Simulator | null = null;
let core: AppCore | null = null;

afterEach(async () => {
  await core?.dispose();
  await sim?.close();
  core = null;
  sim = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const settle = async () => {
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setImmediate(r));
    await core!.whenIdle();
  }
};

/** One profile on a 5-a-minute plan of `monthLimit`, and three jobs of `sizes` addresses started on it. */
async function threeJobs(monthLimit: number, sizes: readonly [number, number, number], floor?: { count: number }) {
  dir = mkdtempSync(join(tmpdir(), 'lt-bulk-shared-'));
  const clock = new ManualClock(Date.UTC(2026, 10, 22, 12, 0, 10));
  sim = await startSimulator({ clock, keys: { [KEY]: { monthLimit, minuteLimit: 5, label: 'home' } } });
  core = await createAppCore({
    clock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
  });
  const h = core.handlers;
  await h.saveKey({ key: KEY, baseUrl: sim.url, verify: 'skip' });
  for (const [k, n] of sizes.entries()) {
    const text = Array.from({ length: n }, (_, i) => `11.${k}.0.${i + 1}`).join('\n');
    const started = await h.bulkStart({ text, label: `job ${k}`, ...(floor ? { floor } : {}) });
    expect(started.kind).toBe('started');
  }
  return { clock, h, sim };
}

it('three jobs of one profile never send more in a minute than its limit: no 429, every address answered', async () => {
  const { clock, h, sim } = await threeJobs(1000, [6, 4, 5]);
  for (let minute = 0; minute < 6; minute++) {
    await settle();
    clock.advance(20_000);
    await settle();
    clock.advance(40_000);
  }
  await settle();
  const lookups = sim.log.filter((l) => l.path === '/v2/info');
  expect(lookups.filter((l) => l.status === 429)).toEqual([]);
  const perWindow = new Map<number, number>();
  for (const l of lookups)
    perWindow.set(Math.floor(l.at / 60_000), (perWindow.get(Math.floor(l.at / 60_000)) ?? 0) + 1);
  expect(Math.max(...perWindow.values())).toBeLessThanOrEqual(5);
  const jobs = await h.bulkList();
  expect(jobs.map((j) => [j.label, j.done, j.total])).toEqual(
    expect.arrayContaining([
      ['job 0', 6, 6],
      ['job 1', 4, 4],
      ['job 2', 5, 5],
    ]),
  );
});

it('three jobs of one profile meet one refusal, not three, when another client spends the month', async () => {
  const { clock, h, sim } = await threeJobs(300, [11, 10, 13], { count: 0 });
  await settle();
  sim.setUsage(KEY, { month: 300 }); // another client of the key spent the whole month
  clock.advance(20_000);
  await settle();
  clock.advance(61_000);
  await settle();
  clock.advance(60_000); // the job that met the refusal waits out its back-off first
  await settle();
  const refused = sim.log.filter((l) => l.path === '/v2/info' && l.status === 429);
  expect(refused.map((l) => l.limitedBy)).toEqual(['month']);
  const jobs = await h.bulkList();
  expect(jobs.map((j) => j.state)).toEqual(['stopped', 'stopped', 'stopped']);
});
