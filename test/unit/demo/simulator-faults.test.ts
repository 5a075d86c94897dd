import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  get,
  info,
  KEY_BIG,
  KEY_MINUTE,
  quota,
  rawGet,
  startHarness,
  type Harness,
} from '../../helpers/simulator-helpers';

/** Far below the 30 s stall, far above a busy CI machine's pauses: "at once", not a timing the user could see. */
const STALL_BOUND_MS = 5_000;

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.sim.close();
});

describe('simulator: faults', () => {
  it('delayMs answers late but correctly', async () => {
    h.sim.setFaults({ delayMs: 150 });
    const t0 = performance.now();
    const res = await info(h.sim);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
    expect(res.status).toBe(200);
    expect(quota(res).month).toBe('99');
  });

  it('a stalled request is cut off by close(), which resolves at once', async () => {
    h.sim.setFaults({ delayMs: 30_000 });
    const pending = info(h.sim).then(
      () => 'answered',
      () => 'failed',
    );
    while (h.sim.log.length === 0) await new Promise((r) => setTimeout(r, 5));
    const t0 = performance.now();
    await h.sim.close();
    expect(performance.now() - t0).toBeLessThan(STALL_BOUND_MS);
    expect(await pending).toBe('failed');
  });

  it('reset destroys the connection without an answer and counts nothing', async () => {
    h.sim.setFaults({ reset: true });
    await expect(info(h.sim)).rejects.toThrow();
    expect(h.sim.log.at(-1)).toMatchObject({ path: '/v2/info', status: 0, counted: false });
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 0, minute: 0 });
    h.sim.clearFaults();
    expect((await info(h.sim)).status).toBe(200);
  });

  it('status500 answers 500 with quota headers, not counted', async () => {
    h.sim.setFaults({ status500: true });
    const res = await info(h.sim);
    expect(res.status).toBe(500);
    expect(quota(res).month).toBe('100');
    expect(h.sim.usage(KEY_MINUTE).month).toBe(0);
    expect((await get(h.sim, '/v2/status')).status).toBe(200);
  });

  it('nonJson answers 200 with an HTML body, quota headers, and counts it', async () => {
    h.sim.setFaults({ nonJson: true });
    const res = await info(h.sim);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const text = await res.text();
    expect(text).toContain('<html');
    expect(() => JSON.parse(text) as unknown).toThrow();
    expect(quota(res)).toMatchObject({ month: '99', minute: '4' });
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 1, minute: 1 });
  });

  it('garbageHeaders sends unparseable quota values while still counting', async () => {
    h.sim.setFaults({ garbageHeaders: true });
    const res = await info(h.sim);
    expect(res.status).toBe(200);
    const values = Object.values(quota(res));
    expect(values).toHaveLength(4);
    for (const v of values) expect(['abc', '-5', '1e9x', '']).toContain(v);
    expect(h.sim.usage(KEY_MINUTE).month).toBe(1);
  });

  it('empty429 sends 429s with an empty body but the quota headers', async () => {
    h.sim.setFaults({ empty429: true });
    h.sim.setUsage(KEY_MINUTE, { minute: 5 });
    const res = await info(h.sim);
    expect(res.status).toBe(429);
    expect(await res.text()).toBe('');
    expect(quota(res)).toMatchObject({ minute: '0', month: '100' });
  });

  it('lowercaseHeaders sends the quota header names in lower case', async () => {
    const normal = await rawGet(`${h.sim.url}/v2/info?ip=8.8.8.8`, { apikey: KEY_MINUTE });
    expect(normal.rawHeaders).toContain('X-RateLimit-Remaining-Quota-Month');
    h.sim.setFaults({ lowercaseHeaders: true });
    const lower = await rawGet(`${h.sim.url}/v2/info?ip=8.8.8.8`, { apikey: KEY_MINUTE });
    expect(lower.status).toBe(200);
    expect(lower.rawHeaders).toContain('x-ratelimit-remaining-quota-month');
    expect(lower.rawHeaders).toContain('x-ratelimit-limit-quota-minute');
    expect(lower.rawHeaders.filter((n) => /^X-RateLimit/.test(n))).toEqual([]);
  });

  it('forbidden answers 403 with the plan message, not counted', async () => {
    h.sim.setFaults({ forbidden: true });
    const res = await info(h.sim);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: 'Your plan does not allow this endpoint' });
    expect(h.sim.usage(KEY_MINUTE).month).toBe(0);
  });

  it('clearFaults restores normal answers', async () => {
    h.sim.setFaults({ forbidden: true, lowercaseHeaders: true, garbageHeaders: true });
    expect((await info(h.sim)).status).toBe(403);
    h.sim.clearFaults();
    const res = await info(h.sim);
    expect(res.status).toBe(200);
    expect(quota(res).month).toBe('99');
  });
});

describe('simulator: lifecycle and request log', () => {
  it('close() resolves promptly with an idle keep-alive connection open', async () => {
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${h.sim.url}/v2/info?ip=8.8.8.8`, { agent, headers: { apikey: KEY_MINUTE } }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
    expect(Object.values(agent.freeSockets).flat().length).toBe(1);
    const t0 = performance.now();
    await h.sim.close();
    expect(performance.now() - t0).toBeLessThan(STALL_BOUND_MS);
    agent.destroy();
    await expect(fetch(`${h.sim.url}/v2/info?ip=8.8.8.8`)).rejects.toThrow();
  });

  it('logs every request with path, ip and key label, never the key', async () => {
    await fetch(`${h.sim.url}/v2/info?ip=9.9.9.9&apikey=${KEY_MINUTE}`);
    await info(h.sim, '1.1.1.1', 'FAKE-unknown-key-zzz');
    await get(h.sim, '/v2/status?x=1', KEY_BIG);
    expect(h.sim.log.map((e) => [e.path, e.ip, e.keyVia, e.keyName, e.status])).toEqual([
      ['/v2/info', '9.9.9.9', 'query', 'minute-plan', 200],
      ['/v2/info', '1.1.1.1', 'header', null, 401],
      ['/v2/status', null, 'header', 'big-plan', 200],
    ]);
    const dump = JSON.stringify(h.sim.log);
    expect(dump).not.toContain(KEY_MINUTE);
    expect(dump).not.toContain('FAKE-unknown-key-zzz');
    expect(dump).not.toContain(KEY_BIG);
    expect(h.sim.log[0]?.at).toBe(h.clock.now());
  });

  it('keeps the log bounded to the last 10 000 requests', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    const one = (i: number) =>
      new Promise<void>((resolve, reject) => {
        http
          .get(`${h.sim.url}/x?ip=${i}`, { agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    for (let i = 0; i < 10_050; i += 50) await Promise.all(Array.from({ length: 50 }, (_, j) => one(i + j)));
    agent.destroy();
    expect(h.sim.log).toHaveLength(10_000);
    expect(h.sim.log.map((e) => Number(e.ip)).sort((a, b) => a - b)[0]).toBe(50);
  });
});
