/**
 * A key saved or removed by another process on the same data folder and keychain (the CLI's `key set` / `key remove`)
 * reaches the running app at once: it never sends the old key again, and shows the new key's state.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { createAppCore } from '../../../../electron/core/app/app-core';
import type { AppCore } from '../../../../electron/core/app/app-core-types';
import { silentLogger, systemClock } from '../../../../electron/core/lib/ports';
import { MemorySecretStore } from '../../../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';

const OLD = 'FAKE-live-old-key-aaaa-1111';
const NEW = 'FAKE-live-new-key-bbbb-2222';

let dir: string;
let sim: Simulator;
let secrets: MemorySecretStore;
let app: AppCore;

const core = (oneShot: boolean) =>
  createAppCore({
    clock: systemClock,
    fetch,
    secrets, // one keychain, as on one machine
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
    oneShot,
  });

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-keys-live-'));
  secrets = new MemorySecretStore();
  sim = await startSimulator({
    keys: {
      [OLD]: { monthLimit: 1000, minuteLimit: null, label: 'old' },
      [NEW]: { monthLimit: 5000, minuteLimit: null, label: 'new' },
    },
  });
  app = await core(false);
  expect((await app.handlers.saveKey({ key: OLD, baseUrl: sim.url })).kind).toBe('saved');
  expect((await app.handlers.lookup({ ip: '8.8.8.8', refresh: true })).kind).toBe('ok');
});
afterEach(async () => {
  await app.dispose();
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a key replaced by another process: the app shows it and sends only the new key from then on', async () => {
  const cli = await core(true);
  expect((await cli.handlers.saveKey({ key: NEW, baseUrl: sim.url })).kind).toBe('saved');
  await cli.dispose();

  await vi.waitFor(async () => expect((await app.handlers.getSnapshot()).key.masked).toBe('••••••2222'), {
    timeout: 5_000,
  });
  const sent = sim.log.length;
  expect((await app.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('ok');
  expect(sim.log.slice(sent).map((l) => l.keyName)).toEqual(['new']);
  // The old key's figures are gone with it: the month is the new plan's.
  expect((await app.handlers.getSnapshot()).quota.month).toMatchObject({ limit: 5000 });
});

it('a key removed by another process: the app says there is none and sends nothing', async () => {
  const cli = await core(true);
  await cli.handlers.removeKey();
  await cli.dispose();

  await vi.waitFor(async () => expect((await app.handlers.getSnapshot()).key.hasKey).toBe(false), {
    timeout: 5_000,
  });
  const sent = sim.log.length;
  expect((await app.handlers.lookup({ ip: '1.1.1.1' })).kind).toBe('no-key');
  expect(sim.log.length).toBe(sent);
});
