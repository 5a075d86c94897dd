/**
 * Issue 16, item 6: showing a recent lookup again (`stored`) never sends a request. An answer older than the cache
 * lifetime is shown marked `expired` (with its age and Refresh in the window); one no longer kept says so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { dbQuotaStore } from '../../../../electron/core/service/store/db-quota-store';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { T0, startService, type ServiceHarness } from '../../../helpers/service-harness';
import type { Harness } from '../../../helpers/simulator-helpers';

const DAY = 24 * 3_600_000;
let h: ServiceHarness | null = null;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await h?.close();
  h = null;
  for (const c of cleanups.splice(0)) c();
});

it('a stored lookup of an expired answer shows it marked expired and sends nothing; a plain lookup sends', async () => {
  h = await startService();
  await h.service.lookup('8.8.8.8');
  h.clock.advance(DAY + 60_000);
  const sent = h.sim.log.length;
  const o = await h.service.lookup('8.8.8.8', { stored: true });
  expect(o).toMatchObject({ kind: 'ok', ip: '8.8.8.8', source: 'cache', fetchedAt: T0, expired: true });
  expect(h.sim.log.length).toBe(sent);
  // A fresh one is not marked.
  await h.service.lookup('1.1.1.1');
  const fresh = await h.service.lookup('1.1.1.1', { stored: true });
  expect(fresh).toMatchObject({ kind: 'ok', source: 'cache' });
  expect(fresh).not.toHaveProperty('expired');
  // Nothing kept: said, nothing sent.
  const before = h.sim.log.length;
  expect(await h.service.lookup('9.9.9.9', { stored: true })).toMatchObject({ kind: 'not-cached', ip: '9.9.9.9' });
  expect(h.sim.log.length).toBe(before);
  // The ordinary lookup of the expired one still goes to the network.
  expect(await h.service.lookup('8.8.8.8')).toMatchObject({ kind: 'ok', source: 'network' });
  expect(h.sim.log.length).toBe(before + 1);
});

it('an expired answer another process (or an earlier run) kept in state.db is shown from there', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lt-stored-'));
  const db = StateDb.open({ dir });
  cleanups.push(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const first = await startService({ store: dbQuotaStore(db, 'default', '') });
  await first.service.lookup('8.8.8.8');
  first.service.flush();
  const harness: Harness = { sim: first.sim, clock: first.clock };
  first.service.dispose();
  first.clock.advance(2 * DAY);
  h = await startService({ store: dbQuotaStore(db, 'default', ''), harness });
  const sent = h.sim.log.length;
  expect(await h.service.lookup('8.8.8.8', { stored: true })).toMatchObject({
    kind: 'ok',
    source: 'cache',
    fetchedAt: T0,
    expired: true,
  });
  expect(h.sim.log.length).toBe(sent);
});
