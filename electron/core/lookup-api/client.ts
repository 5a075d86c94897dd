import type { LookupOutcome } from '../../../shared/outcome';
import { isObj } from '../lib/guards';
import type { Clock, FetchFn } from '../lib/ports';
import type { QuotaEngine } from '../quota/engine';
import type { ParsedQuota } from './quota-headers';
import { limitMessage } from '../quota/messages';

/**
 * The HTTP client of the Lookup API. The key travels in the `apikey` header only, never in a URL; redirects
 * are not followed (a custom header would follow them to another host). Every failure is a value, never a throw.
 */

export type NetworkReason = 'timeout' | 'refused' | 'dns' | 'reset' | 'aborted' | 'other';

export type RawResult =
  | {
      kind: 'response';
      status: number;
      headers: Headers;
      bodyText: string;
      json: unknown | undefined;
      receivedAt: number;
    }
  | { kind: 'network-error'; reason: NetworkReason; message: string };

export interface RequestOptions {
  baseUrl: string;
  key: string;
  path: '/v2/info' | '/v2/status';
  query?: Record<string, string>;
  signal?: AbortSignal;
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
/** Bodies kept for display in bad-response outcomes are cut here. */
export const MAX_RAW_CHARS = 64 * 1024;

const NETWORK_MESSAGES: Record<NetworkReason, string> = {
  timeout: 'The service did not answer in time. Check your connection and retry.',
  refused: 'The service refused the connection. Check the base URL and your connection, then retry.',
  dns: 'The service’s address could not be found. Check the base URL and your connection, then retry.',
  reset: 'The connection to the service was cut off. Retry.',
  aborted: 'The lookup was cancelled.',
  other: 'The service could not be reached. Check your connection and retry.',
};

export function networkMessage(reason: NetworkReason): string {
  return NETWORK_MESSAGES[reason];
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
  if (has('ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'UND_ERR_CLOSED')) return 'reset';
  if (has('ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'TimeoutError'))
    return 'timeout';
  if (has('AbortError')) return 'aborted';
  return 'other';
}

export function createApiClient(opts: ApiClientOptions): ApiClient {
  const { clock } = opts;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    async request(r: RequestOptions): Promise<RawResult> {
      const controller = new AbortController();
      let timedOut = false;
      const timer = clock.setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      const onAbort = () => controller.abort();
      if (r.signal?.aborted) controller.abort();
      else r.signal?.addEventListener('abort', onAbort, { once: true });
      const fail = (reason: NetworkReason): RawResult => ({
        kind: 'network-error',
        reason,
        message: networkMessage(reason),
      });
      try {
        let url: string;
        try {
          url = buildUrl(r.baseUrl, r.path, r.query);
          new URL(url);
        } catch {
          return {
            kind: 'network-error',
            reason: 'other',
            message: 'The base URL is not valid. Check it in Settings.',
          };
        }
        const res = await opts.fetch(url, {
          method: 'GET',
          headers: { apikey: r.key, accept: 'application/json' },
          redirect: 'manual',
          signal: controller.signal,
        });
        const bodyText = await res.text();
        let json: unknown;
        if (bodyText.trim() !== '') {
          try {
            json = JSON.parse(bodyText);
          } catch {
            json = undefined;
          }
        }
        return { kind: 'response', status: res.status, headers: res.headers, bodyText, json, receivedAt: clock.now() };
      } catch (err) {
        if (timedOut) return fail('timeout');
        if (r.signal?.aborted) return fail('aborted');
        return fail(classify(err));
      } finally {
        clock.clearTimeout(timer);
        r.signal?.removeEventListener('abort', onAbort);
      }
    },
  };
}

function serverMessage(json: unknown): string | null {
  if (!isObj(json)) return null;
  const m = json.message ?? json.error;
  if (typeof m !== 'string' || !m.trim()) return null;
  return m.trim().slice(0, 300);
}

function truncate(text: string): string {
  return text.length > MAX_RAW_CHARS ? `${text.slice(0, MAX_RAW_CHARS)}\n… (cut at ${MAX_RAW_CHARS / 1024} KB)` : text;
}

/** Removes the key from any text that will be shown (a server could echo it back). */
export function redact(text: string, key: string | null | undefined): string {
  if (!key || key.length < 4) return text;
  return text.split(key).join('••••••');
}

/**
 * Maps a raw result to the LookupOutcome union. Call after `engine.observe(parsed, …)` for responses:
 * a 429's scope and reset instant come from the engine's cooldown; instants are on the service clock.
 */
export function toLookupOutcome(
  raw: RawResult,
  ip: string,
  _parsed: ParsedQuota | null,
  engine: QuotaEngine,
  note: string | null = null,
): LookupOutcome {
  if (raw.kind === 'network-error') return { kind: 'network-error', reason: raw.reason, message: raw.message };
  const { status, json } = raw;
  const now = engine.serverNow(raw.receivedAt);
  const said = serverMessage(json);
  if (status >= 200 && status < 300) {
    if (isObj(json)) return { kind: 'ok', ip, body: json, source: 'network', fetchedAt: now, note };
    const what = json === undefined ? 'not JSON' : 'JSON of an unexpected shape';
    return {
      kind: 'bad-response',
      status,
      ip,
      message: `The service answered ${status} but the body was ${what}. It is shown as received.`,
      raw: truncate(raw.bodyText),
      ...(json !== undefined ? { body: json } : {}),
    };
  }
  if (status === 401)
    return {
      kind: 'invalid-key',
      status,
      message: 'The API key was not accepted (401). Check or replace it in Settings.',
    };
  if (status === 403)
    return {
      kind: 'forbidden',
      status,
      message: `Your plan does not allow this request (403)${said ? `: ${said}` : ''}. Check or upgrade the plan.`,
    };
  if (status === 422)
    return {
      kind: 'invalid-input',
      status,
      message: said ? `The service refused the input (422): ${said}` : 'The service refused the input (422).',
    };
  if (status === 429) {
    const c = engine.activeCooldown();
    const scope = c?.scope ?? 'minute';
    const resetAt = c?.until ?? now + 60_000;
    return { kind: 'rate-limited', scope, resetAt, message: limitMessage(scope, resetAt, now) };
  }
  if (status >= 500)
    return { kind: 'server-error', status, message: `The service had a problem (${status}). Retry later.` };
  if (status >= 300 && status < 400)
    return {
      kind: 'bad-response',
      status,
      message: `The service redirected elsewhere (${status}); not followed. Check the base URL in Settings.`,
      raw: truncate(raw.bodyText),
    };
  if (status === 404)
    return {
      kind: 'bad-response',
      status,
      message: 'The service answered 404 (not found). Check the base URL in Settings.',
      raw: truncate(raw.bodyText),
    };
  return {
    kind: 'bad-response',
    status,
    message: `The service answered ${status}${said ? `: ${said}` : ''}.`,
    raw: truncate(raw.bodyText),
  };
}
