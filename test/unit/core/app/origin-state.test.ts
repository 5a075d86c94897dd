/**
 * Issue 33: a profile whose base URL moves to another origin kept the old service's figures, history and cached
 * answers (8.8.8.8 was answered from the old service's cache). Figures and cached answers belong to an origin: the
 * new service starts with nothing of the old one's, and moving back shows the old service's again.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import type { Simulator } from '../../../../electron/demo/simulator';
import { startCore, type CoreHarness } from '../../../helpers/core-harness';

const KEY_A = 'FAKE-origin-state-aaaa-1111';
const KEY_B = 'FAKE-origin-state-bbbb-2222';

let harness: CoreHarness | null = null;
let core: AppCore;
let a: Simulator;
let b: Simulator;

beforeEach(async () => {
  harness = await startCore({
    clock: new OffsetClock(),
    tmpPrefix: 'lt-origin-state-',
    sims: [
      { [KEY_A]: { monthLimit: 1000, minuteLimit: null, label: 'a' } },
      { [KEY_B]: { monthLimit: 500, minuteLimit: null, label: 'b' } },
    ],
  });
  ({ core } = harness);
  [a, b] = harness.sims as [Simulator, Simulator];
});

afterEach(async () => {
  await harness?.close();
  harness = null;
});

const lookedUp = (s: Simulator, ip: string) => s.log.filter((l) => l.path === '/v2/info' && l.ip === ip).length;

async function figures() {
  const h = core.handlers;
  const snap = await h.getSnapshot();
  const history = await h.getHistory();
  const recent = await h.recentLookups();
  return {
    monthLimit: snap.quota.month?.limit ?? null,
    samples: history.samples,
    historyLimits: [...new Set(history.months.map((m) => m.limit))],
    recent: recent.map((r) => r.ip),
  };
}

describe('figures and cached answers belong to an origin', () => {
  it('a profile moved to another service looks up there and shows nothing of the old one; moving back shows it again', async () => {
    const h = core.handlers;
    expect((await h.saveKey({ key: KEY_A, baseUrl: a.url, verify: 'skip' })).kind).toBe('saved');
    const atA = await h.lookup({ ip: '8.8.8.8' });
    expect(atA).toMatchObject({ kind: 'ok', source: 'network' });
    await core.whenIdle();
    expect(lookedUp(a, '8.8.8.8')).toBe(1);
    const before = await figures();
    expect(before.monthLimit).toBe(1000);
    expect(before.samples).toBeGreaterThan(0);
    expect(before.recent).toEqual(['8.8.8.8']);

    // The profile moves to service B (and gets B's key).
    expect((await h.updateSettings({ baseUrl: b.url })).kind).toBe('saved');
    const moved = await figures();
    expect(moved).toEqual({ monthLimit: null, samples: 0, historyLimits: [], recent: [] });
    expect((await h.saveKey({ key: KEY_B, verify: 'skip' })).kind).toBe('saved');

    const atB = await h.lookup({ ip: '8.8.8.8' });
    expect(atB).toMatchObject({ kind: 'ok', source: 'network' }); // not A's cached answer
    await core.whenIdle();
    expect(lookedUp(b, '8.8.8.8')).toBe(1);
    expect(lookedUp(a, '8.8.8.8')).toBe(1);
    const atBFigures = await figures();
    expect(atBFigures.monthLimit).toBe(500);
    expect(atBFigures.historyLimits).toEqual([500]); // nothing of A's in B's history
    expect(atBFigures.recent).toEqual(['8.8.8.8']);

    // Back to A: A's figures, history and cached answer again (its key was saved for A's origin).
    expect((await h.updateSettings({ baseUrl: a.url })).kind).toBe('saved');
    const back = await figures();
    expect(back.monthLimit).toBe(1000);
    expect(back.historyLimits).toEqual([1000]);
    expect(back.samples).toBe(before.samples);
    expect(await h.lookup({ ip: '8.8.8.8' })).toMatchObject({ kind: 'ok', source: 'cache' });
    await core.whenIdle();
    expect(lookedUp(a, '8.8.8.8')).toBe(1);
  });
});
