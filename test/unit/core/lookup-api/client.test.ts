import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { buildUrl, createApiClient, type RawResult } from '../../../../electron/core/lookup-api/client';
import { MAX_RAW_CHARS, toLookupOutcome } from '../../../../electron/core/lookup-api/outcomes';
import { ManualClock } from '../../../helpers/manual-clock';
import { QuotaEngine } from '../../../../electron/core/quota/engine';
import { parseQuotaHeaders } from '../../../../electron/core/lookup-api/quota-headers';
import { DEFAULT_THRESHOLDS } from '../../../../shared/quota';
import { KEY_MINUTE, startHarness, type Harness } from '../../../helpers/simulator-helpers';
import { listenOnLoopback } from '../../../helpers/local-server';
import { withWords } from '../../../helpers/outcome-words';

const T0 = Date.UTC(2026, 10, 22, 12, 0, 10);
let h: Harness | null = null;
const servers: http.Server[] = [];
afterEach(async () => {
  await h?.sim.close();
  h = null;
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
});

function engine(clock = new ManualClock(T0)) {
  return new QuotaEngine({
    profile: 'p',
    clock,
    thresholds: { month: DEFAULT_THRESHOLDS, minute: DEFAULT_THRESHOLDS },
    monthResetDay: 1,
  });
}

function response(status: number, bodyText: string, headers: Record<string, string> = {}): RawResult {
  let json: unknown;
  try {
    json = bodyText.trim() ? JSON.parse(bodyText) : undefined;
  } catch {
    json = undefined;
  }
  return { kind: 'response', status, headers: new Headers(headers), bodyText, json, receivedAt: T0 };
}

async function listen(handler: http.RequestListener): Promise<string> {
  const s = http.createServer(handler);
  servers.push(s);
  return listenOnLoopback(s);
}

