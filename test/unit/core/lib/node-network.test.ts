/**
 * Which failures the command line's fetch blames on the proxy: only a connection to the proxy's own address (a
 * refused port, a name not found), or its 407; a service that refuses while NO_PROXY sends it around the proxy is
 * the service's. The proxy is named by host and port, never its credentials.
 */
import { describe, expect, it } from 'vitest';
import { faultOf } from '../../../../electron/core/lib/node-network';

const url = new URL('https://api.example:8443/v2/info');
const refused = (address: string, port: number) =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', address, port }),
  });

describe('faultOf', () => {
  it("a refused connection at the proxy's address and port is the proxy's, named without its credentials", async () => {
    const env = { HTTPS_PROXY: 'http://me:secret@10.1.2.3:3128' };
    expect(await faultOf(refused('10.1.2.3', 3128), url, env)).toEqual({
      reason: 'proxy-unreachable',
      proxy: '10.1.2.3:3128',
      why: 'refused',
    });
    // The service's own address (NO_PROXY took it around the proxy): not the proxy's.
    expect(await faultOf(refused('192.0.2.7', 8443), url, env)).toBeNull();
    // No proxy for https:// (only http_proxy): nothing is the proxy's.
    expect(await faultOf(refused('10.1.2.3', 3128), url, { http_proxy: 'http://10.1.2.3:3128' })).toBeNull();
  });

  it("a proxy's name not found is the proxy's; a 407 names it, saying whether credentials were sent", async () => {
    const dns = new TypeError('fetch failed', {
      cause: Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND', hostname: 'proxy.corp.example' }),
    });
    expect(await faultOf(dns, url, { https_proxy: 'http://proxy.corp.example:8080' })).toEqual({
      reason: 'proxy-unreachable',
      proxy: 'proxy.corp.example:8080',
      why: 'dns',
    });
    const tunnel = new TypeError('fetch failed', {
      cause: new Error('Request was cancelled.', {
        cause: Object.assign(new Error('Proxy response (407) !== 200 when HTTP Tunneling'), {
          code: 'UND_ERR_ABORTED',
        }),
      }),
    });
    expect(await faultOf(tunnel, url, { HTTPS_PROXY: 'http://me:secret@proxy.corp.example:8080' })).toEqual({
      reason: 'proxy-auth',
      proxy: 'proxy.corp.example:8080',
      sent: true,
    });
    expect(await faultOf(tunnel, url, { HTTPS_PROXY: 'http://proxy.corp.example:8080' })).toMatchObject({
      sent: false,
    });
  });

  it('certificate codes: another host, expired', async () => {
    const cert = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });
    expect(await faultOf(cert('ERR_TLS_CERT_ALTNAME_INVALID'), url, {})).toEqual({
      reason: 'cert-host',
      host: 'api.example:8443',
    });
    expect(await faultOf(cert('CERT_HAS_EXPIRED'), url, {})).toEqual({
      reason: 'cert-expired',
      host: 'api.example:8443',
    });
  });
});
