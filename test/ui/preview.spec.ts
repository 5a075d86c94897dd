/**
 * The web preview's transport, in Chromium: the page reaches the real core, the core's events reach the
 * page, and the server's guards (session from the printed address, Host) hold. The renderer's own screens have their own specs.
 */
import http from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { storedKey } from './ui-helpers';
import { listenOnLoopback } from '../helpers/local-server';

declare global {
  interface Window {
    /** Collected by the tests in the page. */
    __seen?: { name: string; payload: unknown }[];
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((e) => {
    const p = join(dir, e);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

test('the page has the whole LookupTrayApi, and a call from the page reaches the real core and the service', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  const fromPage = await page.evaluate(async () => {
    const api = window.lookupTray;
    const snap = await api!.getSnapshot();
    return { methods: Object.keys(api ?? {}).sort(), settings: snap.settings, key: snap.key };
  });
  const fromCore = await preview.core.handlers.getSnapshot();
  expect(fromPage.settings).toEqual(fromCore.settings);
  expect(fromPage.settings.baseUrl).toBe(preview.sim.url);
  expect(fromPage.key).toEqual({
    hasKey: true,
    masked: `••••••${preview.apiKey.slice(-4)}`,
    storage: expect.any(String),
  });
  expect(fromPage.methods).toEqual(
    [
      ...[
        'getSnapshot',
        'lookup',
        'cancelLookup',
        'recentLookups',
        'checkQuota',
        'saveKey',
        'useLegacyKey',
        'removeKey',
        'updateSettings',
      ],
      ...['dismissNotice', 'pauseNotifications', 'startDemo', 'stopDemo', 'demoFastForward', 'openExternal'],
      'saveAnswer',
      ...['getHistory', 'exportHistory'],
      ...['addProfile', 'switchProfile', 'renameProfile', 'removeProfile'],
      ...['getDataInfo', 'clearCache', 'clearRecent', 'openDataFolder'],
      ...['bulkPreview', 'bulkStart', 'bulkPause', 'bulkResume', 'bulkCancel', 'bulkList', 'bulkResults', 'bulkExport'],
      ...['getBulkReport', 'exportBulkReport', 'exportBlockList'],
      ...['bulkFollow', 'bulkFollowAgain', 'bulkFollowStop', 'bulkFollows', 'onBulkFollow'],
      ...['bulkOpenFile', 'bulkReadFile', 'bulkCancelRead', 'bulkStartFile', 'onBulkReadProgress'],
      ...['getUpdateStatus', 'checkForUpdates', 'restartToUpdate'],
      ...['onQuotaChanged', 'onSnapshotChanged', 'onNavigate', 'onNotification', 'onBulkProgress', 'onUpdateStatus'],
    ].sort(),
  );

  const before = preview.sim.log.length;
  const outcome = await page.evaluate(() => window.lookupTray!.lookup({ ip: ' 8.8.8.8 ' }));
  expect(outcome.kind).toBe('ok');
  const sent = preview.sim.log.slice(before).filter((e) => e.path === '/v2/info');
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ ip: '8.8.8.8', keyVia: 'header', keyName: 'ui-test', status: 200 });
});

test('events from the core reach the page: navigate, and a quota change caused outside the page', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  await page.evaluate(() => {
    window.__seen = [];
    const api = window.lookupTray!;
    api.onNavigate((e) => window.__seen!.push({ name: 'navigate', payload: e }));
    api.onQuotaChanged((q) => window.__seen!.push({ name: 'quota-changed', payload: q }));
  });
  preview.core.emit('navigate', { view: 'settings', ip: '1.1.1.1' });
  await expect
    .poll(() => page.evaluate(() => window.__seen!.filter((e) => e.name === 'navigate')))
    .toEqual([{ name: 'navigate', payload: { view: 'settings', ip: '1.1.1.1' } }]);

  // A lookup made by the core itself (as the tray would) changes the quota; the page hears of it.
  preview.sim.setUsage(preview.apiKey, { month: 100 });
  const r = await preview.core.handlers.lookup({ ip: '9.9.9.9' });
  expect(r.kind).toBe('ok');
  await expect
    .poll(() =>
      page.evaluate(() =>
        window
          .__seen!.filter((e) => e.name === 'quota-changed')
          .map((e) => (e.payload as { month: { remaining: number } | null }).month?.remaining),
      ),
    )
    .toContain(10_000 - 101);
});

test('unsubscribing stops delivery to that listener only', async ({ page, preview }) => {
  await preview.open(page);
  await page.evaluate(() => {
    window.__seen = [];
    const api = window.lookupTray!;
    const off = api.onNavigate(() => window.__seen!.push({ name: 'first', payload: null }));
    api.onNavigate(() => window.__seen!.push({ name: 'second', payload: null }));
    off();
  });
  preview.core.emit('navigate', { view: 'lookup' });
  await expect.poll(() => page.evaluate(() => window.__seen!.map((e) => e.name))).toEqual(['second']);
});

test('without the printed address the page gets 403, neither the app nor the token, and no API', async ({
  page,
  preview,
}) => {
  const res = await page.goto(preview.url);
  expect(res?.status()).toBe(403);
  const html = await page.content();
  expect(html).not.toContain(preview.token);
  expect(html).not.toContain('<script');
  await expect(page.getByText('open that address in this browser')).toBeVisible();
  expect(await page.evaluate(() => 'lookupTray' in window)).toBe(false);
  // The explanation page may not even fetch (its CSP is default-src 'none'); ask with the context's cookie jar.
  const statuses = {
    api: (await page.request.post(`${preview.url}api/getSnapshot`, { data: {} })).status(),
    bridge: (await page.request.get(`${preview.url}__bridge.js`)).status(),
  };
  expect(statuses).toEqual({ api: 403, bridge: 403 });
});