describe('api client', () => {
  it('builds URLs without the key, whatever the query says, tolerating trailing slashes', () => {
    expect(buildUrl('https://api.example.test/', '/v2/info', { ip: '8.8.8.8', language: 'de' })).toBe(
      'https://api.example.test/v2/info?ip=8.8.8.8&language=de',
    );
    expect(buildUrl('https://api.example.test//', '/v2/status')).toBe('https://api.example.test/v2/status');
    expect(buildUrl('https://x.test', '/v2/info', { ip: '::1', apikey: 'FAKE-k', APIKEY: 'FAKE-k' })).toBe(
      'https://x.test/v2/info?ip=%3A%3A1',
    );
  });

  it('sends the key in the apikey header only, and returns status, headers, body and JSON', async () => {
    h = await startHarness(T0);
    const api = createApiClient({ fetch, clock: h.clock });
    const r = await api.request({
      baseUrl: h.sim.url,
      key: KEY_MINUTE,
      path: '/v2/info',
      query: { ip: '8.8.8.8', language: 'de' },
    });
    expect(r).toMatchObject({ kind: 'response', status: 200, receivedAt: T0 });
    if (r.kind === 'response') {
      expect(r.json).toMatchObject({ data: { ip: '8.8.8.8' } });
      expect(parseQuotaHeaders(r.headers).month).toEqual({ limit: 100, remaining: 99 });
    }
    expect(h.sim.log[0]).toMatchObject({ keyVia: 'header', ip: '8.8.8.8' });
    expect(h.clock.pendingTimers()).toBe(0); // the timeout timer is cleared
  });

  it('does not follow redirects (the apikey header would go along to another host)', async () => {
    const seen: (string | undefined)[] = [];
    const other = await listen((req, res) => {
      seen.push(req.headers['apikey'] as string | undefined);
      res.end('{}');
    });
    const redirecting = await listen((_req, res) => {
      res.writeHead(302, { Location: `${other}/v2/info?ip=8.8.8.8` });
      res.end();
    });
    const clock = new ManualClock(T0);
    const api = createApiClient({ fetch, clock });
    const r = await api.request({
      baseUrl: redirecting,
      key: 'FAKE-redirect-key',
      path: '/v2/info',
      query: { ip: '8.8.8.8' },
    });
    expect(r).toMatchObject({ kind: 'response', status: 302 });
    expect(seen).toEqual([]);
    const o = toLookupOutcome(r, '8.8.8.8', engine(clock));
    expect(withWords(o)).toMatchObject({
      kind: 'bad-response',
      status: 302,
      message: expect.stringMatching(/not followed/),
    });
  });

  it('classifies network failures', async () => {
    const clock = new ManualClock(T0);
    const failing =
      (cause: object): typeof fetch =>
      async () => {
        throw Object.assign(new TypeError('fetch failed'), { cause });
      };
    const cases: [object, string][] = [
      [{ code: 'ENOTFOUND' }, 'dns'],
      [{ code: 'EAI_AGAIN' }, 'dns'],
      [{ code: 'ECONNREFUSED' }, 'refused'],
      [{ code: 'ECONNRESET' }, 'reset'],
      [{ code: 'UND_ERR_SOCKET' }, 'reset'],
      [{ code: 'UND_ERR_CONNECT_TIMEOUT' }, 'timeout'],
      [{ errors: [{ code: 'ECONNREFUSED' }] }, 'refused'],
      [{}, 'other'],
    ];
    for (const [cause, reason] of cases) {
      const r = await createApiClient({ fetch: failing(cause), clock }).request({
        baseUrl: 'http://127.0.0.1:9',
        key: 'FAKE-k',
        path: '/v2/info',
      });
      expect(r).toMatchObject({ kind: 'network-error', reason });
    }
    const bad = await createApiClient({ fetch, clock }).request({
      baseUrl: 'not a url',
      key: 'FAKE-k',
      path: '/v2/info',
    });
    expect(bad).toMatchObject({ kind: 'network-error', reason: 'other', cause: 'base-url' });
    expect(withWords(toLookupOutcome(bad, '8.8.8.8', engine(clock)))).toMatchObject({
      kind: 'network-error',
      reason: 'other',
      message: expect.stringMatching(/base URL/),
    });
  });

  it('a caller signal aborted before or during the request ends as aborted', async () => {
    h = await startHarness(T0);
    h.sim.setFaults({ delayMs: 30_000 });
    const api = createApiClient({ fetch, clock: h.clock });
    const pre = new AbortController();
    pre.abort();
    expect(
      await api.request({ baseUrl: h.sim.url, key: KEY_MINUTE, path: '/v2/info', signal: pre.signal }),
    ).toMatchObject({ reason: 'aborted' });
    const during = new AbortController();
    const p = api.request({
      baseUrl: h.sim.url,
      key: KEY_MINUTE,
      path: '/v2/info',
      query: { ip: '1.1.1.1' },
      signal: during.signal,
    });
    setTimeout(() => during.abort(), 20);
    expect(await p).toMatchObject({ kind: 'network-error', reason: 'aborted' });
  });

  it('times out after timeoutMs on the injected clock', async () => {
    h = await startHarness(T0);
    h.sim.setFaults({ delayMs: 30_000 });
    const api = createApiClient({ fetch, clock: h.clock, timeoutMs: 200 });
    const p = api.request({ baseUrl: h.sim.url, key: KEY_MINUTE, path: '/v2/info', query: { ip: '1.1.1.1' } });
    h.clock.advance(200);
    expect(await p).toMatchObject({ kind: 'network-error', reason: 'timeout' });
  });
});

