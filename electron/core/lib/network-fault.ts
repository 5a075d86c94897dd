/**
 * What failed on the way to the service when it was not the service: the proxy, or the service's certificate. A
 * fetch port (node-network.ts for the command line and the preview, the app's Electron net.fetch) throws a
 * NetworkFaultError carrying one; the API client turns it into a 'proxy-error' or 'certificate-error' outcome.
 * Every name in it (a proxy's host, a certificate's issuer) is cut short and free of control characters; a proxy
 * is named by its host and port only, never with the credentials its address may carry.
 */
export type NetworkFault =
  /** The proxy answered 407: it wants credentials, or did not accept those given. */
  | {
      reason: 'proxy-auth';
      proxy: string;
      /** Credentials were in the proxy's address (so they were refused). */ sent: boolean;
    }
  /** Nothing answered at the proxy's address, its name could not be found, or it opened no tunnel to the service. */
  | { reason: 'proxy-unreachable'; proxy: string; why: 'refused' | 'dns' | 'timeout' | 'tunnel' }
  /** The proxy's address (HTTPS_PROXY …, or the proxy setting) is not a URL. */
  | { reason: 'proxy-invalid'; proxy: string }
  /** The service's certificate chain ends at an authority this computer does not trust. */
  | { reason: 'cert-untrusted'; host: string; issuer: string | null }
  /** The certificate is valid but for other names. */
  | { reason: 'cert-host'; host: string }
  | { reason: 'cert-expired'; host: string };

export class NetworkFaultError extends Error {
  override readonly name = 'NetworkFaultError';
  constructor(
    readonly fault: NetworkFault,
    options?: { cause?: unknown },
  ) {
    super(fault.reason, options);
  }
}

/** A name from outside (a certificate's, a proxy's) as it may be shown: one line, at most 120 characters. */
export function shownName(text: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, ' ').trim();
  return clean.length > 120 ? `${clean.slice(0, 120)}…` : clean;
}

/** A proxy's address as it may be named: host and port, never its credentials; the text itself when not a URL. */
export function proxyName(proxy: string): string {
  try {
    const u = new URL(proxy);
    return shownName(u.host || u.href.replace(/\/\/[^@/]*@/, '//'));
  } catch {
    return shownName(proxy.replace(/^[^/]*\/\/[^@/]*@/, '').replace(/^[^@/]*@/, ''));
  }
}

/** Node's certificate error codes, by the fault they are (OpenSSL's names; ERR_TLS_CERT_ALTNAME_INVALID is Node's). */
export function certFaultOf(code: string): 'cert-untrusted' | 'cert-host' | 'cert-expired' | null {
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || code === 'HOSTNAME_MISMATCH') return 'cert-host';
  if (code === 'CERT_HAS_EXPIRED') return 'cert-expired';
  if (
    [
      'UNABLE_TO_GET_ISSUER_CERT',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_UNTRUSTED',
    ].includes(code)
  )
    return 'cert-untrusted';
  return null;
}
