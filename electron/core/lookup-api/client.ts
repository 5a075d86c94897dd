import type { Clock, FetchFn } from '../lib/ports';
import { NetworkFaultError, type NetworkFault } from '../lib/network-fault';
import { jsonTextMayHoldKey, redact, redactJson } from '../lib/redact';
import { jsonShapeProblem, type JsonShapeProblem } from './json-shape';

/**
 * The HTTP client of the Lookup API. The key travels in the `apikey` header only, never in a URL; redirects
 * are not followed (a custom header would follow them to another host). Every failure is a value, never a throw.
 * Nothing it returns contains the key: a body that echoes it is redacted (its text, and every string of its
 * JSON) before anything downstream can cut or show it.
 */

export type NetworkReason = 'timeout' | 'refused' | 'dns' | 'tls' | 'reset' | 'aborted' | 'too-large' | 'other';

/**
 * An answer body is read up to this many bytes, then the request is ended and the answer is a bad response (its
 * beginning shown, nothing parsed or kept): a service (or anything at its address) cannot make the app hold an
 * unbounded body, nor parse a huge one on the main process. Answers over 1 MiB are already kept out of the window
 * and the cache (lookups.ts); this is the hard stop, with room for a large answer (megabytes) to be saved to a file.
 */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

/** Why a response's body was not parsed: cut at MAX_BODY_BYTES, or JSON too deep or too large to parse here. */
export type NotParsed = 'too-large' | JsonShapeProblem;

export type RawResult =
  | {
      kind: 'response';
      status: number;
      headers: Headers;
      bodyText: string;
      json: unknown | undefined;
      /** Set when the body was not parsed for its size or shape (`json` is then undefined, `bodyText` its beginning). */
      notParsed?: NotParsed;
      receivedAt: number;
    }
  | {
      kind: 'network-error';
      reason: NetworkReason;
      /** 'base-url': the base URL is not a URL (nothing was sent). */
      cause?: 'base-url';
      /** Set when it was the proxy or the service's certificate: the outcome is then a proxy or certificate error. */
      fault?: NetworkFault;
    };

export interface RequestOptions {
  baseUrl: string;
  key: string;
  path: '/v2/info' | '/v2/status';
  query?: Record<string, string>;
  /** The caller's signal: aborting it ends the request as 'aborted'. */
  signal?: AbortSignal;
  /**
   * Instead of `signal`: the controller the request runs on, which the caller aborts to end it as 'aborted'
   * (the client aborts it on timeout). One controller per request, no listener to link two.
   */
  controller?: AbortController;
}

export interface ApiClient {
  request(opts: RequestOptions): Promise<RawResult>;
}

export interface ApiClientOptions {
  fetch: FetchFn;
  /** Timeouts run on this clock (tests drive it); receivedAt is read from it. */
  clock: Clock;
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

/** What is read of a body whose Content-Length is over the limit: enough to show its beginning. */
const BEGINNING_BYTES = 64 * 1024;

/**
 * The body as text, read in chunks and stopped (the request aborted) once it passes `max` bytes: `cut` then, with
 * the text read so far. A Content-Length over the limit stops it after its first 64 KiB.
 */
async function readBody(
  res: Response,
  controller: AbortController,
  max: number,
): Promise<{ text: string; cut: boolean }> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) max = Math.min(max, BEGINNING_BYTES);
  if (!res.body) return { text: '', cut: false };
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      controller.abort();
      await reader.cancel().catch(() => {});
      return { text: text + decoder.decode(), cut: true };
    }
    text += decoder.decode(value, { stream: true });
  }
  return { text: text + decoder.decode(), cut: false };
}

/** The parsed body (redacted when it may echo the key), or why it was not parsed; undefined json: not JSON. */
function parseBody(text: string, cut: boolean, key: string): { json: unknown; notParsed?: NotParsed } {
  if (cut) return { json: undefined, notParsed: 'too-large' };
  if (text.trim() === '') return { json: undefined };
  const problem = jsonShapeProblem(text);
  if (problem) return { json: undefined, notParsed: problem };
  try {
    const parsed: unknown = JSON.parse(text);
    return { json: jsonTextMayHoldKey(text, key) ? redactJson(parsed, key) : parsed };
  } catch {
    return { json: undefined };
  }
}

