import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';
import { KEY_MINUTE, KEY_NOMINUTE } from '../../../helpers/simulator-helpers';
import { DEC1, NEXT_MINUTE, T0, startService, until, type ServiceHarness } from '../../../helpers/service-harness';
import { closedPort } from '../../../helpers/local-server';
import { withWords } from '../../../helpers/outcome-words';

let h: ServiceHarness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

async function spendMinute(s: ServiceHarness, n = 5): Promise<void> {
  for (let i = 1; i <= n; i++) expect((await s.service.lookup(`8.8.4.${i}`)).kind).toBe('ok');
}

describe('QuotaService lookups over real HTTP against the simulator', () => {
  it('ok: the body as sent, from the network, with the quota recorded from the headers', async () => {
    h = await startService();
    const o = await h.service.lookup(' 8.8.8.8 ');
    expect(o).toMatchObject({ kind: 'ok', ip: '8.8.8.8', source: 'network', fetchedAt: T0, note: null });
    if (o.kind === 'ok') expect((o.body as { data: { ip: string } }).data.ip).toBe('8.8.8.8');
    expect(h.sim.log).toHaveLength(1);
    expect(h.sim.log[0]).toMatchObject({ path: '/v2/info', ip: '8.8.8.8', keyVia: 'header', status: 200 });
    const s = h.service.state();
    expect(s.month).toMatchObject({ limit: 100, remaining: 99, resetAt: DEC1, level: 'ok', estimated: false });
    expect(s.minute).toMatchObject({ limit: 5, remaining: 4, resetAt: NEXT_MINUTE });
    expect(s.minutePlan).toBe('limited');
  });

  it('ok with a note for a private address, sent all the same', async () => {
    h = await startService();
    const o = await h.service.lookup('192.168.1.10');
    expect(o).toMatchObject({
      kind: 'ok',
      note: expect.stringMatching(/private address: the service may know little/),
    });
    expect(h.requests()).toBe(1);
  });

  it('invalid-ip: refused locally, nothing sent', async () => {
    h = await startService();
    for (const bad of ['999.1.1.1', 'example.com', '10.0.0.0/8', '1.2.3.4:80', '', 'x'.repeat(10_000)]) {
      expect((await h.service.lookup(bad)).kind).toBe('invalid-ip');
    }
    expect(h.sim.log).toHaveLength(0);
    expect(h.changes).toHaveLength(0);
  });

  it('no-key: refused locally, nothing sent', async () => {
    h = await startService({ key: null });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toMatchObject({ kind: 'no-key', message: expect.stringMatching(/Settings/) });
    expect(h.sim.log).toHaveLength(0);
  });

  it('invalid-key: 401 mapped with the actionable message', async () => {
    h = await startService({ key: 'FAKE-revoked-key-9999' });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toEqual({
      kind: 'invalid-key',
      status: 401,
      message: 'The API key was not accepted (401). Check or replace it in Settings.',
    });
    expect(h.service.state().lastError).toBe('invalid-key');
  });

  it('forbidden: 403 with the plan hint', async () => {
    h = await startService();
    h.sim.setFaults({ forbidden: true });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toMatchObject({
      kind: 'forbidden',
      status: 403,
      message: expect.stringMatching(/plan does not allow/),
    });
    expect(h.service.state().month?.remaining).toBe(100); // errors are not counted, and the headers said so
  });

  it('server-error: 500, no retry', async () => {
    h = await startService();
    h.sim.setFaults({ status500: true });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toMatchObject({
      kind: 'server-error',
      status: 500,
      message: expect.stringMatching(/Retry later/),
    });
    expect(h.sim.log).toHaveLength(1);
    expect(h.service.state().lastError).toBe('server-error');
  });

  it('bad-response: a 200 that is not JSON still shows what came, and its quota counts', async () => {
    h = await startService();
    h.sim.setFaults({ nonJson: true });
    const o = await h.service.lookup('8.8.8.8');
    expect(o).toMatchObject({
      kind: 'bad-response',
      status: 200,
      ip: '8.8.8.8',
      raw: expect.stringContaining('<!DOCTYPE html>'),
    });
    expect(h.service.state()).toMatchObject({ lastError: 'bad-response', month: { remaining: 99 } });
    // Not cached: the next lookup asks again.
    h.sim.clearFaults();
    expect((await h.service.lookup('8.8.8.8')).kind).toBe('ok');
    expect(h.sim.log).toHaveLength(2);
  });

  it('bad-response: a wrong base URL (404) says to check it', async () => {
    h = await startService();
    h.service.updateConfig({ baseUrl: `${h.sim.url}/wrong` });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toMatchObject({
      kind: 'bad-response',
      status: 404,
      message: expect.stringMatching(/base URL/),
    });
  });

  it('network-error refused: nothing listening', async () => {
    // A service is built for one origin (it never changes origin): this one for a port nothing listens on.
    h = await startService({ config: { baseUrl: `http://127.0.0.1:${await closedPort()}` } });
    const o = await h.service.lookup('8.8.8.8');
    expect(o).toMatchObject({ kind: 'network-error', reason: 'refused' });
    expect(h.service.state().lastError).toBe('network-error');
  });

  it('network-error reset: the connection is cut', async () => {
    h = await startService();
    h.sim.setFaults({ reset: true });
    const o = await h.service.lookup('8.8.8.8');
    expect(o).toMatchObject({ kind: 'network-error', reason: 'reset' });
  });

  it('network-error timeout: a 30 s stall hits the default 10 s timeout (on the injected clock)', async () => {
    h = await startService();
    h.sim.setFaults({ delayMs: 30_000 });
    const p = h.service.lookup('8.8.8.8');
    await until(() => h!.sim.log.length === 1);
    const started = Date.now();
    h.clock.advance(9_999);
    h.clock.advance(1);
    const o = await p;
    expect(withWords(o)).toMatchObject({
      kind: 'network-error',
      reason: 'timeout',
      message: expect.stringMatching(/did not answer in time/),
    });
    expect(Date.now() - started).toBeLessThan(8000); // the injected clock's 10 s, not the wall's
  });

  it('network-error aborted: cancel() ends a lookup in flight', async () => {
    h = await startService();
    h.sim.setFaults({ delayMs: 30_000 });
    const p = h.service.lookup('8.8.8.8');
    await until(() => h!.sim.log.length === 1);
    h.service.cancel();
    expect(await p).toMatchObject({ kind: 'network-error', reason: 'aborted' });
    expect(h.service.state().lastError).toBeNull(); // cancelling is not a failure of the service
    expect(h.clock.pendingTimers()).toBe(0);
  });

  it('rate-limited, minute scope: the sixth lookup in a minute, resetting at the minute boundary', async () => {
    h = await startService();
    await spendMinute(h);
    const o = await h.service.lookup('8.8.4.6', { force: true }); // 0 left is known: only a forced one is sent
    expect(withWords(o)).toEqual({
      kind: 'rate-limited',
      scope: 'minute',
      resetAt: NEXT_MINUTE,
      at: expect.any(Number),
      message: 'Minute limit reached — resets in 0:50.',
    });
    expect(h.service.state().cooldown).toEqual({ scope: 'minute', until: NEXT_MINUTE, since: T0 });
  });

  it('rate-limited, month scope: exhausted month, resetting Dec 1 00:00 UTC', async () => {
    h = await startService();
    h.sim.setUsage(KEY_MINUTE, { month: 100 });
    const o = await h.service.lookup('8.8.8.8');
    expect(withWords(o)).toEqual({
      kind: 'rate-limited',
      scope: 'month',
      resetAt: DEC1,
      at: expect.any(Number),
      message: 'Monthly quota exhausted — resets Dec 1, 00:00 UTC. Upgrade your plan or wait.',
    });
    expect(h.service.state().month).toMatchObject({ remaining: 0, level: 'exhausted' });
  });

  it('rate-limited with an empty 429 body: scope and reset still known', async () => {
    h = await startService();
    h.sim.setFaults({ empty429: true });
    await spendMinute(h);
    expect(await h.service.lookup('8.8.4.6', { force: true })).toMatchObject({
      kind: 'rate-limited',
      scope: 'minute',
      resetAt: NEXT_MINUTE,
    });
    h.sim.setUsage(KEY_MINUTE, { month: 100 });
    expect(await h.service.lookup('8.8.4.7', { force: true })).toMatchObject({
      kind: 'rate-limited',
      scope: 'month',
      resetAt: DEC1,
    });
  });

  it('invalid-input: 422 with the server message (sent with a raw client: the service never sends a bad IP)', async () => {
    const { createApiClient } = await import('../../../../electron/core/lookup-api/client');
    const { toLookupOutcome } = await import('../../../../electron/core/lookup-api/outcomes');
    const { QuotaEngine } = await import('../../../../electron/core/quota/engine');
    const { parseQuotaHeaders } = await import('../../../../electron/core/lookup-api/quota-headers');
    h = await startService();
    const api = createApiClient({ fetch, clock: h.clock });
    const raw = await api.request({
      baseUrl: h.sim.url,
      key: KEY_MINUTE,
      path: '/v2/info',
      query: { ip: 'not-an-ip' },
    });
    const engine = new QuotaEngine({
      profile: 'x',
      clock: h.clock,
      thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
      monthResetDay: 1,
    });
    const parsed = raw.kind === 'response' ? parseQuotaHeaders(raw.headers) : null;
    if (parsed && raw.kind === 'response')
      engine.observe(parsed, { status: raw.status, localReceivedAt: raw.receivedAt });
    expect(withWords(toLookupOutcome(raw, 'not-an-ip', engine))).toEqual({
      kind: 'invalid-input',
      status: 422,
      said: 'The ip must be a valid IP address.',
      message: 'The service refused the input (422): The ip must be a valid IP address.',
    });
    expect(engine.state().month?.remaining).toBe(100);
  });

  it("a plan without a minute limit: minutePlan 'none', no minute window (not zero)", async () => {
    h = await startService({ key: KEY_NOMINUTE });
    for (let i = 1; i <= 8; i++) expect((await h.service.lookup(`1.1.1.${i}`)).kind).toBe('ok');
    const s = h.service.state();
    expect(s).toMatchObject({ minutePlan: 'none', minute: null, month: { limit: 50, remaining: 42 } });
  });

  it('garbage quota headers keep the last good values', async () => {
    h = await startService();
    await h.service.lookup('8.8.8.8');
    h.sim.setFaults({ garbageHeaders: true });
    h.clock.advance(1000);
    expect((await h.service.lookup('8.8.4.4')).kind).toBe('ok');
    const s = h.service.state();
    expect(s.month).toMatchObject({ limit: 100, remaining: 99, observedAt: T0 });
    expect(s.minute).toMatchObject({ limit: 5, remaining: 4, observedAt: T0 });
    h.sim.clearFaults();
    await h.service.lookup('8.8.4.5');
    expect(h.service.state().month).toMatchObject({ remaining: 97, observedAt: T0 + 1000 });
  });

  it('lower-cased quota header names are read all the same', async () => {
    h = await startService();
    h.sim.setFaults({ lowercaseHeaders: true });
    await h.service.lookup('8.8.8.8');
    expect(h.service.state()).toMatchObject({
      month: { remaining: 99 },
      minute: { remaining: 4 },
      minutePlan: 'limited',
    });
  });

  it('a cache hit returns at once with its original fetchedAt and sends nothing; Refresh sends', async () => {
    h = await startService();
    const first = await h.service.lookup('8.8.8.8');
    h.clock.advance(3 * 60_000);
    const changes = h.changes.length;
    const hit = await h.service.lookup('8.8.8.8');
    expect(hit).toMatchObject({ kind: 'ok', source: 'cache', fetchedAt: T0 });
    if (hit.kind === 'ok' && first.kind === 'ok') expect(hit.body).toEqual(first.body);
    expect(h.sim.log).toHaveLength(1);
    expect(h.changes).toHaveLength(changes);
    const fresh = await h.service.lookup('8.8.8.8', { refresh: true });
    expect(fresh).toMatchObject({ source: 'network', fetchedAt: T0 + 3 * 60_000 });
    expect(h.sim.log).toHaveLength(2);
    expect(h.service.recent()).toEqual([{ ip: '8.8.8.8', fetchedAt: T0 + 3 * 60_000, label: expect.any(String) }]);
  });

  it('identical lookups in flight share one request', async () => {
    h = await startService();
    const a = h.service.lookup('8.8.8.8');
    const b = h.service.lookup('8.8.8.8 ');
    expect(b).toBe(a);
    const [x, y] = await Promise.all([a, b]);
    expect(x).toBe(y);
    expect(h.sim.log).toHaveLength(1);
    // A different IP is its own request.
    await Promise.all([h.service.lookup('1.1.1.1'), h.service.lookup('1.0.0.1')]);
    expect(h.sim.log).toHaveLength(3);
  });

  it('never retries by itself: a failure is one request', async () => {
    h = await startService();
    h.sim.setFaults({ reset: true });
    await h.service.lookup('8.8.8.8');
    h.clock.advance(60 * 60_000);
    expect(h.sim.log).toHaveLength(1);
  });
});
