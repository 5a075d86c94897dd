import { parseIp } from '../../shared/ip';
import { fakeIpData } from './fake-ip-data';
import type { Faults, KeyPlan, RequestLogEntry } from './sim-types';
import type { UsageBook } from './sim-usage';

/**
 * What the simulator answers to one request, decided at arrival from the clock, the keys, usage and faults.
 * Kong-gateway-like: route match first (404), then key-auth (401), then the quota check (429), then upstream.
 */

export interface QuotaFigures {
  monthLimit: number;
  monthRemaining: number;
  minuteLimit: number | null;
  minuteRemaining: number | null;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Quota headers to attach (authenticated responses only). */
  quota: QuotaFigures | null;
  keyName: string | null;
  counted: boolean;
  /** For a 429: the window that was used up (the month is checked first). */
  limitedBy?: 'month' | 'minute';
}

export interface RouteState {
  now: number;
  keys: ReadonlyMap<string, KeyPlan & { label: string }>;
  usage: UsageBook;
  faults: Readonly<Faults>;
  statusEndpoint: boolean;
}

export interface IncomingInfo {
  method: string;
  url: URL;
  headerKey: string | null;
  queryKey: string | null;
}

export function keyVia(r: IncomingInfo): RequestLogEntry['keyVia'] {
  if (r.headerKey && r.queryKey) return 'both';
  if (r.headerKey) return 'header';
  if (r.queryKey) return 'query';
  return 'none';
}

const JSON_TYPE = 'application/json; charset=utf-8';

function json(status: number, value: unknown, extra: Partial<Reply> = {}): Reply {
  return {
    status,
    headers: { 'Content-Type': JSON_TYPE },
    body: JSON.stringify(value),
    quota: null,
    keyName: null,
    counted: false,
    ...extra,
  };
}

function figures(plan: KeyPlan, used: { month: number; minute: number }): QuotaFigures {
  const hasMinute = plan.minuteLimit !== null;
  return {
    monthLimit: plan.monthLimit,
    monthRemaining: Math.max(0, plan.monthLimit - used.month),
    minuteLimit: hasMinute ? plan.minuteLimit : null,
    minuteRemaining: hasMinute ? Math.max(0, (plan.minuteLimit ?? 0) - used.minute) : null,
  };
}

const ERROR_HTML =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1><p>The upstream answered something unexpected.</p></body></html>';

export function decide(r: IncomingInfo, s: RouteState): Reply {
  const path = r.url.pathname;
  const isInfo = path === '/v2/info';
  const isStatus = path === '/v2/status' && s.statusEndpoint;
  if (!isInfo && !isStatus) return json(404, { message: 'no Route matched with those values' });
  if (r.method !== 'GET') {
    const reply = json(405, { message: 'Method not allowed' });
    reply.headers['Allow'] = 'GET';
    return reply;
  }

  // key-auth: the header wins when both are sent.
  const key = r.headerKey ?? r.queryKey;
  if (!key) {
    const reply = json(401, { message: 'No API key found in request' });
    reply.headers['WWW-Authenticate'] = 'Key';
    return reply;
  }
  const plan = s.keys.get(key);
  if (!plan) return json(401, { message: 'Unauthorized' });
  const keyName = plan.label;
  const used = s.usage.get(key, s.now);

  if (isStatus) {
    const q = figures(plan, used);
    const body = { quotas: { month: { total: plan.monthLimit, used: used.month, remaining: q.monthRemaining } } };
    return json(200, body, { quota: q, keyName });
  }

  // Quota check before the upstream is asked: month first, then minute.
  const monthOut = used.month >= plan.monthLimit;
  const minuteOut = plan.minuteLimit !== null && used.minute >= plan.minuteLimit;
  if (monthOut || minuteOut) {
    const q = figures(plan, used);
    if (monthOut) q.monthRemaining = 0;
    else q.minuteRemaining = 0;
    const reply = json(
      429,
      { message: "API rate limit exceeded for 'quota'" },
      { quota: q, keyName, limitedBy: monthOut ? 'month' : 'minute' },
    );
    if (s.faults.empty429) {
      reply.body = '';
      delete reply.headers['Content-Type'];
    }
    return reply;
  }

  if (s.faults.forbidden) {
    return json(403, { message: 'Your plan does not allow this endpoint' }, { quota: figures(plan, used), keyName });
  }
  if (s.faults.status500 || s.faults.status500Next > 0) {
    return json(500, { message: 'An unexpected error occurred' }, { quota: figures(plan, used), keyName });
  }

  const rawIp = r.url.searchParams.get('ip') ?? '';
  const parsed = rawIp === rawIp.trim() ? parseIp(rawIp) : null;
  if (!parsed || !parsed.ok) {
    return json(422, { message: 'The ip must be a valid IP address.' }, { quota: figures(plan, used), keyName });
  }

  // Success: counted, and Remaining already includes this response.
  s.usage.add(key, s.now);
  const after = figures(plan, s.usage.get(key, s.now));
  if (s.faults.nonJson) {
    return {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
      body: ERROR_HTML,
      quota: after,
      keyName,
      counted: true,
    };
  }
  if (s.faults.hugeArray > 0) {
    const row = { ip: parsed.ip, seen: s.now, tags: ['scan', 'proxy'], note: 'x'.repeat(120) };
    return {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(Array.from({ length: s.faults.hugeArray }, (_, i) => ({ ...row, n: i }))),
      quota: after,
      keyName,
      counted: true,
    };
  }
  const data = fakeIpData(parsed.ip, parsed.version, parsed.range, s.now, {
    language: r.url.searchParams.get('language'),
    hostname: r.url.searchParams.get('hostname') === '1',
  });
  return json(200, { data }, { quota: after, keyName, counted: true });
}
