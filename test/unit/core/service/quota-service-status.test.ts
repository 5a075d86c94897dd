import { afterEach, describe, expect, it } from 'vitest';
import { QuotaService } from '../../../../electron/core/service/quota-service';
import { type QuotaStore } from '../../../../electron/core/service/store/quota-store';
import { memoryQuotaStore } from '../../../helpers/memory-quota-store';
import { KEY_MINUTE, KEY_NOMINUTE, startHarness } from '../../../helpers/simulator-helpers';
import { baseConfig, T0, startService, settle, until, type ServiceHarness } from '../../../helpers/service-harness';

let h: ServiceHarness | null = null;
let extra: ServiceHarness | null = null;
afterEach(async () => {
  extra?.service.dispose();
  await h?.close();
  h = extra = null;
});

const MIN = 60_000;

/** Advance the shared clock minute by minute, letting each auto-check's HTTP round trip finish. */
async function run(s: ServiceHarness, minutes: number, step = 1): Promise<void> {
  for (let m = 0; m < minutes; m += step) {
    s.clock.advance(step * MIN);
    await s.service.whenIdle();
  }
}

describe('free status check', () => {
  it('probes once per base URL: supported, with the month figures from the body', async () => {
    h = await startService();
    h.sim.setUsage(KEY_MINUTE, { month: 30 });
    expect(await h.service.probeStatus()).toBe('supported');
    expect(await h.service.probeStatus()).toBe('supported');
    expect(h.requests('/v2/status')).toBe(1);
    expect(h.sim.usage(KEY_MINUTE).month).toBe(30); // free
    expect(h.service.state()).toMatchObject({ statusCheck: 'supported', month: { limit: 100, remaining: 70 } });
  });

  it('404 means unsupported, remembered; Check quota then asks before spending, and spends one lookup when allowed', async () => {
    h = await startService({ sim: { statusEndpoint: false } });
    expect(await h.service.probeStatus()).toBe('unsupported');
    expect(await h.service.probeStatus()).toBe('unsupported');
    expect(h.requests()).toBe(1);
    expect(h.service.state().lastError).toBeNull();
    const ask = await h.service.checkQuota();
    expect(ask).toEqual({ kind: 'needs-confirmation', cost: 1 });
    expect(h.requests()).toBe(1);
    expect(await h.service.checkQuota({ spend: true })).toMatchObject({ kind: 'checked', via: 'lookup' });
    expect(h.requests('/v2/info')).toBe(1);
    expect(h.service.state().month?.remaining).toBe(99);
  });

  it('Check quota on a service never probed: one free probe (404), then it asks before spending', async () => {
    h = await startService({ sim: { statusEndpoint: false } });
    expect(await h.service.checkQuota()).toMatchObject({ kind: 'needs-confirmation', cost: 1 });
    expect(h.sim.log.map((l) => [l.path, l.status, l.counted])).toEqual([['/v2/status', 404, false]]);
    expect(h.service.state().statusCheck).toBe('unsupported');
  });

  it('Check quota is free where the status check exists', async () => {
    h = await startService();
    expect(await h.service.checkQuota()).toMatchObject({ kind: 'checked', via: 'status' });
    expect(await h.service.checkQuota()).toMatchObject({ kind: 'checked', via: 'status' });
    expect(h.requests('/v2/status')).toBe(2);
    expect(h.sim.usage(KEY_MINUTE).month).toBe(0);
  });

  it('a new base URL has to be probed again', async () => {
    h = await startService();
    await h.service.probeStatus();
    h.service.updateConfig({ baseUrl: `${h.sim.url}/other` });
    expect(h.service.state().statusCheck).toBe('unknown');
  });

  it('verifies a key for free through the status check, or asks before spending a lookup', async () => {
    h = await startService();
    expect(await h.service.verifyKey(KEY_NOMINUTE, 'free')).toMatchObject({ ok: true, via: 'status' });
    expect(await h.service.verifyKey('FAKE-wrong-key-0000', 'free')).toMatchObject({
      ok: false,
      via: 'status',
      outcome: { kind: 'invalid-key' },
    });
    // A key that is not the current one does not touch this profile's figures.
    expect(h.service.state().month).toBeNull();
    h.sim.setStatusEndpoint(false);
    h.service.updateConfig({ baseUrl: `${h.sim.url}/` });
    expect(await h.service.verifyKey(KEY_NOMINUTE, 'free')).toEqual({
      ok: false,
      via: 'lookup',
      needsConfirmation: true,
    });
    expect(await h.service.verifyKey(KEY_NOMINUTE, 'spend')).toMatchObject({
      ok: true,
      via: 'lookup',
      outcome: { kind: 'ok' },
    });
    expect(await h.service.verifyKey('FAKE-wrong-key-0000', 'spend')).toMatchObject({
      ok: false,
      outcome: { kind: 'invalid-key' },
    });
  });
});

