/**
 * The app's network with the mocked electron: its requests go through Electron's net.fetch (Chromium: the system's
 * proxy, PAC, WPAD and certificate store), Settings → Network becomes the session's proxy at start and when it
 * changes, and Chromium's proxy and certificate failures become the outcomes that name them.
 */
import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./mocks/electron'));
const fake = vi.hoisted(() => ({ core: null as unknown, ports: null as unknown }));
vi.mock('../../electron/core/app/app-core', async () => {
  const { fakeCore, snapshot } = await import('../helpers/fake-core');
  return {
    createAppCore: vi.fn(async (ports: unknown) => {
      fake.ports = ports;
      fake.core = fakeCore(snapshot());
      return fake.core;
    }),
  };
});
vi.mock('../../electron/core/secrets/key-vault', () => ({
  loadKeytar: vi.fn(async () => ({ getPassword: async () => null })),
}));

import { net, session } from './mocks/electron';
import type { FakeCore } from '../helpers/fake-core';
import type { AppCorePorts } from '../../electron/core/app/app-core-types';
import { createApiClient } from '../../electron/core/lookup-api/client';
import { toLookupOutcome } from '../../electron/core/lookup-api/outcomes';
import { systemClock } from '../../electron/core/lib/ports';
import { createNetFetch, type NetworkSetting } from '../../electron/shell/network';
import { withWords } from '../helpers/outcome-words';

const engine = { serverNow: (t: number) => t, activeCooldown: () => null };

/** A lookup through the app's fetch port whose net.fetch fails with Chromium's `error`. */
async function lookupFailing(error: string, setting: NetworkSetting) {
  const fetch = createNetFetch(
    async () => {
      throw new Error(`net::${error}`);
    },
    () => setting,
  );
  const client = createApiClient({ fetch, clock: systemClock });
  const raw = await client.request({ baseUrl: 'https://api.example:8443', key: 'FAKE-wiring-key', path: '/v2/info' });
  return toLookupOutcome(raw, '8.8.8.8', engine);
}

const SYSTEM: NetworkSetting = { proxy: 'system', proxyUrl: '' };
const OWN: NetworkSetting = { proxy: 'url', proxyUrl: 'http://proxy.example:3128' };

describe("Chromium's failures, named", () => {
  it("a proxy that wants credentials, or cannot be reached, is named: the setting's, or the system's", async () => {
    expect(withWords(await lookupFailing('ERR_PROXY_AUTH_REQUESTED', OWN))).toMatchObject({
      kind: 'proxy-error',
      reason: 'auth',
      proxy: 'proxy.example:3128',
      message: expect.stringContaining('The proxy proxy.example:3128 asks for a user name and password (407).'),
    });
    expect(withWords(await lookupFailing('ERR_PROXY_CONNECTION_FAILED', SYSTEM))).toEqual({
      kind: 'proxy-error',
      reason: 'unreachable',
      proxy: 'set in the system’s settings',
      why: 'refused',
      message:
        'The proxy set in the system’s settings could not be reached (the connection was refused). Check the proxy’s address and that it runs; the service was not asked.',
    });
  });

  it('an untrusted, mismatched or expired certificate is a certificate error naming the host', async () => {
    expect(withWords(await lookupFailing('ERR_CERT_AUTHORITY_INVALID', SYSTEM))).toMatchObject({
      kind: 'certificate-error',
      reason: 'untrusted',
      host: 'api.example:8443',
      message: expect.stringContaining("add its root certificate to the system's certificate store"),
    });
    expect(await lookupFailing('ERR_CERT_COMMON_NAME_INVALID', SYSTEM)).toMatchObject({ reason: 'host-mismatch' });
    expect(await lookupFailing('ERR_CERT_DATE_INVALID', SYSTEM)).toMatchObject({ reason: 'expired' });
  });

  it("Chromium's other errors read as before: refused, not found, timed out", async () => {
    expect(await lookupFailing('ERR_CONNECTION_REFUSED', SYSTEM)).toMatchObject({
      kind: 'network-error',
      reason: 'refused',
    });
    expect(await lookupFailing('ERR_NAME_NOT_RESOLVED', SYSTEM)).toMatchObject({
      kind: 'network-error',
      reason: 'dns',
    });
    expect(await lookupFailing('ERR_TIMED_OUT', SYSTEM)).toMatchObject({ kind: 'network-error', reason: 'timeout' });
  });
});

describe('main.ts', () => {
  it("requests go through net.fetch; Settings → Network is the session's proxy, at start and when it changes", async () => {
    await import('../../electron/main');
    await vi.waitFor(() => expect(fake.core).not.toBeNull());
    const core = fake.core as FakeCore;
    const ports = fake.ports as AppCorePorts;
    await vi.waitFor(() => expect(session.defaultSession.proxies).toEqual([{ mode: 'system' }]));

    const res = await ports.fetch('https://api.example/v2/status', { headers: { apikey: 'FAKE-wiring-key' } });
    expect(res.status).toBe(200);
    expect(net.fetch).toHaveBeenCalledWith('https://api.example/v2/status', { headers: { apikey: 'FAKE-wiring-key' } });

    const withNetwork = (network: NetworkSetting) =>
      core.emit('snapshot-changed', { ...core.current, settings: { ...core.current.settings, network } });
    withNetwork(OWN);
    withNetwork({ proxy: 'none', proxyUrl: 'http://proxy.example:3128' });
    withNetwork({ proxy: 'none', proxyUrl: 'http://proxy.example:3128' }); // unchanged: not applied again
    expect(session.defaultSession.proxies).toEqual([
      { mode: 'system' },
      { mode: 'fixed_servers', proxyRules: 'http://proxy.example:3128' },
      { mode: 'direct' },
    ]);
  });
});
