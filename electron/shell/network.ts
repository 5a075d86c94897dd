/**
 * The app's network: Chromium's (Electron's net.fetch from the main process), so requests take the system's proxy
 * settings (manual, PAC, WPAD) and trust the operating system's certificate store, as the browser does; Settings →
 * Network overrides the proxy (none, or a proxy of its own) through the session's setProxy. A failure that was the
 * proxy's or the service's certificate is thrown as a NetworkFaultError naming it (the API client's proxy and
 * certificate outcomes); other Chromium errors carry the Node-style code the client classifies.
 */
import type { Session } from 'electron';
import type { AppSnapshot } from '../../shared/ipc';
import { DEFAULT_SETTINGS, type Settings } from '../../shared/settings';
import type { AppCore } from '../core/app/app-core-types';
import { NetworkFaultError, proxyName, shownName, type NetworkFault } from '../core/lib/network-fault';
import type { FetchFn, Logger } from '../core/lib/ports';

export type NetworkSetting = Settings['network'];

/** What Chromium is told for the setting (Electron's ProxyConfig). */
export function proxyConfig(n: NetworkSetting): { mode: 'system' | 'direct' | 'fixed_servers'; proxyRules?: string } {
  if (n.proxy === 'none') return { mode: 'direct' };
  if (n.proxy === 'url' && n.proxyUrl !== '') return { mode: 'fixed_servers', proxyRules: n.proxyUrl };
  return { mode: 'system' };
}

/** How a failure names the proxy: its host and port when the setting gives one, else the system's. */
export function proxyLabel(n: NetworkSetting): string {
  return n.proxy === 'url' && n.proxyUrl !== '' ? proxyName(n.proxyUrl) : 'set in the system’s settings';
}

/** Chromium's error name in a net.fetch failure ("net::ERR_CERT_AUTHORITY_INVALID" → "CERT_AUTHORITY_INVALID"). */
function chromiumError(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const m = /net::ERR_([A-Z_]+)/.exec(e instanceof Error ? e.message : String(e));
    if (m) return m[1]!;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The fault a Chromium error is, when it was the proxy's or the certificate's. */
export function chromiumFault(name: string, url: URL, n: NetworkSetting): NetworkFault | null {
  const proxy = proxyLabel(n);
  const host = shownName(url.host);
  switch (name) {
    case 'PROXY_AUTH_REQUESTED':
    case 'PROXY_AUTH_UNSUPPORTED':
    case 'PROXY_AUTH_REQUESTED_WITH_NO_CONNECTION':
      return { reason: 'proxy-auth', proxy, sent: false };
    case 'PROXY_CONNECTION_FAILED':
    case 'MANDATORY_PROXY_CONFIGURATION_FAILED':
    case 'PROXY_CERTIFICATE_INVALID':
      return { reason: 'proxy-unreachable', proxy, why: 'refused' };
    case 'TUNNEL_CONNECTION_FAILED':
      return { reason: 'proxy-unreachable', proxy, why: 'tunnel' };
    case 'CERT_AUTHORITY_INVALID':
      return { reason: 'cert-untrusted', host, issuer: null };
    case 'CERT_COMMON_NAME_INVALID':
      return { reason: 'cert-host', host };
    case 'CERT_DATE_INVALID':
      return { reason: 'cert-expired', host };
    default:
      return null;
  }
}

/** Chromium's other errors, as the Node error codes the API client classifies (client.ts). */
const NODE_CODES: Record<string, string> = {
  CONNECTION_REFUSED: 'ECONNREFUSED',
  NAME_NOT_RESOLVED: 'ENOTFOUND',
  NAME_RESOLUTION_FAILED: 'EAI_AGAIN',
  INTERNET_DISCONNECTED: 'EAI_AGAIN',
  CONNECTION_TIMED_OUT: 'ETIMEDOUT',
  TIMED_OUT: 'ETIMEDOUT',
  CONNECTION_RESET: 'ECONNRESET',
  CONNECTION_CLOSED: 'ECONNRESET',
  EMPTY_RESPONSE: 'ECONNRESET',
  SSL_PROTOCOL_ERROR: 'ERR_SSL_PROTOCOL_ERROR',
};

/** The app's fetch port: `netFetch` (Electron's net.fetch), its failures named (see above). */
export function createNetFetch(
  netFetch: (input: string, init?: RequestInit) => Promise<Response>,
  setting: () => NetworkSetting,
): FetchFn {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    try {
      return await netFetch(url, init);
    } catch (err) {
      if (init?.signal?.aborted) throw err;
      const name = chromiumError(err);
      if (name === null) throw err;
      const fault = chromiumFault(name, new URL(url), setting());
      if (fault) throw new NetworkFaultError(fault, { cause: err });
      const code = NODE_CODES[name];
      throw code ? Object.assign(new Error(`net::ERR_${name}`, { cause: err }), { code }) : err;
    }
  };
}

/** Tells Chromium which proxy to take; a failure is logged (requests then keep the previous choice). */
export async function applyNetwork(
  session: Pick<Session, 'setProxy'>,
  n: NetworkSetting,
  logger: Logger,
): Promise<void> {
  try {
    await session.setProxy(proxyConfig(n));
  } catch (err) {
    logger.warn('Could not apply the proxy setting', {
      mode: n.proxy,
      error: err instanceof Error ? err.name : 'unknown',
    });
  }
}

/**
 * The app's network: its fetch port (net.fetch), and `follow`, which applies Settings → Network to the session from
 * the first snapshot on and whenever it changes.
 */
export function createAppNetwork(deps: {
  netFetch: (input: string, init?: RequestInit) => Promise<Response>;
  session: Pick<Session, 'setProxy'>;
  logger: Logger;
}): { fetch: FetchFn; follow(core: Pick<AppCore, 'on'>, first: AppSnapshot): Promise<void> } {
  let current: NetworkSetting = DEFAULT_SETTINGS.network;
  return {
    fetch: createNetFetch(deps.netFetch, () => current),
    async follow(core, first) {
      current = first.settings.network;
      await applyNetwork(deps.session, current, deps.logger);
      core.on('snapshot-changed', (snap) => {
        const next = snap.settings.network;
        if (next.proxy === current.proxy && next.proxyUrl === current.proxyUrl) return;
        current = next;
        void applyNetwork(deps.session, next, deps.logger);
      });
    },
  };
}
