/**
 * The web preview (the real core behind the window, as `npm run preview:web -- --keychain --data-dir DIR` runs it)
 * and the `lookup-tray` command at the same time on one data folder and one keychain: what the command learns
 * shows up in the running window by itself, and a cooldown recorded by either is honoured by the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAppCore } from '../../electron/core/app/app-core';
import type { AppCore } from '../../electron/core/app/app-core-types';
import { systemClock } from '../../electron/core/lib/ports';
import { loadKeytar } from '../../electron/core/secrets/key-vault';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { startPreviewServer, type PreviewServer } from '../../electron/preview/server';
import { TOKEN_HEADER } from '../../electron/preview/http-util';
import type { AppSnapshot, LookupOutcome } from '../../shared/ipc';
import { cli, freshMinute, hasKeyring, tempDir, testKey } from './helpers';

const KEY = testKey('shared');
let sim: Simulator;
let data: ReturnType<typeof tempDir>;
let rendererDir: string;
let core: AppCore | null = null;
let server: PreviewServer | null = null;
const sent = () => sim.log.filter((e) => e.path === '/v2/info').length;

async function api<T>(channel: string, body: unknown = null): Promise<T> {
  const res = await fetch(`${server!.url}api/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: server!.token },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { result: T }).result;
}

beforeAll(async () => {
  if (!hasKeyring) return;
  sim = await startSimulator({ keys: { [KEY]: { monthLimit: 1000, minuteLimit: 3, label: 'shared' } } });
  data = tempDir();
  rendererDir = mkdtempSync(join(tmpdir(), 'lt-renderer-'));
  core = await createAppCore({
    clock: systemClock,
    fetch: globalThis.fetch,
    secrets: await loadKeytar(),
    dataDir: data.dir,
    notifier: { notify() {} },
    logger: { info() {}, warn() {}, error() {} },
  });
  core.setWindowVisible(true);
  server = await startPreviewServer({ core, rendererDir, port: 0 });
  // The key is entered in the window; the command finds it in the keychain.
  const saved = await api<{ kind: string }>('saveKey', { key: KEY, baseUrl: sim.url, verify: 'skip' });
  expect(saved.kind).toBe('saved');
});
afterAll(async () => {
  if (!hasKeyring) return;
  await api('removeKey');
  await server?.close();
  await core?.dispose();
  await sim.close();
  data.remove();
  rmSync(rendererDir, { recursive: true, force: true });
});

it.runIf(hasKeyring)(
  'figures and the minute cooldown the command records appear in the open window, which then sends nothing',
  async () => {
    await freshMinute(30_000);
    // The window's own free status check after the save lands first; the service's Date header counts whole seconds,
    // so the command's answers come in a later second (figures of one second are not ordered).
    await expect.poll(async () => (await api<AppSnapshot>('getSnapshot')).quota.month?.remaining).toBe(1000);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await cli(data.dir, ['key', 'status'])).code).toBe(0);
    expect((await cli(data.dir, ['lookup', '8.8.8.8', '1.1.1.1', '9.9.9.9'])).code).toBe(0);
    const limited = await cli(data.dir, ['lookup', '8.8.4.4']);
    expect(limited.code).toBe(5);

    // Nothing is asked of the window: it shows the command's figures and cooldown by itself.
    await expect
      .poll(async () => (await api<AppSnapshot>('getSnapshot')).quota, { timeout: 10_000 })
      .toMatchObject({ month: { limit: 1000, remaining: 997 }, cooldown: { scope: 'minute' } });
    const n = sent();
    const held = await api<LookupOutcome>('lookup', { ip: '203.0.113.9' });
    expect(held).toMatchObject({ kind: 'cooldown', scope: 'minute' });
    expect(sent()).toBe(n);
    // And the window answers from what the command cached, for free.
    expect(await api<LookupOutcome>('lookup', { ip: '1.1.1.1' })).toMatchObject({ kind: 'ok', source: 'cache' });
    expect(sent()).toBe(n);
  },
);

it.runIf(hasKeyring)(
  'a cooldown the window records (month exhausted) holds the command back: exit 5, nothing sent',
  async () => {
    sim.setUsage(KEY, { month: 1000, minute: 0 });
    const hit = await api<LookupOutcome>('lookup', { ip: '203.0.113.10', force: true });
    expect(hit).toMatchObject({ kind: 'rate-limited', scope: 'month' });
    const n = sent();
    const r = await cli(data.dir, ['lookup', '203.0.113.11', '--yes']);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('Monthly quota exhausted');
    expect(r.stderr).toContain('Nothing was sent');
    expect(sent()).toBe(n);
    const q = await cli(data.dir, ['quota']);
    expect(q.stdout).toMatch(/Cooldown month limit reached/);
  },
);
