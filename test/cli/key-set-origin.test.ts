/**
 * Issue 33, medium: `lookup-tray key set` verified the key at the base URL of the moment, then saved it through a
 * fresh core that read settings.json again — so a base URL changed in between (the window's Settings, another
 * command) got the key, and the next command sent it there. The change is made here by a proxy in front of the
 * service, at the moment the verification request arrives (no sleeps): the key must not be saved for the new origin.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../electron/demo/simulator';
import { cli, hasKeyring, tempDir, testKey } from './helpers';

const KEY = testKey('origin-race');
let service: Simulator;
let other: Simulator;
let proxy: Server;
let proxyUrl: string;
let data: ReturnType<typeof tempDir>;
/** Runs once, when the first request reaches the service through the proxy (the key's verification). */
let onFirstRequest: (() => void) | null = null;

beforeEach(async () => {
  const plan = { monthLimit: 1000, minuteLimit: null, label: 'k' };
  service = await startSimulator({ keys: { [KEY]: plan } });
  other = await startSimulator({ keys: { [KEY]: plan } }); // would accept the key: it must never get it
  data = tempDir('lt-cli-origin-');
  proxy = createServer((req, res) => {
    const hook = onFirstRequest;
    onFirstRequest = null;
    hook?.();
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
    void fetch(service.url + (req.url ?? '/'), { method: req.method, headers }).then(async (r) => {
      res.writeHead(r.status, Object.fromEntries(r.headers));
      res.end(Buffer.from(await r.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterEach(async () => {
  onFirstRequest = null;
  if (hasKeyring) await cli(data.dir, ['key', 'remove']);
  await new Promise((resolve) => proxy.close(resolve));
  await service.close();
  await other.close();
  data.remove();
});

it.runIf(hasKeyring)(
  'key set refuses (exit 10) when the base URL moves to another origin between verifying and saving',
  async () => {
    expect((await cli(data.dir, ['config', 'set', 'baseUrl', proxyUrl])).code).toBe(0);
    const file = join(data.dir, 'settings.json');
    onFirstRequest = () => {
      // Another process (the window's Settings) points the profile at another service meanwhile.
      const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...s, baseUrl: other.url }));
    };
    const r = await cli(data.dir, ['key', 'set', '--stdin'], { input: KEY });
    expect(service.log.length).toBeGreaterThan(0); // verified at the first origin
    expect(r.stderr).toBe(
      `lookup-tray: The base URL changed to ${other.url} while the key was being verified for ${proxyUrl}: nothing was saved. Check the base URL, then run key set again.\n`,
    );
    expect(r.code).toBe(10);

    // Not saved for the new origin: nothing is sent there.
    const status = await cli(data.dir, ['key', 'status']);
    expect(status.code).toBe(3);
    expect((await cli(data.dir, ['lookup', '8.8.8.8', '--json'])).code).toBe(3);
    expect(other.log).toHaveLength(0);
  },
);
