import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator } from '../../../electron/demo/simulator';
import {
  get,
  info,
  KEY_BIG,
  KEY_MINUTE,
  KEY_NOMINUTE,
  quota,
  startHarness,
  type Harness,
} from '../../helpers/simulator-helpers';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.sim.close();
});

describe('simulator: authentication', () => {
  it('accepts the key in the apikey header and answers JSON', async () => {
    const res = await info(h.sim);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { data: { ip: string } };
    expect(body.data.ip).toBe('8.8.8.8');
    expect(h.sim.log.at(-1)).toMatchObject({ keyVia: 'header', keyName: 'minute-plan', status: 200, counted: true });
  });

  it('accepts the key as the apikey query parameter', async () => {
    const res = await fetch(`${h.sim.url}/v2/info?ip=1.1.1.1&apikey=${KEY_MINUTE}`);
    expect(res.status).toBe(200);
    expect(h.sim.log.at(-1)).toMatchObject({ keyVia: 'query', keyName: 'minute-plan', counted: true });
  });

  it('lets the header win when both header and query carry a key', async () => {
    const good = await fetch(`${h.sim.url}/v2/info?ip=1.1.1.1&apikey=FAKE-not-a-key`, {
      headers: { apikey: KEY_MINUTE },
    });
    expect(good.status).toBe(200);
    expect(h.sim.log.at(-1)?.keyVia).toBe('both');
    const bad = await fetch(`${h.sim.url}/v2/info?ip=1.1.1.1&apikey=${KEY_MINUTE}`, {
      headers: { apikey: 'FAKE-not-a-key' },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 "No API key found" with WWW-Authenticate: Key when no key is sent', async () => {
    const res = await info(h.sim, '8.8.8.8', null);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Key');
    expect(await res.json()).toEqual({ message: 'No API key found in request' });
    expect(quota(res).month).toBeNull();
    expect(h.sim.log.at(-1)).toMatchObject({ keyVia: 'none', keyName: null, status: 401, counted: false });
  });

  it('answers 401 Unauthorized for an unknown key, and for a key removed later', async () => {
    const unknown = await info(h.sim, '8.8.8.8', 'FAKE-unknown-key');
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual({ message: 'Unauthorized' });
    expect(quota(unknown).month).toBeNull();
    expect((await info(h.sim, '8.8.8.8', KEY_NOMINUTE)).status).toBe(200);
    h.sim.removeKey(KEY_NOMINUTE);
    expect((await info(h.sim, '8.8.8.8', KEY_NOMINUTE)).status).toBe(401);
  });
});

describe('simulator: routes and input', () => {
  it('answers 422 for every bad or missing ip, with quota headers, without counting', async () => {
    const bad = [
      '',
      '999.1.1.1',
      '1.2.3',
      '01.2.3.4',
      'example.com',
      '10.0.0.0/8',
      '1.2.3.4:80',
      ' 8.8.8.8',
      'fe80::1%eth0',
      '1::2::3',
    ];
    for (const ip of bad) {
      const res = await info(h.sim, ip);
      expect(res.status, `ip=${JSON.stringify(ip)}`).toBe(422);
      expect(await res.json()).toEqual({ message: 'The ip must be a valid IP address.' });
      expect(quota(res).month).toBe('100');
    }
    const missing = await get(h.sim, '/v2/info');
    expect(missing.status).toBe(422);
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 0, minute: 0 });
  });

  it('answers 404 "no Route matched" for other paths, before checking the key', async () => {
    for (const path of ['/', '/v2', '/v2/info/extra', '/v1/info?ip=8.8.8.8', '/v3/info?ip=8.8.8.8']) {
      const res = await get(h.sim, path, null);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: 'no Route matched with those values' });
    }
  });

  it('refuses other methods on /v2/info without counting', async () => {
    const res = await get(h.sim, '/v2/info?ip=8.8.8.8', KEY_MINUTE, { method: 'POST' });
    expect(res.status).toBe(405);
    expect(h.sim.usage(KEY_MINUTE).month).toBe(0);
  });

  it('sets the Date header from the injected clock', async () => {
    const first = await info(h.sim);
    expect(first.headers.get('date')).toBe('Sun, 22 Nov 2026 12:00:00 GMT');
    h.clock.advance(90_500);
    const second = await get(h.sim, '/nowhere', null);
    expect(second.headers.get('date')).toBe(new Date(h.clock.now()).toUTCString());
    expect(second.headers.get('date')).toBe('Sun, 22 Nov 2026 12:01:30 GMT');
  });
});

