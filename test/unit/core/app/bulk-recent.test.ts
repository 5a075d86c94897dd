/**
 * Issue 33: a bulk run filled Recent lookups with its addresses, pushing the user's own single lookups out. Bulk
 * answers are cached (a later single lookup of one is free) but stay out of Recent, and do not reorder it; a single
 * lookup that takes one from the cache is the user's, and joins Recent. After a restart too (state.db keeps it).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import type { Simulator } from '../../../../electron/demo/simulator';
import { startCore, type CoreHarness } from '../../../helpers/core-harness';

const KEY = 'FAKE-bulk-recent-aaaa-1111';
const clock = new OffsetClock();

let harness: CoreHarness | null = null;
let core: AppCore;
let sim: Simulator;

beforeEach(async () => {
  harness = await startCore({
    clock,
    tmpPrefix: 'lt-bulk-recent-',
    sims: [{ [KEY]: { monthLimit: 10_000, minuteLimit: null, label: 'k' } }],
  });
  ({ core } = harness);
  [sim] = harness.sims as [Simulator];
});

afterEach(async () => {
  await harness?.close();
  harness = null;
});

const sent = (ip: string) => sim.log.filter((l) => l.path === '/v2/info' && l.ip === ip).length;
const recent = async (c: AppCore) => (await c.handlers.recentLookups()).map((r) => r.ip);

describe('Recent lookups are the user’s own', () => {
  it('a bulk job of 20 leaves Recent to the 2 hand lookups; a later single lookup of a bulk address is free and joins it', async () => {
    const h = core.handlers;
    expect((await h.saveKey({ key: KEY, baseUrl: sim.url, verify: 'skip' })).kind).toBe('saved');
    for (const ip of ['8.8.8.8', '1.1.1.1']) expect(await h.lookup({ ip })).toMatchObject({ kind: 'ok' });
    const bulkIps = Array.from({ length: 20 }, (_, i) => `45.0.${i}.1`);
    // The job's list holds one of the hand lookups too: its cached answer is used, Recent keeps its place.
    const started = await h.bulkStart({ text: [...bulkIps, '8.8.8.8'].join('\n'), label: 'twenty' });
    if (started.kind !== 'started') throw new Error(started.refusal.kind);
    await expect
      .poll(async () => (await h.bulkList()).find((j) => j.id === started.job.id)?.state, { timeout: 15_000 })
      .toBe('finished');
    await core.whenIdle();
    expect(bulkIps.every((ip) => sent(ip) === 1)).toBe(true);
    expect(sent('8.8.8.8')).toBe(1);
    expect(await recent(core)).toEqual(['1.1.1.1', '8.8.8.8']);
    expect((await h.getDataInfo()).recent).toBe(2);

    // A single lookup of an address the job looked up: from the cache, nothing sent, and now the user's.
    expect(await h.lookup({ ip: '45.0.7.1' })).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(sent('45.0.7.1')).toBe(1);
    expect(await recent(core)).toEqual(['45.0.7.1', '1.1.1.1', '8.8.8.8']);

    // The next start (state.db) tells them apart too.
    await core.dispose();
    core = await createAppCore({
      clock,
      fetch,
      secrets: new MemorySecretStore(), // no key needed: nothing is sent
      dataDir: harness!.dir,
      notifier: { notify() {} },
      logger: silentLogger,
    });
    harness!.core = core;
    expect(await recent(core)).toEqual(['45.0.7.1', '1.1.1.1', '8.8.8.8']);
  });
});