describe('auto-check', () => {
  it('is on by default where the status check exists: every 5 minutes', async () => {
    h = await startService({ config: { autoCheck: { enabled: null, intervalMs: 5 * MIN, allowSpending: false } } });
    expect(h.clock.pendingTimers()).toBe(0); // nothing known yet, nothing scheduled
    await h.service.probeStatus();
    await run(h, 30);
    expect(h.requests('/v2/status')).toBe(1 + 6);
    expect(h.requests('/v2/info')).toBe(0);
  });

  it('checks more often as the quota runs low (halved) and critical (quartered)', async () => {
    h = await startService({ config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } } });
    h.sim.setUsage(KEY_MINUTE, { month: 80 }); // 20 % left: low
    await h.service.probeStatus();
    await run(h, 30, 0.5);
    expect(h.requests('/v2/status')).toBe(1 + 12);
    h.sim.setUsage(KEY_MINUTE, { month: 95 }); // 5 % left: critical (seen at the next check)
    const before = h.requests('/v2/status');
    await run(h, 30, 0.25);
    expect(h.requests('/v2/status') - before).toBe(1 + 22); // one at the low pace (2.5 min), then every 1.25 min
  });

  it('a lookup counts as fresh data: the next auto-check moves out', async () => {
    h = await startService({ config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } } });
    await h.service.probeStatus();
    await run(h, 4);
    await h.service.lookup('8.8.8.8');
    await run(h, 4);
    expect(h.requests('/v2/status')).toBe(1);
    await run(h, 1);
    expect(h.requests('/v2/status')).toBe(2);
  });

  it('backs off exponentially on errors, up to an hour, and recovers', async () => {
    h = await startService({ config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } } });
    await h.service.probeStatus();
    h.sim.setFaults({ reset: true });
    const times: number[] = [];
    for (let m = 0; m < 200; m += 5) {
      const n = h.sim.log.length;
      h.clock.advance(5 * MIN);
      await h.service.whenIdle();
      if (h.sim.log.length > n) times.push((h.clock.now() - T0) / MIN);
    }
    expect(times).toEqual([5, 15, 35, 75, 135, 195]);
    h.sim.clearFaults();
    await run(h, 60, 5);
    expect(h.service.state().lastError).toBeNull();
    const after = h.sim.log.slice(-3).map((l) => (l.at - T0) / MIN);
    expect(after).toEqual([195, 255, 260]); // the failure at 195, then an hour later, then back to 5 minutes
  });

  it('never runs two at once', async () => {
    h = await startService({
      timeoutMs: 24 * 60 * MIN,
      config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } },
    });
    await h.service.probeStatus();
    h.sim.setFaults({ delayMs: 30_000 });
    for (let m = 0; m < 30; m += 5) {
      h.clock.advance(5 * MIN);
      await settle(); // the first check stays in flight: whenIdle() would wait for it
    }
    await until(() => h!.requests('/v2/status') >= 2); // the stalled check reached the service (a real socket)
    await settle();
    expect(h.requests('/v2/status')).toBe(2);
    h.service.dispose();
  });

  it('pauses while suspended and checks promptly on resume', async () => {
    h = await startService({ config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } } });
    await h.service.probeStatus();
    h.service.setSuspended(true);
    expect(h.clock.pendingTimers()).toBe(0);
    await run(h, 60, 5);
    expect(h.requests('/v2/status')).toBe(1);
    h.service.setSuspended(false);
    h.clock.advance(0);
    await h.service.whenIdle();
    expect(h.requests('/v2/status')).toBe(2);
  });

  it('without a free status check: off by default, and spends a lookup per interval only when allowed', async () => {
    h = await startService({
      sim: { statusEndpoint: false },
      config: { autoCheck: { enabled: null, intervalMs: 5 * MIN, allowSpending: false } },
    });
    await h.service.probeStatus();
    await run(h, 30, 5);
    expect(h.requests('/v2/info')).toBe(0);
    h.service.updateConfig({ autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } });
    await run(h, 30, 5);
    expect(h.requests('/v2/info')).toBe(0);
    h.service.updateConfig({ autoCheck: { enabled: true, intervalMs: 10 * MIN, allowSpending: true } });
    await run(h, 60, 5);
    expect(h.requests('/v2/info')).toBe(6);
  });

  it('idle cost is zero: no timer at all when auto-check is off and nothing is pending', async () => {
    h = await startService({ config: { autoCheck: { enabled: false, intervalMs: 5 * MIN, allowSpending: false } } });
    await h.service.probeStatus(); // full windows: nothing will change by itself
    expect(h.clock.pendingTimers()).toBe(0);
    const fired = h.clock.fired;
    h.clock.advance(10 * MIN);
    expect(h.clock.fired).toBe(fired);
    expect(h.requests()).toBe(1);
  });

  it('dispose clears every timer', async () => {
    h = await startService({
      store: memoryQuotaStore(),
      config: { autoCheck: { enabled: true, intervalMs: 5 * MIN, allowSpending: false } },
    });
    await h.service.probeStatus();
    await h.service.lookup('8.8.8.8');
    expect(h.clock.pendingTimers()).toBeGreaterThan(0);
    h.service.dispose();
    expect(h.clock.pendingTimers()).toBe(0);
  });
});

