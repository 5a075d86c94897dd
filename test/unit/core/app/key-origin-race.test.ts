/**
 * Issue 24 (medium): another process changes the base URL to another origin in settings.json, and the window sends
 * settings patches before the folder watch reacts (one the cross-field rules refuse, then a valid one). Nothing
 * carrying the key may reach the new origin: not a lookup, not a bulk job resumed, not an automatic or manual check.
 * The key stays bound to the origin it was saved for; the new origin has no key until one is saved for it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../electron/core/lib/clocks';
import { QuotaService } from '../../../../electron/core/service/quota-service';
import type { Simulator } from '../../../../electron/demo/simulator';
import { startCore, type CoreHarness } from '../../../helpers/core-harness';
import { baseConfig } from '../../../helpers/service-harness';

const KEY = 'FAKE-origin-race-aaaa-1111';

let dir: string;
let clock: OffsetClock;
let home: Simulator;
let elsewhere: Simulator;
let core: AppCore | null;
let harness: CoreHarness | null = null;

beforeEach(async () => {
  clock = new OffsetClock();
  harness = await startCore({
    clock,
    tmpPrefix: 'lt-origin-race-',
    sims: [
      { [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'home' } },
      // Another origin (another port) that would accept the same key: anything it receives with a key is a leak.
      { [KEY]: { monthLimit: 1000, minuteLimit: null, label: 'x' } },
    ],
  });
  ({ dir, core } = harness);
  [home, elsewhere] = harness.sims as [Simulator, Simulator];
});

afterEach(async () => {
  await harness?.close();
  harness = core = null;
});

/** What another process (the CLI's `config set baseUrl …`) leaves in settings.json. */
function otherProcessSets(baseUrl: string): void {
  const file = join(dir, 'settings.json');
  const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...s, baseUrl }, null, 2));
}

const keyed = (s: Simulator) => s.log.filter((l) => l.keyVia !== 'none');

describe('the key never follows the base URL to another origin', () => {
  it('a refused patch, then a valid one, after another process moved the base URL: nothing keyed reaches it', async () => {
    const h = core!.handlers;
    expect((await h.saveKey({ key: KEY, baseUrl: home.url, verify: 'skip' })).kind).toBe('saved');
    // A bulk job, paused, to be resumed after the move.
    const started = await h.bulkStart({ text: '8.8.8.8\n1.1.1.1\n9.9.9.9', label: 'three' });
    if (started.kind !== 'started') throw new Error(started.refusal.kind);
    await h.bulkPause({ id: started.job.id });
    await core!.whenIdle();
    const homeBefore = home.log.length;

    otherProcessSets(elsewhere.url);
    // Before the folder watch reacts (100 ms), the window sends a patch the cross-field rules refuse…
    const refused = await h.updateSettings({ thresholds: { monthLow: 10, monthCritical: 50 } });
    expect(refused.kind).toBe('invalid');
    // …then a valid one.
    expect((await h.updateSettings({ thresholds: { monthLow: 30 } })).kind).toBe('saved');

    const snap = await h.getSnapshot();
    expect(snap.settings.baseUrl).toBe(elsewhere.url); // what the other process wrote is honoured…
    expect(snap.key.hasKey).toBe(false); // …and the new origin has no key until one is saved for it

    await h.bulkResume({ id: started.job.id });
    await h.checkQuota({ spend: true });
    await h.lookup({ ip: '8.8.4.4' });
    await core!.whenIdle();
    await new Promise((r) => setTimeout(r, 300)); // the folder watch has reacted by now, too
    await h.checkQuota({ spend: true });
    await core!.whenIdle();

    expect(keyed(elsewhere)).toEqual([]);
    expect(home.log.length).toBeGreaterThanOrEqual(homeBefore); // nothing more is required of the old origin
    // Back on the old origin, the key (saved for it) is used again.
    expect((await h.updateSettings({ baseUrl: home.url })).kind).toBe('saved');
    expect((await h.getSnapshot()).key.hasKey).toBe(true);
  });
});

describe('a QuotaService is bound to the origin it was built for', () => {
  it('a base URL of another origin is refused by updateConfig: lookups and checks still go to its own origin', async () => {
    const service = new QuotaService({
      clock,
      fetch,
      profile: 'default',
      getKey: async () => KEY,
      config: baseConfig(home.url),
    });
    try {
      service.updateConfig({ baseUrl: elsewhere.url, monthResetDay: 2 });
      expect((await service.lookup('8.8.8.8')).kind).toBe('ok');
      await service.checkQuota({ spend: true });
      expect(keyed(elsewhere)).toEqual([]);
      expect(keyed(home).length).toBeGreaterThanOrEqual(2);
      // Another path on the same origin is a change it takes.
      service.updateConfig({ baseUrl: `${home.url}/` });
      expect((await service.lookup('1.1.1.1')).kind).toBe('ok');
      expect(keyed(elsewhere)).toEqual([]);
    } finally {
      service.dispose();
    }
  });
});
