/**
 * English: a lookup's outcome in words (shared/outcome.ts's facts). The window and the command line say the same
 * sentences; where they differ is only what to do next (`face`): the window names its controls ("Settings",
 * "Try anyway"), the command line its commands ("lookup-tray key set", "--force").
 */
import type { Fmt } from '../fmt';
import type { IpProblem, OutcomeFact, OutcomeKind, ProxyWhy } from '../../outcome';
import type { WindowScope } from '../../window-scope';

/** Which face says it: the window (and the tray, notifications) or the command line. */
export type Face = 'window' | 'cli';

type Fact<K extends OutcomeKind> = Extract<OutcomeFact, { kind: K }>;

/** The outcomes the window shows as refused (shared/outcome-table.ts's RefusedKind passes its outcomes here). */
type RefusedFact = Exclude<OutcomeFact, { kind: 'ok' | 'cooldown' | 'rate-limited' | 'bad-response' }>;

const ipProblem = (p: IpProblem): string => {
  switch (p.kind) {
    case 'empty':
      return 'Enter an IP address.';
    case 'too-long':
      return 'That is too long to be an IP address.';
    case 'range':
      return 'Enter a single address, not a range (CIDR).';
    case 'zone':
      return 'Zone ids (the part after %) are not supported: enter the address alone.';
    case 'spaces':
      return 'Enter one IP address, without spaces.';
    case 'port':
      return 'Enter the address without a port.';
    case 'bad-v4':
      return `“${p.text}” is not a valid IPv4 address.`;
    case 'bad-v6':
      return `“${p.text}” is not a valid IPv6 address.`;
    case 'not-ip':
      return `“${p.text}” is not an IP address. Hostnames are not looked up: enter an IPv4 or IPv6 address.`;
    case 'bad':
      return `“${p.text}” is not a valid IP address.`;
  }
};

const network: Record<Fact<'network-error'>['reason'], string> = {
  timeout: 'The service did not answer in time. Check your connection and retry.',
  refused: 'The service refused the connection. Check the base URL and your connection, then retry.',
  dns: 'The service’s address could not be found. Check the base URL and your connection, then retry.',
  tls: 'The secure connection to the service failed (its certificate was not accepted). Check the base URL.',
  reset: 'The connection to the service was cut off. Retry.',
  aborted: 'The lookup was cancelled.',
  'too-large': 'The service’s answer was larger than 8 MiB; it was not read to the end. Nothing was kept.',
  other: 'The service could not be reached. Check your connection and retry.',
};

const proxyWhy: Record<ProxyWhy, string> = {
  refused: 'the connection was refused',
  dns: 'its name could not be found',
  timeout: 'it did not answer',
  tunnel: 'it did not open a connection to the service',
};

const proxy = (o: Fact<'proxy-error'>): string => {
  if (o.reason === 'auth')
    return o.sent
      ? `The proxy ${o.proxy} did not accept the user name and password in its address (407). Check them (in the proxy setting, or HTTPS_PROXY for the command line).`
      : `The proxy ${o.proxy} asks for a user name and password (407). Give them in its address: http://user:password@${o.proxy}.`;
  if (o.reason === 'unreachable')
    return `The proxy ${o.proxy} could not be reached (${proxyWhy[o.why ?? 'refused']}). Check the proxy’s address and that it runs; the service was not asked.`;
  return `The proxy’s address "${o.proxy}" is not a URL (for example http://proxy.example:3128). Check the proxy setting, or HTTPS_PROXY for the command line.`;
};

const certificate = (o: Fact<'certificate-error'>): string => {
  if (o.reason === 'untrusted')
    return `The certificate of ${o.host} is not trusted: ${
      o.issuer
        ? `it was issued under "${o.issuer}", an authority this computer does not trust`
        : 'its issuer is not trusted on this computer'
    }. If your network has its own certificate authority, add its root certificate to the system's certificate store (the command line also reads NODE_EXTRA_CA_CERTS).`;
  if (o.reason === 'host-mismatch')
    return `The certificate of ${o.host} is for another host name. Check the base URL's host (use the name the service's certificate is for).`;
  return `The certificate of ${o.host} has expired. The service has to renew it (or this computer's clock is wrong).`;
};

const networkError = (o: Fact<'network-error'>): string => {
  if (o.cause === 'base-url') return 'The base URL is not valid. Check it in Settings.';
  if (o.cause === 'unexpected') return 'The lookup failed unexpectedly. Retry.';
  if (o.cause === 'no-backend') return 'Lookup Tray could not reach its background service.';
  return network[o.reason];
};

