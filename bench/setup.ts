/** Builds the real pieces the benchmarks drive: a simulator, a QuotaService, an app core. No stand-ins. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../shared/settings';
import { createAppCore, serviceConfig } from '../electron/core/app/app-core';
import type { AppCore } from '../electron/core/app/app-core-types';
import { MemorySecretStore } from '../electron/core/secrets/key-vault';
import { silentLogger, type Clock } from '../electron/core/lib/ports';
import { QuotaService, type QuotaServiceConfig } from '../electron/core/service/quota-service';
import { memoryQuotaStore } from '../test/helpers/memory-quota-store';
import { startSimulator, type Simulator } from '../electron/demo/simulator';

/** A recognisable fake key: the simulator knows it, nothing else does. */
export const BENCH_KEY = 'FAKE-bench-key-0000-1111-2222';

/** A plan that never runs out during a benchmark: huge month quota, no minute limit. */
export const UNLIMITED_PLAN = { monthLimit: 1_000_000_000, minuteLimit: null, label: 'bench' } as const;

export async function benchSimulator(clock?: { now(): number }): Promise<Simulator> {
  return startSimulator({ keys: { [BENCH_KEY]: UNLIMITED_PLAN }, ...(clock ? { clock } : {}) });
}

export function benchServiceConfig(baseUrl: string, patch: Partial<QuotaServiceConfig> = {}): QuotaServiceConfig {
  const base = serviceConfig({ ...DEFAULT_SETTINGS, baseUrl });
  return {
    ...base,
    ...patch,
    autoCheck: { ...base.autoCheck, ...patch.autoCheck },
    cache: { ...base.cache, ...patch.cache },
  };
}

export function benchService(clock: Clock, baseUrl: string, patch: Partial<QuotaServiceConfig> = {}): QuotaService {
  return new QuotaService({
    clock,
    fetch: globalThis.fetch,
    profile: 'bench',
    getKey: async () => BENCH_KEY,
    config: benchServiceConfig(baseUrl, patch),
    store: memoryQuotaStore(),
  });
}

/**
 * Points the app core at `baseUrl` with BENCH_KEY saved for it. A key is bound to the origin of the base URL it
 * was saved for and never sent anywhere else, so a core moved to another simulator (another port: another origin)
 * has no key there until one is saved for it; `updateSettings({ baseUrl })` alone leaves it without one.
 */
export async function pointCoreAt(core: AppCore, baseUrl: string): Promise<void> {
  const saved = await core.handlers.saveKey({ key: BENCH_KEY, baseUrl, verify: 'skip' });
  if (saved.kind !== 'saved') throw new Error(`bench: saving the key for ${baseUrl} failed: ${JSON.stringify(saved)}`);
  // The unverified key's free status probe: let it finish before anything counts the simulator's requests.
  await core.whenIdle();
}

export interface BenchCore {
  core: AppCore;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app core (settings + state files in a temp dir, in-memory key vault) with a key saved for `baseUrl`. */
export async function benchAppCore(clock: Clock, baseUrl: string): Promise<BenchCore> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lookup-tray-bench-'));
  const core = await createAppCore({
    clock,
    fetch: globalThis.fetch,
    secrets: new MemorySecretStore(),
    dataDir,
    notifier: { notify: () => {} },
    logger: silentLogger,
  });
  await pointCoreAt(core, baseUrl);
  return {
    core,
    dataDir,
    async close() {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
