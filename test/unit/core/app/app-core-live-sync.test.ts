/**
 * The running app (or web preview) shows what another process on its data folder learns, without being asked:
 * a real second Node process (the CLI's situation) spends requests and hits the minute limit; the app core, idle,
 * pushes the new figures and the cooldown to its window (a quota-changed event) on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { systemClock } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import type { QuotaState } from '../../../../shared/quota';
import { runServiceChild } from '../../../helpers/service-harness';

const KEY = 'FAKE-live-sync-key-aaaa-7777';

let dir: string;
let sim: Simulator;
let core: AppCore | null = null;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-live-'));
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 3, label: 'live' } } });
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('figures and a cooldown another process records reach the idle app core as a quota-changed event', async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100)); // one server minute for the exchange
  core = await createAppCore({
    clock: systemClock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: { info() {}, warn() {}, error() {} },
  });
  const saved = await core.handlers.saveKey({ key: KEY, baseUrl: sim.url, verify: 'skip' });
  expect(saved.kind).toBe('saved');
  // The core's own free status check after the save lands first; the service's Date header counts whole seconds,
  // so the other process's answers start in a later second (figures of one second are not ordered).
  await expect
    .poll(async () => (await core!.handlers.getSnapshot()).quota.month?.remaining, { timeout: 10_000 })
    .toBe(1000);
  await new Promise((r) => setTimeout(r, 1100));
  const seen: QuotaState[] = [];
  core.on('quota-changed', (q) => seen.push(q));

  const other = await runServiceChild(dir, sim.url, KEY, ['8.8.8.8', '1.1.1.1', '9.9.9.9', '8.8.4.4']);
  // The fourth is held back there: 0 of 3 left this minute is known (nothing sent, no 429).
  expect(other.kinds).toEqual(['ok', 'ok', 'ok', 'cooldown']);

  // Nothing is asked of the core: it notices the other process's writes by itself.
  await expect
    .poll(() => seen.at(-1), { timeout: 10_000 })
    .toMatchObject({ month: { limit: 1000, remaining: 997 }, cooldown: { scope: 'minute' } });
  const snap = await core.handlers.getSnapshot();
  expect(snap.quota.cooldown?.scope).toBe('minute');
}, 90_000);