/** The window's words for a refused lookup: a title, the sentence when it is not `message`'s, a hint. */
const refused = (
  o: RefusedFact,
  message: (o: OutcomeFact) => string,
): { title: string; text?: string; hint: string | null } => {
  switch (o.kind) {
    case 'invalid-ip':
    case 'invalid-input':
      return {
        title: 'The service did not accept this address',
        hint: 'Check the address and try again. Nothing was counted.',
      };
    case 'not-cached':
      return { title: `No answer kept for ${o.ip}`, hint: null };
    case 'no-key':
      return { title: 'No API key yet', hint: null };
    case 'invalid-key':
      return {
        title: 'The service does not accept your API key',
        hint: 'It may have been reset (for example after a leak) or mistyped.',
      };
    case 'forbidden':
      return {
        title: 'Your plan does not allow this',
        // "your plan", as everywhere in the window (the service's own sentence may say "the plan").
        text: message({ ...o, said: o.said?.replace(/\bthe plan\b/g, 'your plan') ?? null }),
        hint: "This lookup needs a higher plan. Upgrade your plan in the service's dashboard.",
      };
    case 'server-error':
      return {
        title: `The service had a problem (${o.status})`,
        hint: "This is on the service's side, and failed requests are not counted.",
      };
    case 'network-error':
      return {
        title:
          o.reason === 'timeout'
            ? 'The service did not answer in time'
            : o.reason === 'aborted'
              ? 'Lookup cancelled'
              : 'Could not reach the service',
        hint: null,
      };
    case 'proxy-error':
      return {
        title: o.reason === 'auth' ? `The proxy ${o.proxy} refused the lookup` : `Could not reach the proxy ${o.proxy}`,
        hint: 'Settings → Network chooses the proxy: the system’s, none, or one of your own.',
      };
    case 'certificate-error':
      return {
        title:
          o.reason === 'expired'
            ? 'The service’s certificate has expired'
            : o.reason === 'host-mismatch'
              ? `The certificate is not for ${o.host}`
              : 'The service’s certificate is not trusted',
        hint: null,
      };
  }
};

export const outcome = (f: Fmt) => {
  const limit = (scope: WindowScope, resetAt: number, now: number): string =>
    scope === 'minute'
      ? `Minute limit reached — resets in ${f.countdown(resetAt - now)}.`
      : `Monthly quota exhausted — resets ${f.utc(resetAt, now)}. Upgrade your plan or wait.`;
  const checkBaseUrl = (face: Face) =>
    face === 'cli' ? 'Check the base URL: lookup-tray config get baseUrl' : 'Check the base URL in Settings.';
  const badResponse = (o: Fact<'bad-response'>, face: Face): string => {
    const w = o.why;
    switch (w.kind) {
      case 'not-parsed': {
        const body =
          w.notParsed === 'too-large'
            ? `was larger than ${w.limit / 1024 / 1024} MiB; it was not read to the end and nothing of it was kept. Its beginning is shown.`
            : w.notParsed === 'too-deep'
              ? `was nested more than ${w.limit} levels deep; it was not read as JSON. It is shown as received.`
              : `held more than ${f.num(w.limit)} objects and arrays; it was not read as JSON. Its beginning is shown.`;
        return `The service answered ${o.status} but the body ${body}`;
      }
      case 'not-json':
      case 'shape': {
        const what = w.kind === 'not-json' ? 'not JSON' : 'JSON of an unexpected shape';
        // Too large to send to the window (kept to be saved): not shown, so not said to be.
        return `The service answered ${o.status} but the body was ${what}.${o.tooLarge ? '' : ' It is shown as received.'}`;
      }
      case 'redirect':
        return `The service redirected ${w.to ? `to ${w.to}` : 'elsewhere'} (${o.status}); not followed. ${checkBaseUrl(face)}`;
      case 'no-answer':
        return 'The status check gave no answer.';
      case 'not-found':
        return `The service answered 404 (not found). ${checkBaseUrl(face)}`;
      case 'other':
        return `The service answered ${o.status}${w.said ? `: ${w.said}` : ''}.`;
    }
  };
  /** The outcome's sentence, as `face` says it. */
  const message = (o: OutcomeFact, face: Face = 'window'): string => {
    switch (o.kind) {
      case 'ok':
        return `${o.ip} answered.`;
      case 'invalid-ip':
        return ipProblem(o.problem);
      case 'not-cached':
        return `The answer for ${o.ip} is no longer kept. Nothing was sent; look it up again to get a current one.`;
      case 'no-key':
        return face === 'cli'
          ? 'No API key yet. Run: lookup-tray key set'
          : 'No API key yet. Add your key in Settings, or try the demo.';
      case 'cooldown':
        return `${limit(o.scope, o.resetAt, o.at)} Nothing was sent; ${
          face === 'cli' ? 'use --force to send regardless.' : 'use “Try anyway” to send regardless.'
        }`;
      case 'invalid-key':
        return `The API key was not accepted (${o.status}). ${
          face === 'cli' ? 'Check it, or replace it with: lookup-tray key set' : 'Check or replace it in Settings.'
        }`;
      case 'forbidden':
        return `Your plan does not allow this request (${o.status})${o.said ? `: ${o.said}` : ''}. Check or upgrade your plan.`;
      case 'invalid-input':
        return o.said
          ? `The service refused the input (${o.status}): ${o.said}`
          : `The service refused the input (${o.status}).`;
      case 'rate-limited':
        return limit(o.scope, o.resetAt, o.at);
      case 'server-error':
        return `The service had a problem (${o.status}). Retry later.`;
      case 'network-error':
        return networkError(o);
      case 'proxy-error':
        return proxy(o);
      case 'certificate-error':
        return certificate(o);
      case 'bad-response':
        return badResponse(o, face);
    }
  };
  return {
    message,
    refused: (o: RefusedFact) => refused(o, message),
    /** The button under a refused lookup. */
    action: { retry: 'Retry', refresh: 'Look up (uses 1 request)', 'open-settings': 'Open Settings' },
    /** What a screen reader hears of a failed lookup. */
    failed: (m: string) => `Lookup failed: ${m}`,
    spokenTitle: (title: string, m: string) => `${title}. ${m}`,
    ipProblem,
    /** A limit met: the minute's countdown, or the month's reset day. */
    limit,
    /** The command line: an answer's line and a failed lookup's prefix. */
    resetsAt: (iso: string) => `(resets at ${iso})`,
  };
};