describe('simulator: quotas', () => {
  it('sends all four quota headers for a plan with a minute limit, Remaining counting this response', async () => {
    const a = await info(h.sim);
    expect(quota(a)).toEqual({ monthLimit: '100', month: '99', minuteLimit: '5', minute: '4' });
    const b = await info(h.sim);
    expect(quota(b)).toEqual({ monthLimit: '100', month: '98', minuteLimit: '5', minute: '3' });
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 2, minute: 2 });
  });

  it('omits the minute headers for a plan without a minute limit', async () => {
    const res = await info(h.sim, '8.8.8.8', KEY_NOMINUTE);
    expect(quota(res)).toEqual({ monthLimit: '50', month: '49', minuteLimit: null, minute: null });
    for (let i = 0; i < 12; i++) expect((await info(h.sim, '8.8.8.8', KEY_NOMINUTE)).status).toBe(200);
  });

  it('answers 429 when the minute runs out and lifts it at the next :00', async () => {
    h.clock.set(Date.UTC(2026, 10, 22, 12, 0, 30));
    for (let i = 0; i < 5; i++) expect((await info(h.sim)).status).toBe(200);
    const limited = await info(h.sim);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ message: "API rate limit exceeded for 'quota'" });
    expect(quota(limited)).toEqual({ monthLimit: '100', month: '95', minuteLimit: '5', minute: '0' });
    h.clock.set(Date.UTC(2026, 10, 22, 12, 0, 59, 999));
    expect((await info(h.sim)).status).toBe(429);
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 5, minute: 5 });
    h.clock.set(Date.UTC(2026, 10, 22, 12, 1, 0));
    const again = await info(h.sim);
    expect(again.status).toBe(200);
    expect(quota(again)).toEqual({ monthLimit: '100', month: '94', minuteLimit: '5', minute: '4' });
  });

  it('answers 429 with month remaining 0 when the month runs out, until 00:00 UTC on the 1st', async () => {
    h.clock.set(Date.UTC(2026, 10, 30, 23, 59, 0));
    h.sim.setUsage(KEY_NOMINUTE, { month: 49 });
    expect(quota(await info(h.sim, '8.8.8.8', KEY_NOMINUTE)).month).toBe('0');
    h.clock.set(Date.UTC(2026, 10, 30, 23, 59, 59));
    const limited = await info(h.sim, '8.8.8.8', KEY_NOMINUTE);
    expect(limited.status).toBe(429);
    expect(quota(limited)).toEqual({ monthLimit: '50', month: '0', minuteLimit: null, minute: null });
    h.clock.set(Date.UTC(2026, 11, 1, 0, 0, 0));
    const fresh = await info(h.sim, '8.8.8.8', KEY_NOMINUTE);
    expect(fresh.status).toBe(200);
    expect(quota(fresh).month).toBe('49');
    expect(h.sim.usage(KEY_NOMINUTE)).toEqual({ month: 1, minute: 1 });
  });

  it('rolls the month over across a year end too', async () => {
    h.clock.set(Date.UTC(2026, 11, 31, 23, 59, 59));
    h.sim.setUsage(KEY_MINUTE, { month: 100 });
    expect((await info(h.sim)).status).toBe(429);
    h.clock.set(Date.UTC(2027, 0, 1, 0, 0, 0));
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 0, minute: 0 });
    expect((await info(h.sim)).status).toBe(200);
  });

  it('checks the month first: both exhausted reports month 0, minute-only reports month > 0', async () => {
    h.sim.setUsage(KEY_MINUTE, { month: 100, minute: 5 });
    const both = await info(h.sim);
    expect(both.status).toBe(429);
    expect(quota(both).month).toBe('0');
    expect(h.sim.log.at(-1)).toMatchObject({ status: 429, limitedBy: 'month' });
    h.sim.setUsage(KEY_MINUTE, { month: 10, minute: 5 });
    const minuteOnly = await info(h.sim);
    expect(quota(minuteOnly)).toMatchObject({ month: '90', minute: '0' });
    // The log says which window refused (the model-based test charges each 429 to it); other answers name none.
    expect(h.sim.log.at(-1)).toMatchObject({ status: 429, limitedBy: 'minute' });
    h.sim.setUsage(KEY_MINUTE, { month: 10, minute: 0 });
    await info(h.sim);
    expect(h.sim.log.at(-1)).toMatchObject({ status: 200, limitedBy: null });
  });

  it('counts only successful lookups: 401, 404, 405, 422 and 429 leave usage unchanged', async () => {
    h.sim.setUsage(KEY_MINUTE, { minute: 4 });
    await info(h.sim, '8.8.8.8', 'FAKE-unknown-key');
    await info(h.sim, '8.8.8.8', null);
    await get(h.sim, '/v2/other');
    await get(h.sim, '/v2/info?ip=8.8.8.8', KEY_MINUTE, { method: 'DELETE' });
    await info(h.sim, 'nope');
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 0, minute: 4 });
    expect((await info(h.sim)).status).toBe(200);
    expect((await info(h.sim)).status).toBe(429);
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 1, minute: 5 });
    expect(h.sim.log.filter((e) => e.counted)).toHaveLength(1);
  });

  it('keeps usage when a plan changes, and the new limits apply at once', async () => {
    for (let i = 0; i < 3; i++) await info(h.sim);
    h.sim.setKey(KEY_MINUTE, { monthLimit: 3, minuteLimit: null });
    const res = await info(h.sim);
    expect(res.status).toBe(429);
    expect(quota(res)).toEqual({ monthLimit: '3', month: '0', minuteLimit: null, minute: null });
    expect(h.sim.log.at(-1)?.keyName).toBe('minute-plan');
  });
});

