/**
 * A network failure as an outcome's facts: the proxy's or the service certificate's fault (lib/network-fault.ts),
 * or the network reason alone. One mapping, read by the outcome (outcomes.ts): the sentences are shared/i18n's
 * `outcome` area's, never written here.
 */
import type { NetworkCause, OutcomeFact } from '../../../shared/outcome';
import type { NetworkFault } from '../lib/network-fault';

type NetworkFact = Extract<OutcomeFact, { kind: 'network-error' | 'proxy-error' | 'certificate-error' }>;
type NetworkReason = Extract<OutcomeFact, { kind: 'network-error' }>['reason'];

const PROXY_REASON = { 'proxy-auth': 'auth', 'proxy-unreachable': 'unreachable', 'proxy-invalid': 'invalid' } as const;

/** The facts of a failed request: its fault's when it has one, else its reason (and why, when nothing was sent). */
export function networkFact(reason: NetworkReason, fault?: NetworkFault, cause?: NetworkCause): NetworkFact {
  const f = fault;
  if (f?.reason === 'proxy-auth' || f?.reason === 'proxy-unreachable' || f?.reason === 'proxy-invalid')
    return {
      kind: 'proxy-error',
      reason: PROXY_REASON[f.reason],
      proxy: f.proxy,
      ...(f.reason === 'proxy-auth' ? { sent: f.sent } : f.reason === 'proxy-unreachable' ? { why: f.why } : {}),
    };
  if (f)
    return {
      kind: 'certificate-error',
      reason: f.reason === 'cert-untrusted' ? 'untrusted' : f.reason === 'cert-host' ? 'host-mismatch' : 'expired',
      host: f.host,
      issuer: f.reason === 'cert-untrusted' ? f.issuer : null,
    };
  return { kind: 'network-error', reason, ...(cause ? { cause } : {}) };
}