describe('configuration changes take effect at once', () => {
  it('thresholds re-level the figures and emit one change', async () => {
    h = await startService();
    h.sim.setUsage(KEY_MINUTE, { month: 60 });
    await h.service.lookup('8.8.8.8');
    expect(h.service.state().month?.level).toBe('ok');
    const n = h.changes.length;
    h.service.updateConfig({
      thresholds: { month: { low: 0.5, critical: 0.2 }, minute: { low: 0.25, critical: 0.1 } },
    });
    expect(h.changes).toHaveLength(n + 1);
    expect(h.changes[n]!.month?.level).toBe('low');
  });

  it('a new language is a different cache entry; the cache size limit applies at once', async () => {
    h = await startService();
    await h.service.lookup('8.8.8.8');
    h.service.updateConfig({ answerLanguage: 'de' });
    expect(await h.service.lookup('8.8.8.8')).toMatchObject({ source: 'network' });
    expect(h.requests()).toBe(2);
    h.service.updateConfig({ cache: { maxEntries: 1, ttlMs: 60_000 } });
    h.service.updateConfig({ answerLanguage: '' });
    expect(await h.service.lookup('8.8.8.8')).toMatchObject({ source: 'network' });
  });
});

describe('persistence', () => {
  it('state, cooldown, history, cache and status support survive a restart', async () => {
    const store = memoryQuotaStore();
    h = await startService({ store });
    await h.service.probeStatus();
    for (let i = 1; i <= 5; i++) await h.service.lookup(`8.8.4.${i}`);
    await h.service.lookup('8.8.4.6');
    expect(store.writes).toBe(0); // written shortly after, once
    h.clock.advance(1000);
    expect(store.writes).toBe(1);
    const before = h.service.state();
    h.service.dispose();

    extra = await startService({ store, harness: { sim: h.sim, clock: h.clock } });
    expect({ ...extra.service.state(), asOf: 0 }).toEqual({ ...before, asOf: 0 });
    const sent = h.sim.log.length;
    expect(await extra.service.lookup('8.8.4.1')).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(await extra.service.lookup('1.1.1.1')).toMatchObject({ kind: 'cooldown', scope: 'minute' });
    expect(await extra.service.probeStatus()).toBe('supported');
    expect(h.sim.log.length).toBe(sent);
    expect(extra.service.recent().map((r) => r.ip)).toEqual(['8.8.4.1', '8.8.4.5', '8.8.4.4', '8.8.4.3', '8.8.4.2']);
  });

  it('a corrupt, unreadable or missing store starts clean without crashing', async () => {
    const { sim, clock } = await startHarness(T0);
    const failing = (load: () => unknown): QuotaStore => ({
      ...memoryQuotaStore(),
      load: load as QuotaStore['load'],
      saveEngine: () => {
        throw new Error('read-only');
      },
    });
    const stores: QuotaStore[] = [
      failing(() => {
        throw new SyntaxError('Unexpected token');
      }),
      failing(() => 'garbage'),
      failing(() => ({
        engine: { version: 1, month: 'x' },
        cache: [{}],
        statusCheck: 7,
      })),
      memoryQuotaStore(),
    ];
    try {
      for (const store of stores) {
        const s = new QuotaService({
          clock,
          fetch,
          profile: 'p',
          getKey: async () => KEY_MINUTE,
          config: baseConfig(sim.url),
          store,
        });
        expect(s.state()).toMatchObject({ month: null, minute: null, cooldown: null, statusCheck: 'unknown' });
        expect((await s.lookup('8.8.8.8', { refresh: true })).kind).toBe('ok');
        s.dispose(); // flush: a failing write is logged, not thrown
      }
    } finally {
      await sim.close();
    }
  });
});