describe('toLookupOutcome', () => {
  const e = engine();
  it.each([
    [200, '{"data":{"ip":"8.8.8.8"}}', 'ok'],
    [200, '{"something":"else"}', 'ok'],
    [200, '[1,2]', 'bad-response'],
    [200, '"text"', 'bad-response'],
    [200, '<html>', 'bad-response'],
    [204, '', 'bad-response'],
    [401, '', 'invalid-key'],
    [401, '{"message":"Unauthorized"}', 'invalid-key'],
    [403, 'Forbidden', 'forbidden'],
    [422, '', 'invalid-input'],
    [500, '<h1>oops</h1>', 'server-error'],
    [502, '', 'server-error'],
    [503, '{"message":"down"}', 'server-error'],
    [404, '{"message":"no Route matched with those values"}', 'bad-response'],
    [400, '', 'bad-response'],
    [418, 'teapot', 'bad-response'],
  ])('%d %j -> %s', (status, body, kind) => {
    expect(toLookupOutcome(response(status, body), '8.8.8.8', e).kind).toBe(kind);
  });

  it('keeps an unexpected body as is, and cuts very large raw text', () => {
    const body = { whatever: [1, { nested: true }] };
    expect(toLookupOutcome(response(200, JSON.stringify(body)), '1.1.1.1', e)).toEqual({
      kind: 'ok',
      ip: '1.1.1.1',
      body,
      source: 'network',
      fetchedAt: T0,
      note: null,
    });
    const huge = toLookupOutcome(response(200, 'x'.repeat(MAX_RAW_CHARS * 3)), '1.1.1.1', e);
    expect(huge.kind).toBe('bad-response');
    if (huge.kind === 'bad-response') expect(huge.raw.length).toBeLessThan(MAX_RAW_CHARS + 100);
  });

  it('uses the server message on 422 when there is one', () => {
    const o = toLookupOutcome(response(422, '{"message":"The ip must be a valid IP address."}'), 'x', e);
    expect(withWords(o)).toMatchObject({
      message: 'The service refused the input (422): The ip must be a valid IP address.',
    });
    expect(withWords(toLookupOutcome(response(422, 'nope'), 'x', e))).toMatchObject({
      message: 'The service refused the input (422).',
    });
  });
});

describe('api client: an answer body is bounded', () => {
  it('a body that never ends is read only up to 8 MiB, then the request ends: a response marked too large, never parsed', async () => {
    let sent = 0;
    let closed = false;
    const url = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      const pump = () => {
        while (!closed && res.write(chunk)) sent += chunk.length;
        if (!closed) res.once('drain', pump);
      };
      res.on('close', () => (closed = true));
      pump();
    });
    const client = createApiClient({ fetch, clock: new ManualClock(T0) });
    const r = await client.request({
      baseUrl: url,
      key: 'FAKE-body-cap-key',
      path: '/v2/info',
      query: { ip: '8.8.8.8' },
    });
    expect(r).toMatchObject({ kind: 'response', status: 200, notParsed: 'too-large', json: undefined });
    await new Promise((res) => setTimeout(res, 50));
    expect(closed).toBe(true); // the connection was dropped, not drained
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('a Content-Length over the limit ends the request after the first 64 KiB (its beginning, to show)', async () => {
    const url = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 * 1024 * 1024) });
      res.write(`{"ip":"${'x'.repeat(300_000)}`); // and never the rest
    });
    const client = createApiClient({ fetch, clock: new ManualClock(T0) });
    const r = await client.request({ baseUrl: url, key: 'FAKE-body-cap-key', path: '/v2/info' });
    expect(r).toMatchObject({ kind: 'response', status: 200, notParsed: 'too-large', json: undefined });
    const text = r.kind === 'response' ? r.bodyText : '';
    expect(text.startsWith('{"ip":"xxx')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(300_007);
  });

  it('a body under the limit is read whole, in chunks, multi-byte characters intact', async () => {
    const big = JSON.stringify({ ip: '8.8.8.8', note: 'ü€😀'.repeat(200_000) });
    const url = await listen((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(big);
    });
    const client = createApiClient({ fetch, clock: new ManualClock(T0) });
    const r = await client.request({ baseUrl: url, key: 'FAKE-body-cap-key', path: '/v2/info' });
    expect(r.kind === 'response' ? r.bodyText : '').toBe(big);
  });
});
