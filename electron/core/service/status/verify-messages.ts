import type { LookupOutcome, Outcome } from '../../../../shared/outcome';

type NetworkReason = Outcome<'network-error'>['reason'];

/**
 * Why a key could not be verified, worded for the form it is shown in (the first-run screen, or replacing the
 * key in Settings): on the field it concerns — the base URL for anything about reaching the service, the key for
 * a refused key — with the real reason, and never "in Settings" (the user is already there, or not yet).
 */
export interface VerifyProblem {
  /** The form field the message belongs to; null for the form as a whole (the service's own trouble). */
  field: 'baseUrl' | 'key' | null;
  message: string;
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
  return /^Location: (.+)$/m.exec(raw)?.[1] ?? null;
}

const NOT_VERIFIED: VerifyProblem = Object.freeze({
  field: null,
  message: 'The key could not be verified. Try again.',
});

/** Why a check that could not reach the service failed, on the base URL's field. */
function unreachable(reason: NetworkReason, host: string, hostname: string): VerifyProblem {
  switch (reason) {
    case 'refused':
      return {
        field: 'baseUrl',
        message: `Nothing answered at ${host}: the connection was refused. Check the base URL, including its port.`,
      };
    case 'dns':
      return {
        field: 'baseUrl',
        message: `The address ${hostname} could not be found. Check the base URL for typos.`,
      };
    case 'timeout':
      return {
        field: 'baseUrl',
        message: `${host} did not answer in time. Check the base URL and your connection, then try again.`,
      };
    case 'tls':
      return {
        field: 'baseUrl',
        message: `The secure connection to ${host} failed: its certificate was not accepted, or it does not speak https:// on this port. Check the base URL.`,
      };
    case 'reset':
      return { field: 'baseUrl', message: `${host} cut the connection off before answering. Try again.` };
    case 'aborted':
      return { field: null, message: 'The check was cancelled. Try again.' };
    case 'other':
      return { field: 'baseUrl', message: `${host} could not be reached. Check the base URL and your connection.` };
    case 'too-large':
      return NOT_VERIFIED;
  }
}

export function verifyProblem(o: LookupOutcome, baseUrl: string): VerifyProblem {
  const { host, hostname } = hostOf(baseUrl);
  switch (o.kind) {
    case 'network-error':
      return unreachable(o.reason, host, hostname);
    case 'proxy-error':
      return { field: null, message: o.message };
    case 'certificate-error':
      return { field: 'baseUrl', message: o.message };
    case 'invalid-key':
      return { field: 'key', message: 'This service did not accept the key (401). Check that you copied all of it.' };
    case 'forbidden':
      return { field: 'key', message: o.message };
    case 'bad-response': {
      if (o.status >= 300 && o.status < 400) {
        const to = redirectTo(o.raw);
        return {
          field: 'baseUrl',
          message: to
            ? `This address redirects to ${to} (${o.status}), and Lookup Tray does not follow redirects. If that is the service, use it as the base URL.`
            : `This address redirects elsewhere (${o.status}), and Lookup Tray does not follow redirects. Check the base URL.`,
        };
      }
      if (o.status === 404)
        return {
          field: 'baseUrl',
          message: "There is no Lookup API at this address (404). Check the base URL's path.",
        };
      return {
        field: 'baseUrl',
        message: `This address answered, but not as the Lookup API does (${o.status}). Check the base URL.`,
      };
    }
    case 'server-error':
      return { field: null, message: `The service had a problem (${o.status}). Try again later.` };
    case 'rate-limited':
    case 'invalid-input':
    case 'cooldown':
    case 'invalid-ip':
    case 'no-key':
      return { field: null, message: o.message };
    case 'ok': // a check that answered but did not say the key is good
    case 'not-cached': // only a `stored` lookup ends so, never a check
      return NOT_VERIFIED;
  }
}
