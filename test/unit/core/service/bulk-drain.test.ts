/**
 * A bulk job's request in flight is not aborted when its service is replaced (a settings or profile change) nor by a
 * cancelled single lookup: the service has received it and counts it, so aborting it made the job ask again — a
 * second request for one address. The user's own lookup in flight still ends as "aborted" (docs/bulk.md, "State").
 */
import { afterEach, expect, it } from 'vitest';
import { startService, type ServiceHarness } from '../../../helpers/service-harness';

let h: ServiceHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Until the simulator has received `n` lookups (it logs a request when it arrives, before its delayed answer). */
async function arrived(n: number): Promise<void> {
  while (h!.sim.log.filter((l) => l.path === '/v2/info').length < n) await new Promise((r) => setTimeout(r, 5));
}

it("a replaced service lets a bulk job's request in flight finish with its answer; the user's lookup is aborted", async () => {
  h = await startService();
  h.sim.setFaults({ delayMs: 400 }); // answers late (real time), so both requests are on the wire at dispose()
  const bulk = h.service.lookup('8.8.8.8', { bulk: true });
  const own = h.service.lookup('1.1.1.1');
  await arrived(2);
  h.service.dispose();
  expect(await bulk).toMatchObject({ kind: 'ok', ip: '8.8.8.8', source: 'network' });
  expect(await own).toMatchObject({ kind: 'network-error', reason: 'aborted' });
  expect(h.sim.log.filter((l) => l.ip === '8.8.8.8')).toHaveLength(1);
});

it("cancelling the user's lookup leaves a bulk job's request in flight alone", async () => {
  h = await startService();
  h.sim.setFaults({ delayMs: 400 });
  const bulk = h.service.lookup('9.9.9.9', { bulk: true });
  const own = h.service.lookup('1.0.0.1');
  await arrived(2);
  h.service.cancel();
  expect(await own).toMatchObject({ kind: 'network-error', reason: 'aborted' });
  expect(await bulk).toMatchObject({ kind: 'ok', ip: '9.9.9.9' });
});