describe('simulator: /v2/status', () => {
  it('reports the month quota with quota headers and spends nothing', async () => {
    await info(h.sim, '8.8.8.8', KEY_BIG);
    for (let i = 0; i < 3; i++) {
      const res = await get(h.sim, '/v2/status', KEY_MINUTE);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ quotas: { month: { total: 100, used: 0, remaining: 100 } } });
      expect(quota(res)).toEqual({ monthLimit: '100', month: '100', minuteLimit: '5', minute: '5' });
    }
    expect(h.sim.usage(KEY_MINUTE)).toEqual({ month: 0, minute: 0 });
    h.sim.setUsage(KEY_MINUTE, { month: 100 });
    const exhausted = await get(h.sim, '/v2/status', KEY_MINUTE);
    expect(exhausted.status).toBe(200);
    expect(await exhausted.json()).toEqual({ quotas: { month: { total: 100, used: 100, remaining: 0 } } });
  });

  it('needs a key like /v2/info', async () => {
    expect((await get(h.sim, '/v2/status', null)).status).toBe(401);
    expect((await get(h.sim, '/v2/status', 'FAKE-unknown-key')).status).toBe(401);
  });

  it('can be switched off (404) and on again, or start off', async () => {
    h.sim.setStatusEndpoint(false);
    const off = await get(h.sim, '/v2/status');
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({ message: 'no Route matched with those values' });
    h.sim.setStatusEndpoint(true);
    expect((await get(h.sim, '/v2/status')).status).toBe(200);

    const other = await startSimulator({
      statusEndpoint: false,
      keys: { [KEY_BIG]: { monthLimit: 10, minuteLimit: null } },
    });
    try {
      expect((await get(other, '/v2/status', KEY_BIG)).status).toBe(404);
      expect((await info(other, '8.8.8.8', KEY_BIG)).status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