test('the printed address starts an HttpOnly session and leaves the token out of the address bar and page', async ({
  page,
  preview,
}) => {
  await preview.open(page);
  expect(page.url()).toBe(preview.url);
  expect(await page.content()).not.toContain(preview.token);
  expect(await page.evaluate(() => document.cookie)).toBe('');
  const [cookie] = await page.context().cookies(preview.url);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
  expect(cookie?.value).not.toBe(preview.token);
});

test('API calls and the event stream without the session or token are refused with 403', async ({ page, preview }) => {
  await preview.open(page);
  const statuses = await page.evaluate(async () => {
    // credentials: 'omit' leaves the session cookie behind, as a request from any other origin would.
    const post = (init: RequestInit) =>
      fetch('/api/getSnapshot', { method: 'POST', credentials: 'omit', ...init }).then((r) => r.status);
    return {
      none: await post({}),
      wrong: await post({ headers: { 'x-lookup-tray-token': 'not-the-token' } }),
      events: await fetch('/api/events', { credentials: 'omit' }).then((r) => r.status),
    };
  });
  expect(statuses).toEqual({ none: 403, wrong: 403, events: 403 });
});

test('a wrong Host header is refused (421) and gets no token', async ({ preview }) => {
  const { port, hostname } = new URL(preview.url);
  const get = (host: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get({ host: hostname, port, path: '/', headers: { host, ...headers } }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
  const evil = await get(`attacker.example:${port}`, { 'x-lookup-tray-token': preview.token });
  expect(evil.status).toBe(421);
  expect(evil.body).not.toContain(preview.token);
  expect((await get(`${hostname}:${port}`, { 'x-lookup-tray-token': preview.token })).status).toBe(200);
});

test('the session cookie goes to no other server on this machine (the preview has a loopback address of its own)', async ({
  page,
  preview,
}) => {
  const { hostname, port } = new URL(preview.url);
  expect(hostname).toMatch(/^127\.\d+\.\d+\.\d+$/);
  if (process.platform === 'linux') expect(hostname).not.toBe('127.0.0.1'); // every 127.x.y.z is this machine
  // Another local server on the same port number's neighbour, at 127.0.0.1: what cookies does the browser send it?
  const seen: (string | undefined)[] = [];
  const other = http.createServer((req, res) => {
    seen.push(req.headers.cookie);
    res.end('other');
  });
  const otherUrl = await listenOnLoopback(other);
  try {
    await preview.open(page);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.domain)).toEqual([hostname]);
    await page.goto(`${otherUrl}/`);
    expect(seen).toEqual([undefined]);
    expect(port).not.toBe('');
  } finally {
    await new Promise((r) => other.close(r));
  }
});

test.describe('first run', () => {
  test.use({ previewSetup: 'first-run', previewKey: 'FAKE-secret-key-zz-9876-a1b2c3d4' });

  test('a key saved through the page never comes back: not in answers, events, DOM, storage, logs or data files', async ({
    page,
    preview,
  }) => {
    const pending: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/events')) return; // a stream: collected through the listeners below
      pending.push(r.text().catch(() => ''));
    });
    await preview.open(page);
    await page.evaluate(() => {
      window.__seen = [];
      const api = window.lookupTray!;
      api.onSnapshotChanged((s) => window.__seen!.push({ name: 'snapshot-changed', payload: s }));
      api.onQuotaChanged((q) => window.__seen!.push({ name: 'quota-changed', payload: q }));
      api.onNotification((n) => window.__seen!.push({ name: 'notification', payload: n }));
    });
    const saved = await page.evaluate(
      ([key, baseUrl]) => window.lookupTray!.saveKey({ key: `  ${key}\n`, baseUrl, verify: 'free' }),
      [preview.apiKey, preview.sim.url] as const,
    );
    expect(saved.kind).toBe('saved');
    // The key really went into the vault (so the searches below are not vacuous).
    expect(await storedKey(preview)).toBe(preview.apiKey);
    await page.evaluate(async () => {
      const api = window.lookupTray!;
      await api.lookup({ ip: '8.8.4.4' });
      await api.checkQuota({});
      await api.getSnapshot();
      await api.recentLookups();
    });
    await expect.poll(() => page.evaluate(() => window.__seen!.some((e) => e.name === 'snapshot-changed'))).toBe(true);

    const key = preview.apiKey;
    const bodies = await Promise.all(pending);
    const seen = await page.evaluate(() => JSON.stringify(window.__seen));
    const dom = await page.evaluate(() => document.documentElement.outerHTML);
    const storage = await page.evaluate(
      () => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }),
    );
    expect(bodies.length).toBeGreaterThan(4);
    expect(bodies.filter((b) => b.includes(key))).toEqual([]);
    expect(seen).not.toContain(key);
    expect(dom).not.toContain(key);
    expect(storage).not.toContain(key);
    expect(preview.logs.filter((l) => l.includes(key))).toEqual([]);
    expect(filesUnder(preview.dataDir).filter((f) => readFileSync(f, 'utf8').includes(key))).toEqual([]);
  });
});
