/**
 * Issue 16, "Expected and missing": clearing the cache and the recent list from the window (each says what it
 * frees), and the data folder (About). Through the composed core, against the simulator over real HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAppCore } from '../../../../../electron/core/app/app-core';
import type { AppCore, AppCorePorts } from '../../../../../electron/core/app/app-core-types';
import { OffsetClock } from '../../../../../electron/core/lib/clocks';
import { silentLogger } from '../../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../../electron/core/secrets/key-vault';
import { folderInEnglish } from '../../../../helpers/saved-words';
import { startSimulator, type Simulator } from '../../../../../electron/demo/simulator';

const KEY = 'FAKE-data-key-aaaa-bbbb-cccc-1234';
let dir: string;
let sim: Simulator;
let clock: OffsetClock;
let secrets: MemorySecretStore;
const cores: AppCore[] = [];

async function core(extra: Partial<AppCorePorts> = {}): Promise<AppCore> {
  const c = await createAppCore({
    clock,
    fetch,
    secrets,
    dataDir: dir,
    notifier: { notify: () => {} },
    logger: silentLogger,
    ...extra,
  });
  cores.push(c);
  return c;
}

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-data-'));
  clock = new OffsetClock();
  sim = await startSimulator({ clock, keys: { [KEY]: { monthLimit: 1000, minuteLimit: 50, label: 'd' } } });
  secrets = new MemorySecretStore();
});

afterEach(async () => {
  for (const c of cores.splice(0)) await c.dispose();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

async function withLookups(c: AppCore, ips: string[]): Promise<void> {
  const saved = await c.handlers.saveKey({ key: KEY, baseUrl: sim.url, verify: 'skip' });
  expect(saved.kind).toBe('saved');
  for (const ip of ips) expect((await c.handlers.lookup({ ip })).kind).toBe('ok');
}

it('Clear cache says how many answers and bytes it frees, then the next lookup asks the service again', async () => {
  const c = await core();
  await withLookups(c, ['8.8.8.8', '1.1.1.1', '9.9.9.9']);
  const before = await c.handlers.getDataInfo();
  expect(before.cache.answers).toBe(3);
  expect(before.cache.bytes).toBeGreaterThan(300);
  expect(before.recent).toBe(3);
  expect(before.dataDir).toBe(dir);
  const sent = sim.log.length;
  expect((await c.handlers.lookup({ ip: '8.8.8.8' })).kind).toBe('ok');
  expect(sim.log.length).toBe(sent); // cached: nothing sent
  const after = await c.handlers.clearCache();
  expect(after.cache).toEqual({ answers: 0, bytes: 0 });
  expect(after.recent).toBe(0);
  expect(await c.handlers.recentLookups()).toEqual([]);
  await c.handlers.lookup({ ip: '8.8.8.8' });
  expect(sim.log.length).toBe(sent + 1);
  // Gone from state.db too: a restarted app has nothing cached.
  await c.dispose();
  const again = await core();
  expect((await again.handlers.getDataInfo()).cache.answers).toBe(1);
});

it('Clear recent list empties the list but keeps the answers cached, also after a restart', async () => {
  const c = await core();
  await withLookups(c, ['8.8.8.8', '1.1.1.1']);
  clock.advance(1_000);
  const after = await c.handlers.clearRecent();
  expect(after.recent).toBe(0);
  expect(after.cache.answers).toBe(2);
  expect(await c.handlers.recentLookups()).toEqual([]);
  // The cached answer is still used (nothing sent), and the address is back on the list.
  const sent = sim.log.length;
  clock.advance(1_000);
  expect((await c.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('ok');
  expect(sim.log.length).toBe(sent);
  expect((await c.handlers.recentLookups()).map((r) => r.ip)).toEqual(['1.1.1.1']);
  // After a restart the cleared addresses stay off the list.
  await c.dispose();
  const again = await core();
  expect((await again.handlers.getDataInfo()).recent).toBeLessThanOrEqual(1);
  expect((await again.handlers.recentLookups()).map((r) => r.ip)).not.toContain('8.8.8.8');
});

it('Open data folder goes through the shell port with the data folder; without one it gives the path', async () => {
  const opened: string[] = [];
  const c = await core({ openPath: async (p) => (opened.push(p), '') });
  expect((await c.handlers.getDataInfo()).canOpenFolder).toBe(true);
  expect(folderInEnglish(await c.handlers.openDataFolder())).toEqual({
    opened: true,
    message: 'Opened the data folder.',
  });
  expect(opened).toEqual([dir]);
  await c.dispose();
  const failing = await core({ openPath: async () => 'No file manager' });
  expect(folderInEnglish(await failing.handlers.openDataFolder())).toEqual({
    opened: false,
    message: 'Could not open the data folder: No file manager',
  });
  await failing.dispose();
  const preview = await core();
  expect((await preview.handlers.getDataInfo()).canOpenFolder).toBe(false);
  expect(folderInEnglish(await preview.handlers.openDataFolder())).toEqual({
    opened: false,
    message: `The data folder is ${dir}`,
  });
});
