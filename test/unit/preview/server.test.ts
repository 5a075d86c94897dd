import http from 'node:http';
import net from 'node:net';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANNELS, EVENT_NAMES, type Events, type Handlers } from '../../../shared/ipc';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import type { AppCore } from '../../../electron/core/app/app-core-types';
import type { Logger } from '../../../electron/core/lib/ports';
import { startPreviewServer, type PreviewServer } from '../../../electron/preview/server';

const RENDERER = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/preview-renderer');
const FAKE_KEY = 'FAKE-KEY-preview-0123456789abcdef';

/** A tiny stand-in for createAppCore(): records calls, lets the test script answers and emit events. */
function fakeCore() {
  const calls: { channel: string; req: unknown }[] = [];
  const answers: Record<string, (req: unknown) => unknown> = {
    getSnapshot: () => ({ settings: { ...DEFAULT_SETTINGS, profile: 'fake-profile' } }),
    // A deliberately careless core: echoes the key, or fails with it in the message.
    saveKey: (req) => {
      const { key } = req as { key: string };
      if (key.startsWith('THROW')) throw new Error(`cannot store ${key}`);
      return { kind: 'rejected', message: `key ${key} refused` };
    },
  };
  const handlers = Object.fromEntries(
    CHANNELS.map((c) => [
      c,
      async (req: unknown) => {
        calls.push({ channel: c, req });
        const a = answers[c];
        return a ? a(req) : undefined;
      },
    ]),
  ) as unknown as Handlers;
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const core: AppCore = {
    handlers,
    on(event, cb) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(cb as (p: unknown) => void);
      return () => set.delete(cb as (p: unknown) => void);
    },
    emit<E extends keyof Events>(event: E, payload: Events[E]) {
      for (const cb of listeners.get(event) ?? []) cb(payload);
    },
    setWindowVisible() {},
    grantDroppedFile: async () => null,
    async whenIdle() {},
    setSuspended() {},
    lang: () => 'en',
    async dispose() {},
  };
  const listenerCount = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);
  return { core, calls, listenerCount };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

function request(
  server: PreviewServer,
  path: string,
  o: { method?: string; host?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: o.method ?? 'GET',
        headers: { host: o.host ?? `127.0.0.1:${server.port}`, ...o.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(o.body);
  });
}