describe('the key stays secret', () => {
  it('never appears in outcomes, state, logs, persisted data or URLs', async () => {
    const store = memoryQuotaStore();
    h = await startService({ store });
    const seen: unknown[] = [];
    const s = h.service;
    seen.push(
      await s.lookup('8.8.8.8'),
      await s.lookup('8.8.8.8'),
      await s.lookup('bad input'),
      await s.probeStatus(),
      await s.checkQuota(),
    );
    h.sim.setFaults({ nonJson: true });
    seen.push(await s.lookup('1.1.1.1'));
    h.sim.setFaults({ forbidden: true, nonJson: false });
    seen.push(await s.lookup('1.1.1.2'));
    h.sim.clearFaults();
    h.sim.setFaults({ status500: true });
    seen.push(await s.lookup('1.1.1.3'));
    h.sim.clearFaults();
    for (let i = 0; i < 4; i++) seen.push(await s.lookup(`2.2.2.${i}`));
    seen.push(await s.lookup('3.3.3.3'), await s.lookup('3.3.3.3', { force: true }));
    h.sim.setFaults({ reset: true });
    seen.push(await s.lookup('4.4.4.4', { force: true }));
    h.sim.clearFaults();
    seen.push(await s.verifyKey(KEY_MINUTE, 'spend'));
    h.vault.key = 'FAKE-unknown-key-secret-7777';
    seen.push(await s.lookup('5.5.5.5', { force: true }), await s.checkQuota());
    s.flush();
    const text = JSON.stringify({
      seen,
      state: s.state(),
      changes: h.changes,
      logs: h.logs,
      store: store.snapshot(),
      recent: s.recent(),
      simLog: h.sim.log,
    });
    const kinds = new Set(
      seen.map((o) => (o && typeof o === 'object' && 'kind' in o ? (o as { kind: string }).kind : String(o))),
    );
    expect([...kinds]).toEqual(
      expect.arrayContaining([
        'ok',
        'invalid-ip',
        'bad-response',
        'forbidden',
        'server-error',
        'rate-limited',
        'cooldown',
        'network-error',
        'invalid-key',
      ]),
    );
    for (const key of [KEY_MINUTE, 'FAKE-unknown-key-secret-7777']) expect(text).not.toContain(key);
    expect(h.sim.log.every((l) => l.keyVia === 'header')).toBe(true);
  });

  it('removes a key the server echoes back from messages and raw bodies', async () => {
    const { redact } = await import('../../../../electron/core/lib/redact');
    const key = 'FAKE-echoed-key-1234';
    const fakeFetch: typeof fetch = async () =>
      new Response(JSON.stringify({ message: `key ${key} is not allowed here` }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      });
    const { sim, clock } = await startHarness(T0);
    const s = new QuotaService({
      clock,
      fetch: fakeFetch,
      profile: 'p',
      getKey: async () => key,
      config: baseConfig(sim.url),
    });
    try {
      const o = await s.lookup('8.8.8.8');
      expect(o.kind).toBe('forbidden');
      expect(JSON.stringify(o)).not.toContain(key);
      expect(redact(`a ${key} b`, key)).toBe('a •••••• b');
    } finally {
      s.dispose();
      await sim.close();
    }
  });
});