/** The request URL: base URL (any trailing slashes dropped) + path + query. Never carries the key. */
export function buildUrl(baseUrl: string, path: string, query: Record<string, string> = {}): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (k.toLowerCase() !== 'apikey' && v !== '') qs.set(k, v);
  const q = qs.toString();
  return `${baseUrl.replace(/\/+$/, '')}${path}${q ? `?${q}` : ''}`;
}

function classify(err: unknown): NetworkReason {
  const codes: string[] = [];
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e === 'object') {
      const o = e as { code?: unknown; name?: unknown; cause?: unknown; errors?: unknown };
      if (typeof o.code === 'string') codes.push(o.code);
      if (typeof o.name === 'string') codes.push(o.name);
      if (Array.isArray(o.errors))
        for (const x of o.errors)
          if (x && typeof (x as { code?: unknown }).code === 'string') codes.push((x as { code: string }).code);
      e = o.cause;
    } else break;
  }
  const has = (...c: string[]) => codes.some((x) => c.includes(x));
  if (has('ECONNREFUSED')) return 'refused';
  if (has('ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL')) return 'dns';
  // Certificate checks (CERT_HAS_EXPIRED, DEPTH_ZERO_SELF_SIGNED_CERT, ERR_TLS_CERT_ALTNAME_INVALID …) and
  // handshakes that fail (ERR_SSL_WRONG_VERSION_NUMBER when https:// meets a plain-http server, EPROTO).
  if (codes.some((c) => /CERT|^UNABLE_TO_|^ERR_TLS_|^ERR_SSL_|^EPROTO$/.test(c))) return 'tls';
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED')) return 'reset';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'TimeoutError'))
    return 'timeout';
  if (has('AbortError')) return 'aborted';
  return 'other';
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { clock } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** The last base URL found valid (a URL is checked once, not per request). */
  let validBase: string | null = null;
  return {
    async request(r: RequestOptions): Promise<RawResult> {
      const controller = r.controller ?? new AbortController();
      let timedOut = false;
      const timer = clock.setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onAbort = () => controller.abort();
      if (r.signal?.aborted) controller.abort();
      else r.signal?.addEventListener('abort', onAbort, { once: true });
      const fail = (reason: NetworkReason): RawResult => ({ kind: 'network-error', reason });
      try {
        let url: string;
        try {
          url = buildUrl(r.baseUrl, r.path, r.query);
          if (r.baseUrl !== validBase) {
            new URL(url);
            validBase = r.baseUrl;
          }
        } catch {
          return {
            kind: 'network-error',
            reason: 'other',
            cause: 'base-url',
          };
        }
        const res = await opts.fetch(url, {
          method: 'GET',
          headers: { apikey: r.key, accept: 'application/json' },
          redirect: 'manual',
          signal: controller.signal,
        });
        const { text, cut } = await readBody(res, controller, MAX_BODY_BYTES);
        const { json, notParsed } = parseBody(text, cut, r.key);
        const bodyText = redact(text, r.key);
        return {
          kind: 'response',
          status: res.status,
          headers: res.headers,
          bodyText,
          json,
          ...(notParsed ? { notParsed } : {}),
          receivedAt: clock.now(),
        };
      } catch (err) {
        if (timedOut) return fail('timeout');
        if (r.signal?.aborted || (r.controller?.signal.aborted ?? false)) return fail('aborted');
        if (err instanceof NetworkFaultError) {
          const f = err.fault;
          const reason = f.reason.startsWith('cert-') ? 'tls' : f.reason === 'proxy-auth' ? 'other' : 'refused';
          return { kind: 'network-error', reason, fault: f };
        }
        return fail(classify(err));
      } finally {
        clock.clearTimeout(timer);
        r.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}