const api = (server: PreviewServer, channel: string, body?: unknown, extra: Record<string, string> = {}) =>
  request(server, `/api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lookup-tray-token': server.token, ...extra },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

/** The header that proves the token (as tests and scripts may present it instead of a session cookie). */
const tokenHeader = (server: PreviewServer) => ({ 'x-lookup-tray-token': server.token });

/**
 * Open the printed address as a browser would; returns the headers the session's page sends: its `Cookie`, and
 * the page secret (from the redirect's fragment) in `x-lookup-tray-session`.
 */
async function startSession(server: PreviewServer): Promise<{ cookie: string; 'x-lookup-tray-session': string }> {
  const r = await request(server, new URL(server.openUrl).pathname + new URL(server.openUrl).search);
  expect(r.status).toBe(303);
  const set = r.headers['set-cookie']?.[0] ?? '';
  const secret = /#session=([A-Za-z0-9_-]+)$/.exec(r.headers.location ?? '')?.[1] ?? '';
  expect(secret).not.toBe('');
  return { cookie: set.split(';')[0] ?? '', 'x-lookup-tray-session': secret };
}

/** Every script, module or bridge reference an HTML answer could carry. */
const APP_MARKERS = ['<script', '__bridge', 'app.js', 'lookupTray', 'type="module"'];

/** Write `raw` on a bare socket and never more; resolves with what came back and when the server closed it. */
function stall(server: PreviewServer, raw: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(raw));
    socket.setEncoding('utf8');
    socket.on('data', (c: string) => (answer += c));
    socket.on('error', reject);
    socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
  });
}

/** Open the event stream and collect its text. */
function openStream(server: PreviewServer, path: string, headers: Record<string, string> = {}) {
  let text = '';
  let statusCode = 0;
  const waiters: { re: RegExp; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      if (!w.re.test(text)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  let req!: http.ClientRequest;
  const ready = new Promise<number>((resolve, reject) => {
    req = http.get(
      { host: '127.0.0.1', port: server.port, path, headers: { host: `127.0.0.1:${server.port}`, ...headers } },
      (res) => {
        statusCode = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
          check();
        });
        resolve(statusCode);
      },
    );
    req.on('error', reject);
  });
  return {
    ready,
    text: () => text,
    waitFor: (re: RegExp) =>
      new Promise<void>((resolve) => {
        waiters.push({ re, resolve });
        check();
      }),
    close: () => req.destroy(),
  };
}

describe('web preview server', () => {
  let server: PreviewServer;
  let fake: ReturnType<typeof fakeCore>;
  let logs: string[];

  beforeEach(async () => {
    fake = fakeCore();
    logs = [];
    const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) =>
      logs.push(`${level} ${msg} ${JSON.stringify(extra ?? {})}`);
    const logger: Logger = { info: rec('info'), warn: rec('warn'), error: rec('error') };
    // On 127.0.0.1 here (the requests below name it); the address of its own is tested on its own below.
    server = await startPreviewServer({
      core: fake.core,
      rendererDir: RENDERER,
      logger,
      heartbeatMs: 50,
      host: '127.0.0.1',
    });
  });
  afterEach(async () => {
    await server.close();
    // Nothing the server logged may contain the key.
    expect(logs.join('\n')).not.toContain(FAKE_KEY);
  });

  it('by default on a loopback address of its own (127.x.y.z), answering to that address only', async () => {
    const own = await startPreviewServer({ core: fake.core, rendererDir: RENDERER });
    try {
      expect(own.url).toBe(`http://${own.host}:${own.port}/`);
      expect(own.host).toMatch(/^127\.\d+\.\d+\.\d+$/);
      if (process.platform === 'linux') expect(own.host).not.toBe('127.0.0.1');
      const status = (host: string) =>
        new Promise<number>((resolve, reject) =>
          http
            .get({ host: own.host, port: own.port, path: '/', headers: { host } }, (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            })
            .on('error', reject),
        );
      expect(await status(`${own.host}:${own.port}`)).toBe(403); // its own: no session yet
      // Its explanation page names the address it really serves on, the one it printed — not 127.0.0.1.
      const page = await new Promise<string>((resolve, reject) =>
        http
          .get({ host: own.host, port: own.port, path: '/' }, (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => (body += d));
            res.on('end', () => resolve(body));
          })
          .on('error', reject),
      );
      expect(page).toContain(`<code>http://${own.host}:${own.port}/?token=…</code>`);
      if (own.host !== '127.0.0.1') expect(page).not.toContain('127.0.0.1');
      if (own.host !== '127.0.0.1') {
        expect(await status(`127.0.0.1:${own.port}`)).toBe(421);
        expect(await status(`localhost:${own.port}`)).toBe(421);
      }
    } finally {
      await own.close();
    }
  });

  it('listens on 127.0.0.1 with a long random token, to be opened with the token in the address', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.token.length).toBeGreaterThanOrEqual(40);
    expect(server.openUrl).toBe(`http://127.0.0.1:${server.port}/?token=${server.token}`);
  });

  it.each(['/', '/index.html', '/__bridge.js', '/assets/app.js', '/assets/style.css', '/assets/missing.js'])(
    'GET %s without the token gets 403 and neither the app nor the token',
    async (path) => {
      const r = await request(server, path);
      expect(r.status).toBe(403);
      expect(r.headers['set-cookie']).toBeUndefined();
      expect(r.body).not.toContain(server.token);
      for (const marker of APP_MARKERS) expect(r.body, marker).not.toContain(marker);
      expect(r.body).toContain('open that address');
      expect(r.headers['content-security-policy']).toMatch(/default-src 'none'/);
    },
  );

  it('a wrong token in the address, a made-up session cookie or the token in an API query start nothing', async () => {
    const wrong = await request(server, `/?token=${'x'.repeat(43)}`);
    const madeUp = await request(server, '/', { headers: { cookie: `${server.cookieName}=${'a'.repeat(43)}` } });
    const apiQuery = await request(server, `/api/getSnapshot?token=${server.token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    const eventsQuery = await request(server, `/api/events?token=${server.token}`);
    expect([wrong.status, madeUp.status, apiQuery.status, eventsQuery.status]).toEqual([403, 403, 403, 403]);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    for (const r of [wrong, madeUp, apiQuery, eventsQuery]) {
      expect(r.body).not.toContain(server.token);
      expect(r.body).not.toContain('<script');
    }
    expect(fake.calls).toEqual([]);
    expect(logs.some((l) => l.includes('wrong token'))).toBe(true);
  });

  it('the printed address trades the token for an HttpOnly SameSite=Strict session cookie and a clean address', async () => {
    const r = await request(server, `/?token=${server.token}`);
    expect(r.status).toBe(303);
    const location = r.headers.location ?? '';
    expect(location).toMatch(/^\/#session=[A-Za-z0-9_-]{40,}$/);
    const secret = location.slice('/#session='.length);
    const cookies = r.headers['set-cookie'] ?? [];
    expect(cookies).toHaveLength(1);
    const m = new RegExp(`^${server.cookieName}=([A-Za-z0-9_-]{40,}); Path=/; HttpOnly; SameSite=Strict$`).exec(
      cookies[0] ?? '',
    );
    expect(m, cookies[0]).not.toBeNull();
    expect(server.cookieName).toBe(`lt_session_${server.port}`);
    // The session id is not the token, and the token is nowhere in the answer.
    expect(m?.[1]).not.toBe(server.token);
    expect(secret).not.toBe(m?.[1]);
    expect(secret).not.toBe(server.token);
    expect(JSON.stringify(r.headers) + r.body).not.toContain(server.token);

    const cookie = `other=1; ${server.cookieName}=${m?.[1]}`;
    const page = await request(server, '/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/__bridge.js">');
    expect(page.body).not.toContain(server.token);
    expect((await request(server, '/assets/style.css', { headers: { cookie } })).status).toBe(200);
    const withSecret = { 'x-lookup-tray-token': '', cookie, 'x-lookup-tray-session': secret };
    expect((await api(server, 'getSnapshot', undefined, withSecret)).status).toBe(200);

    // Other query parameters stay; the address never leaves the origin.
    const kept = await request(server, `/index.html?view=settings&token=${server.token}`);
    expect(kept.status).toBe(303);
    expect(kept.headers.location).toMatch(/^\/index\.html\?view=settings#session=[A-Za-z0-9_-]+$/);
    const sneaky = await request(server, `/.//evil.example/?token=${server.token}`);
    expect(sneaky.headers.location).toMatch(/^\/(?!\/)/);
  });

  it('is not reachable on a non-loopback address', async (ctx) => {
    const ip = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
    if (!ip) {
      ctx.skip('this machine has no non-loopback IPv4 address to try');
      return;
    }
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const req = http.get({ host: ip, port: server.port, path: '/', timeout: 2000 }, () => resolve(null));
      req.on('error', (e) => resolve(e));
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    });
    expect(err?.code).toMatch(/ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH/);
  });

  it('serves index.html with the bridge ahead of the app script, under the app CSP, and without the token', async () => {
    const r = await request(server, '/', { headers: await startSession(server) });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/html/);
    expect(r.headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    );
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    const bridgeAt = r.body.indexOf('<script src="/__bridge.js">');
    expect(bridgeAt).toBeGreaterThan(0);
    expect(bridgeAt).toBeLessThan(r.body.indexOf('type="module"'));
    expect(r.body).not.toContain(server.token);
    expect(r.body).not.toContain('lookup-tray-token');
  });

  it('serves the compiled bridge script and static assets with their types', async () => {
    const headers = await startSession(server);
    const js = await request(server, '/__bridge.js', { headers });
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toContain('lookupTray');
    expect(js.body).not.toMatch(/^\s*import /m);
    const css = await request(server, '/assets/style.css', { headers });
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
    expect((await request(server, '/assets/missing.js', { headers })).status).toBe(404);
    expect((await request(server, '/favicon.ico')).status).toBe(204);
  });

  it.each([
    '/../package.json',
    '/..%2f..%2fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/assets/..%5c..%5cindex.html',
    '/%00index.html',
  ])('refuses to serve %s from outside the renderer directory', async (path) => {
    const r = await request(server, path, { headers: tokenHeader(server) });
    expect(r.status).toBe(404);
    expect(r.body).not.toContain('"name"');
  });

  it('passes a call with the token to the core and returns its answer', async () => {
    const r = await api(server, 'getSnapshot');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body).result.settings.profile).toBe('fake-profile');
    const lookup = await api(server, 'lookup', { ip: '8.8.8.8' });
    expect(lookup.status).toBe(200);
    expect(fake.calls).toEqual([
      { channel: 'getSnapshot', req: undefined },
      { channel: 'lookup', req: { ip: '8.8.8.8' } },
    ]);
  });

  it('refuses API calls without the token or with a wrong one, before the core sees them', async () => {
    const none = await request(server, '/api/getSnapshot', { method: 'POST' });
    const wrong = await api(server, 'getSnapshot', undefined, { 'x-lookup-tray-token': 'x'.repeat(43) });
    const inQuery = await request(server, `/api/getSnapshot?token=${encodeURIComponent('nope')}`, { method: 'POST' });
    expect([none.status, wrong.status, inQuery.status]).toEqual([403, 403, 403]);
    expect(fake.calls).toEqual([]);
  });

  it('refuses calls that are not Content-Type: application/json with 415, before the core sees them', async () => {
    const statuses = [];
    for (const type of [null, 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])
      statuses.push(
        (
          await request(server, '/api/lookup', {
            method: 'POST',
            headers: { ...tokenHeader(server), ...(type ? { 'content-type': type } : {}) },
            body: JSON.stringify({ ip: '8.8.8.8' }),
          })
        ).status,
      );
    expect(statuses).toEqual([415, 415, 415, 415]);
    expect((await api(server, 'lookup', { ip: '8.8.8.8' }, { 'content-type': 'application/jsonp' })).status).toBe(415);
    expect(fake.calls).toEqual([]);
    const withCharset = await api(
      server,
      'lookup',
      { ip: '8.8.8.8' },
      { 'content-type': 'Application/JSON; charset=utf-8' },
    );
    expect(withCharset.status).toBe(200);
  });

  it('a session cookie replayed without its page secret (another port on this address received it) calls nothing', async () => {
    const { cookie, 'x-lookup-tray-session': secret } = await startSession(server);
    const other = await startSession(server); // a second session: its secret is not this one's
    // A replay from another process: the cookie, no Sec-Fetch-Site, no Origin, and no secret or a wrong one.
    const replays: Record<string, string>[] = [
      {},
      { 'x-lookup-tray-session': '' },
      { 'x-lookup-tray-session': other['x-lookup-tray-session'] },
    ];
    for (const extra of replays) {
      const r = await api(server, 'getSnapshot', undefined, { 'x-lookup-tray-token': '', cookie, ...extra });
      expect(r.status, JSON.stringify(extra)).toBe(403);
      expect(JSON.parse(r.body)).toEqual({
        error: 'Forbidden: this call lacks the page’s session secret (open the address the preview printed again)',
      });
    }
    const stream = openStream(server, '/api/events', { cookie });
    expect(await stream.ready).toBe(403);
    stream.close();
    expect(fake.calls).toEqual([]);
    expect(server.eventClients()).toBe(0);
    expect(logs.some((l) => l.includes('without its page secret'))).toBe(true);
    // The page itself (no secret in it) still opens with the cookie alone, and the secret is nowhere in it.
    const page = await request(server, '/', { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(page.body + JSON.stringify(page.headers)).not.toContain(secret);
    // The page's own calls: the secret in the header, or in the stream's address (an EventSource sends no headers).
    expect(
      (
        await api(server, 'getSnapshot', undefined, {
          'x-lookup-tray-token': '',
          cookie,
          'x-lookup-tray-session': secret,
        })
      ).status,
    ).toBe(200);
    const own = openStream(server, `/api/events?session=${secret}`, { cookie });
    expect(await own.ready).toBe(200);
    own.close();
  });

  it('refuses calls and the event stream from another site (Sec-Fetch-Site, Origin) with 403, even with the token', async () => {
    const session = await startSession(server);
    const own = `http://127.0.0.1:${server.port}`;
    const refused: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'nonsense' },
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: `http://127.0.0.1:${server.port + 1}` },
      { origin: `https://127.0.0.1:${server.port}` },
      { origin: `http://localhost:${server.port}` }, // Host says 127.0.0.1: not this page's origin
      { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' },
    ];
    for (const headers of refused) {
      const viaCookie = await api(server, 'getSnapshot', undefined, {
        'x-lookup-tray-token': '',
        ...session,
        ...headers,
      });
      const viaToken = await api(server, 'getSnapshot', undefined, headers);
      expect([viaCookie.status, viaToken.status], JSON.stringify(headers)).toEqual([403, 403]);
    }
    const stream = await request(server, '/api/events', { headers: { ...session, 'sec-fetch-site': 'cross-site' } });
    expect(stream.status).toBe(403);
    expect(fake.calls).toEqual([]);
    expect(logs.some((l) => l.includes('from another site'))).toBe(true);

    const accepted: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin', origin: own },
      { 'sec-fetch-site': 'none' },
      {},
    ];
    for (const headers of accepted)
      expect(
        (await api(server, 'getSnapshot', undefined, { 'x-lookup-tray-token': '', ...session, ...headers })).status,
      ).toBe(200);
  });

  it('refuses a foreign Host header (DNS rebinding) on pages and API alike, and accepts localhost', async () => {
    const page = await request(server, '/', { host: `evil.example:${server.port}` });
    const call = await api(server, 'getSnapshot', undefined, { host: 'evil.example' });
    const otherPort = await request(server, '/', { host: '127.0.0.1:1' });
    expect([page.status, call.status, otherPort.status]).toEqual([421, 421, 421]);
    expect(page.body).not.toContain(server.token);
    expect(fake.calls).toEqual([]);
    expect(
      (await request(server, '/', { host: `localhost:${server.port}`, headers: tokenHeader(server) })).status,
    ).toBe(200);
  });

  it('answers 404 for unknown channels (including prototype names) and 405 for the wrong method', async () => {
    for (const name of ['nope', '__proto__', 'constructor', 'toString', ''])
      expect((await api(server, name)).status, name).toBe(404);
    expect(
      (await request(server, '/api/getSnapshot', { headers: { 'x-lookup-tray-token': server.token } })).status,
    ).toBe(405);
    expect((await request(server, '/', { method: 'POST', headers: tokenHeader(server) })).status).toBe(405);
    expect(fake.calls).toEqual([]);
  });

  it('validates bodies: size cap, JSON, and shape per channel', async () => {
    const big = await api(server, 'lookup', { ip: 'x'.repeat(70 * 1024) });
    expect(big.status).toBe(413);
    const notJson = await request(server, '/api/lookup', {
      method: 'POST',
      headers: { 'x-lookup-tray-token': server.token, 'content-type': 'application/json' },
      body: '{ip:',
    });
    expect(notJson.status).toBe(400);
    expect((await api(server, 'getSnapshot', { extra: 1 })).status).toBe(400);
    expect((await api(server, 'lookup', ['8.8.8.8'])).status).toBe(400);
    expect((await api(server, 'lookup')).status).toBe(400);
    expect((await api(server, 'lookup', { ip: '1.1.1.1', sneaky: true })).status).toBe(400);
    expect((await api(server, 'demoFastForward', { by: 'year' })).status).toBe(400);
    const badSave = await api(server, 'saveKey', { key: FAKE_KEY, verify: 'maybe' });
    expect(badSave.status).toBe(400);
    expect(JSON.parse(badSave.body).error).toMatch(/verify/);
    expect(badSave.body).not.toContain(FAKE_KEY);
    expect(fake.calls).toEqual([]);
    expect((await api(server, 'getSnapshot')).status).toBe(200);
  });

  it('turns a failing handler into a 500 with a message, keeps running, and never echoes a submitted key', async () => {
    const failed = await api(server, 'saveKey', { key: `THROW-${FAKE_KEY}` });
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body).error).toMatch(/cannot store/);
    expect(failed.body).not.toContain(FAKE_KEY);
    const echoed = await api(server, 'saveKey', { key: FAKE_KEY });
    expect(echoed.status).toBe(200);
    expect(JSON.parse(echoed.body).result.kind).toBe('rejected');
    expect(echoed.body).not.toContain(FAKE_KEY);
    expect((await api(server, 'getSnapshot')).status).toBe(200);
  });

  it('redacts the submitted key from every string of an answer, even one a search of the JSON text would miss', async () => {
    const key = 'FAKE"quoted\\key-preview-42';
    const echoed = await api(server, 'saveKey', { key });
    expect(echoed.status).toBe(200);
    const { result } = JSON.parse(echoed.body) as { result: { kind: string; message: string } };
    expect(result.kind).toBe('rejected');
    expect(result.message).not.toContain(key);
    expect(result.message).toBe('key •••••• refused');
  });

  it('streams core events as server-sent events, with heartbeats, and unsubscribes when the page goes', async () => {
    const refused = openStream(server, '/api/events');
    expect(await refused.ready).toBe(403);
    refused.close();

    const stream = openStream(server, '/api/events', await startSession(server));
    expect(await stream.ready).toBe(200);
    expect(server.eventClients()).toBe(1);
    fake.core.emit('navigate', { view: 'settings' });
    fake.core.emit('notification', { id: 'n1', title: 'Quota low', body: '25 % left' });
    await stream.waitFor(/event: notification\n/);
    expect(stream.text()).toContain('event: navigate\ndata: {"view":"settings"}\n\n');
    expect(stream.text()).toContain(
      'event: notification\ndata: {"id":"n1","title":"Quota low","body":"25 % left"}\n\n',
    );
    await stream.waitFor(/^: ping$/m);

    expect(fake.listenerCount()).toBe(EVENT_NAMES.length); // one listener per event
    stream.close();
    await expect.poll(() => fake.listenerCount(), { timeout: 10_000 }).toBe(0);
    expect(server.eventClients()).toBe(0);
  });

  it('caps the event streams at 16: the 17th gets 503 until one of them goes', async () => {
    const session = await startSession(server);
    const streams = Array.from({ length: 16 }, () => openStream(server, '/api/events', session));
    expect(await Promise.all(streams.map((s) => s.ready))).toEqual(Array(16).fill(200));
    expect(server.eventClients()).toBe(16);
    const extra = await request(server, '/api/events', { headers: session });
    expect(extra.status).toBe(503);
    expect(extra.headers['retry-after']).toBe('5');
    expect(server.eventClients()).toBe(16);
    expect(fake.listenerCount()).toBe(16 * EVENT_NAMES.length);
    streams[0]?.close();
    await expect.poll(() => server.eventClients(), { timeout: 10_000 }).toBe(15);
    const again = openStream(server, '/api/events', session);
    expect(await again.ready).toBe(200);
    for (const s of [...streams, again]) s.close();
    await expect.poll(() => fake.listenerCount(), { timeout: 10_000 }).toBe(0);
  });

  it('cuts off a stalled body within the 10 s request timeout and stalled headers within 5 s; event streams stay', async () => {
    const stream = openStream(server, '/api/events', tokenHeader(server));
    expect(await stream.ready).toBe(200);
    const host = `Host: 127.0.0.1:${server.port}\r\n`;
    const [body, headers] = await Promise.all([
      // Complete headers, one byte of a promised 100, then nothing.
      stall(
        server,
        `POST /api/lookup HTTP/1.1\r\n${host}x-lookup-tray-token: ${server.token}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      ),
      // Headers that never end.
      stall(server, `GET / HTTP/1.1\r\n${host}x-lookup-tray-token: ${server.token}\r\n`),
    ]);
    expect(body.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(body.closedAfterMs).toBeGreaterThanOrEqual(9_000);
    expect(body.closedAfterMs).toBeLessThan(16_000); // the limit, its 1 s check, and room for a busy machine
    expect(headers.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(headers.closedAfterMs).toBeGreaterThanOrEqual(4_000);
    expect(headers.closedAfterMs).toBeLessThan(9_500);
    expect(fake.calls).toEqual([]);
    expect(logs.some((l) => l.includes('too slowly'))).toBe(true);

    // The stream outlived both limits, and the server still answers.
    fake.core.emit('navigate', { view: 'lookup' });
    await stream.waitFor(/event: navigate\n/);
    expect(server.eventClients()).toBe(1);
    stream.close();
    expect((await api(server, 'getSnapshot')).status).toBe(200);
  }, 30_000);

  it('close() ends open event streams and stops listening', async () => {
    const stream = openStream(server, '/api/events', tokenHeader(server));
    await stream.ready;
    await server.close();
    expect(fake.listenerCount()).toBe(0);
    await expect(request(server, '/')).rejects.toThrow(/ECONNREFUSED/);
  });
});
