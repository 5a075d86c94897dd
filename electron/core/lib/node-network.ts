/**
 * The network of a Node process (the command line, the web preview) as users have it: the proxy from HTTPS_PROXY,
 * HTTP_PROXY and NO_PROXY (upper or lower case, lower case first, as curl; credentials in the proxy's address), and
 * the operating system's certificate store trusted in addition to Node's own roots and NODE_EXTRA_CA_CERTS. All of
 * it is Node's own (http.setGlobalProxyFromEnv: undici's EnvHttpProxyAgent under fetch; tls.getCACertificates),
 * turned on once, before the first request. The fetch it gives says what failed when the proxy or the service's
 * certificate did (NetworkFaultError), never the proxy's credentials.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import type { FetchFn } from './ports';
import { certFaultOf, NetworkFaultError, proxyName, shownName, type NetworkFault } from './network-fault';

type Env = Record<string, string | undefined>;

let turnedOn: { invalidProxy: string | null } | null = null;

/** The proxy Node uses for `url`'s scheme (before NO_PROXY), as configured. */
function proxyFor(url: URL, env: Env): string | null {
  const p = url.protocol === 'https:' ? env.https_proxy || env.HTTPS_PROXY : env.http_proxy || env.HTTP_PROXY;
  return p || null;
}

/**
 * Turns the proxy and the system's certificates on for this process (once; later calls do nothing). The system's
 * store is read here (~25 ms on Linux: OpenSSL's default file and folder, SSL_CERT_FILE / SSL_CERT_DIR when set).
 */
export function useSystemNetwork(env: Env = process.env): void {
  if (turnedOn) return;
  turnedOn = { invalidProxy: null };
  try {
    tls.setDefaultCACertificates([
      ...new Set([...tls.getCACertificates('default'), ...tls.getCACertificates('system')]),
    ]);
  } catch {
    // No system store readable: Node's roots and NODE_EXTRA_CA_CERTS stay.
  }
  try {
    // Node >= 24.5 (@types/node here is 22's, without it).
    (http as typeof http & { setGlobalProxyFromEnv(env: Env): () => void }).setGlobalProxyFromEnv(env);
  } catch {
    // ERR_PROXY_INVALID_CONFIG: every request through it says so (proxy-invalid) rather than going around it.
    turnedOn.invalidProxy = env.https_proxy || env.HTTPS_PROXY || env.http_proxy || env.HTTP_PROXY || '';
  }
}

/** The error codes (and names) of `err` and its causes. */
function codesOf(err: unknown): { codes: string[]; errors: Record<string, unknown>[] } {
  const codes: string[] = [];
  const errors: Record<string, unknown>[] = [];
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const o = e as Record<string, unknown>;
    errors.push(o);
    if (typeof o.code === 'string') codes.push(o.code);
    if (typeof o.message === 'string' && /^Proxy response \(407\)/.test(o.message)) codes.push('PROXY_407');
    e = o.cause;
  }
  return { codes, errors };
}

/**
 * The authority a certificate chain ends at, as the service sends it: the issuer of its topmost certificate (the
 * root to add to the system's store). Asked of a second connection that does not check the certificate and sends
 * no key (a HEAD of the service's root, ended once the certificate is read), through the same proxy; null when
 * that fails too, or after 5 s.
 */
export async function chainIssuer(url: URL): Promise<string | null> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (name: string | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve(name);
    };
    const timer = setTimeout(() => finish(null), 5_000);
    const req = https.request({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port || 443,
      servername: url.hostname.startsWith('[') ? undefined : url.hostname,
      method: 'HEAD',
      path: '/',
      rejectUnauthorized: false,
      agent: https.globalAgent,
    });
    const read = (socket: tls.TLSSocket) => {
      let cert = socket.getPeerCertificate(true);
      if (!cert || Object.keys(cert).length === 0) return;
      for (let i = 0; i < 10 && cert.issuerCertificate && cert.issuerCertificate !== cert; i++)
        cert = cert.issuerCertificate;
      const cn: unknown = cert.issuer?.CN ?? cert.issuer?.O;
      finish(typeof cn === 'string' && cn ? shownName(cn) : Array.isArray(cn) ? shownName(cn.join(', ')) : null);
    };
    // Direct, the handshake ends on the socket given; through a proxy's tunnel it has ended before the answer.
    req.on('socket', (socket) => socket.once('secureConnect', () => read(socket as tls.TLSSocket)));
    req.on('response', (res) => read(res.socket as tls.TLSSocket));
    req.on('error', () => finish(null));
    req.end();
  });
}

/** What `err` (a failed fetch of `url`) says failed on the way, if it was the proxy or the certificate. */
export async function faultOf(err: unknown, url: URL, env: Env = process.env): Promise<NetworkFault | null> {
  const { codes, errors } = codesOf(err);
  const proxy = proxyFor(url, env);
  if (proxy && codes.includes('PROXY_407'))
    return { reason: 'proxy-auth', proxy: proxyName(proxy), sent: /^[^/]*\/\/[^@/]+@/.test(proxy) };
  if (proxy) {
    let p: URL | null = null;
    try {
      p = new URL(proxy);
    } catch {
      // Named as written (cut, no credentials).
    }
    // The connection that failed was the proxy's: its name was looked up, or its address and port refused.
    const host = p?.hostname.replace(/^\[|\]$/g, '');
    const at = (o: Record<string, unknown>) =>
      p !== null &&
      (o.hostname === host ||
        (String(o.port) === (p.port || (p.protocol === 'https:' ? '443' : '80')) &&
          (o.address === host || isIP(host ?? '') === 0)));
    for (const o of errors) {
      if (o.code === 'ECONNREFUSED' && at(o))
        return { reason: 'proxy-unreachable', proxy: proxyName(proxy), why: 'refused' };
      if ((o.code === 'ENOTFOUND' || o.code === 'EAI_AGAIN') && at(o))
        return { reason: 'proxy-unreachable', proxy: proxyName(proxy), why: 'dns' };
    }
  }
  for (const c of codes) {
    const cert = certFaultOf(c);
    if (!cert) continue;
    const host = shownName(url.host);
    if (cert === 'cert-untrusted') return { reason: cert, host, issuer: await chainIssuer(url) };
    return { reason: cert, host };
  }
  return null;
}

/**
 * Node's fetch with the system's network turned on (useSystemNetwork, at its first call): a failure that was the
 * proxy's or the certificate's is thrown as a NetworkFaultError naming it; any other as it came.
 */
export function nodeFetch(env: Env = process.env): FetchFn {
  return async (input, init) => {
    useSystemNetwork(env);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (turnedOn?.invalidProxy !== null && turnedOn?.invalidProxy !== undefined && proxyFor(url, env))
      throw new NetworkFaultError({ reason: 'proxy-invalid', proxy: proxyName(turnedOn.invalidProxy) });
    try {
      return await fetch(input, init);
    } catch (err) {
      if (init?.signal?.aborted) throw err;
      const fault = await faultOf(err, url, env);
      if (fault) throw new NetworkFaultError(fault, { cause: err });
      throw err;
    }
  };
}
