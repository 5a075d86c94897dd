/**
 * Two processes on one data folder (the app and the CLI, or the app and the web preview): a real second Node
 * process spends requests and hits the minute limit; the first, already running, honours its cooldown (nothing
 * is sent), shows its figures, and answers from the answers it cached.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { startSimulator, type Simulator } from '../../../../electron/demo/simulator';
import { runServiceChild, serviceOnDb } from '../../../helpers/service-harness';

const KEY = 'FAKE-shared-key-aaaa-bbbb-5555';

let dir: string;
let sim: Simulator;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lt-shared-'));
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 3, label: 'shared' } } });
});
afterEach(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

it('a minute cooldown and the figures recorded by another process are honoured here: nothing is sent', async () => {
  // Keep the whole exchange inside one server minute.
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((r) => setTimeout(r, left + 100));
  const db = StateDb.open({ dir });
  const here = serviceOnDb(db, KEY, sim.url);
  try {
    expect(here.state().month).toBeNull();
    const other = await runServiceChild(dir, sim.url, KEY, ['8.8.8.8', '1.1.1.1', '9.9.9.9', '8.8.4.4']);
    // The fourth is held back there too: 0 of 3 left this minute is known (nothing sent, no 429).
    expect(other.kinds).toEqual(['ok', 'ok', 'ok', 'cooldown']);
    expect(sim.log.map((l) => l.status)).toEqual([200, 200, 200]);
    const sent = sim.log.length;

    const out = await here.lookup('203.0.113.7');
    expect(out).toMatchObject({ kind: 'cooldown', scope: 'minute' });
    expect(here.state().month).toMatchObject({ limit: 1000, remaining: 997 });
    expect(await here.lookup('1.1.1.1')).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(sim.log.length).toBe(sent);
  } finally {
    here.dispose();
    db.close();
  }
}, 90_000);
