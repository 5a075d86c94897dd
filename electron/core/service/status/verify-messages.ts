import type { LookupOutcome, Outcome } from '../../../../shared/outcome';
import type { VerifyFact } from '../../../../shared/key-facts';

type NetworkReason = Outcome<'network-error'>['reason'];

/**
 * Why a key could not be verified, for the form it is shown in (the first-run screen, or replacing the key in
 * Settings): on the field it concerns — the base URL for anything about reaching the service, the key for a refused
 * key — with the real reason as a fact (shared/key-facts.ts), worded by the faces (uiKey), never "in Settings".
 */
export interface VerifyFactAt {
  /** The form field the problem belongs to; null for the form as a whole (the service's own trouble). */
  field: 'baseUrl' | 'key' | null;
  fact: VerifyFact;
}

function hostOf(baseUrl: string): { host: string; hostname: string } {
  try {
    const u = new URL(baseUrl);
    return { host: u.host, hostname: u.hostname };
  } catch {
    return { host: 'the service', hostname: 'the service' };
  }
}

/** The redirect target our own outcome recorded (outcomes.ts writes "Location: …" into `raw`). */
function redirectTo(raw: string): string | null {
  return /^Location: (.+)$/m.exec(raw)?.[1]?.slice(0, 2048) ?? null;
}

const NOT_VERIFIED: VerifyFactAt = Object.freeze<VerifyFactAt>({ field: null, fact: { kind: 'not-verified' } });

/** Why a check that could not reach the service failed, on the base URL's field. */
function unreachable(reason: NetworkReason, host: string, hostname: string): VerifyFactAt {
  if (reason === 'aborted') return { field: null, fact: { kind: 'cancelled' } };
  if (reason === 'too-large') return NOT_VERIFIED;
  return { field: 'baseUrl', fact: { kind: 'unreachable', reason, host, hostname } };
}

/** The outcome's own words. */
function asIs(outcome: LookupOutcome, field: 'baseUrl' | 'key' | null): VerifyFactAt {
  return { field, fact: { kind: 'outcome', outcome } };
}

export function verifyFact(o: LookupOutcome, baseUrl: string): VerifyFactAt {
  const { host, hostname } = hostOf(baseUrl);
  switch (o.kind) {
    case 'network-error':
      return unreachable(o.reason, host, hostname);
    case 'proxy-error':
      return asIs(o, null);
    case 'certificate-error':
      return asIs(o, 'baseUrl');
    case 'invalid-key':
      return { field: 'key', fact: { kind: 'key-refused' } };
    case 'forbidden':
      return asIs(o, 'key');
    case 'bad-response': {
      if (o.status >= 300 && o.status < 400)
        return { field: 'baseUrl', fact: { kind: 'redirect', status: o.status, to: redirectTo(o.raw) } };
      if (o.status === 404) return { field: 'baseUrl', fact: { kind: 'not-found' } };
      return { field: 'baseUrl', fact: { kind: 'not-api', status: o.status } };
    }
    case 'server-error':
      return { field: null, fact: { kind: 'service-trouble', status: o.status } };
    case 'rate-limited':
    case 'invalid-input':
    case 'cooldown':
    case 'invalid-ip':
    case 'no-key':
      return asIs(o, null);
    case 'ok': // a check that answered but did not say the key is good
    case 'not-cached': // only a `stored` lookup ends so, never a check
      return NOT_VERIFIED;
  }
}
