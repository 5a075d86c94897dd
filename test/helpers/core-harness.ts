/** An app core on a temporary data folder, with simulators on the test's clock (the setup of the app-level tests). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppCore } from '../../electron/core/app/app-core';
import type { AppCore } from '../../electron/core/app/app-core-types';
import { silentLogger, type Clock } from '../../electron/core/lib/ports';
import { MemorySecretStore } from '../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../electron/demo/simulator';

export interface CoreHarness {
  /** The data folder (removed by close()). */
  dir: string;
  /** One simulator for each entry of `sims`, in that order. */
  sims: Simulator[];
  core: AppCore;
  /** Disposes the core, closes the simulators and removes the data folder. */
  close(): Promise<void>;
}

/**
 * A temporary data folder (`tmpPrefix`…), a simulator for each set of keys in `sims` (all on `clock`), and an app
 * core on them with an in-memory keychain, no notifications and no logging.
 */
export async function startCore(o: {
  clock: Clock;
  tmpPrefix: string;
  sims: NonNullable<SimulatorOptions['keys']>[];
}): Promise<CoreHarness> {
  const dir = mkdtempSync(join(tmpdir(), o.tmpPrefix));
  const sims: Simulator[] = [];
  for (const keys of o.sims) sims.push(await startSimulator({ clock: o.clock, keys }));
  const core = await createAppCore({
    clock: o.clock,
    fetch,
    secrets: new MemorySecretStore(),
    dataDir: dir,
    notifier: { notify() {} },
    logger: silentLogger,
  });
  return {
    dir,
    sims,
    core,
    async close() {
      await core.dispose();
      for (const s of sims) await s.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
