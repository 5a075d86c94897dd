/**
 * Reads the quota the service reports in its response headers. Pure; never throws.
 *
 * - The four Kong headers `X-RateLimit-{Limit,Remaining}-Quota-{Minute,Month}`, any case.
 *   Each field independently: a non-negative safe integer, or null (garbage, negative, '', '1e9x', huge, repeated).
 *   remaining > limit is contradictory: the remaining figure is dropped.
 * - `Date` (the server's clock), `Retry-After` (seconds or HTTP date),
 *   IETF `RateLimit` / `RateLimit-Policy` (draft-ietf-httpapi-ratelimit-headers, structured and older forms).
 */

export interface QuotaPair {
  limit: number | null;
  remaining: number | null;
}

/** One IETF rate-limit item: `"name";r=REMAINING;t=SECONDS` joined with its policy `"name";q=QUOTA;w=WINDOW`. */
export interface IetfLimit {
  name: string | null;
  remaining: number | null;
  /** Seconds until the quota resets. */
  resetSeconds: number | null;
  quota: number | null;
  windowSeconds: number | null;
}

export type RetryAfter = { kind: 'delay'; ms: number } | { kind: 'date'; at: number };

export interface ParsedQuota {
  month: QuotaPair;
  minute: QuotaPair;
  /** True when the month pair's headers were present (even with bad values). */
  monthPresent: boolean;
  /** False when neither minute header was present: the plan has no per-minute limit. */
  minutePresent: boolean;
  /** Server clock from the `Date` header (epoch ms), or null. */
  serverDate: number | null;
  retryAfter: RetryAfter | null;
  ietf: IetfLimit[];
}

export type HeaderInput = Headers | Record<string, string | string[] | undefined> | null | undefined;

const MAX_COUNT = Number.MAX_SAFE_INTEGER;
/** Anything beyond ten years is not a reset delay. */
const MAX_SECONDS = 10 * 366 * 24 * 3600;

/** Lower-cased name -> value (repeated headers joined with ", ", as fetch does). */
function toMap(h: HeaderInput): Map<string, string> {
  const out = new Map<string, string>();
  if (!h || typeof h !== 'object') return out;
  try {
    if (typeof (h as Headers).forEach === 'function' && typeof (h as Headers).get === 'function') {
      (h as Headers).forEach((value, name) => out.set(String(name).toLowerCase(), String(value)));
      return out;
    }
    for (const [name, raw] of Object.entries(h as Record<string, unknown>)) {
      if (raw === undefined || raw === null) continue;
      const value = Array.isArray(raw) ? raw.map(String).join(', ') : String(raw);
      const lower = name.toLowerCase();
      const prev = out.get(lower);
      out.set(lower, prev === undefined ? value : `${prev}, ${value}`);
    }
  } catch {
    // A hostile object (throwing getters): whatever was read so far.
  }
  return out;
}

/** A non-negative safe integer written as plain digits, or null. */
export function parseCount(value: string | undefined | null): number | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (!/^\d{1,16}$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 0 && n <= MAX_COUNT ? n : null;
}

function parsePair(map: Map<string, string>, period: 'minute' | 'month'): { pair: QuotaPair; present: boolean } {
  const limitRaw = map.get(`x-ratelimit-limit-quota-${period}`);
  const remainingRaw = map.get(`x-ratelimit-remaining-quota-${period}`);
  const limit = parseCount(limitRaw);
  let remaining = parseCount(remainingRaw);
  if (limit !== null && remaining !== null && remaining > limit) remaining = null;
  return { pair: { limit, remaining }, present: limitRaw !== undefined || remainingRaw !== undefined };
}

const HTTP_DATE = [
  /^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/, // IMF-fixdate
  /^[A-Za-z]{6,9}, \d{2}-[A-Za-z]{3}-\d{2} \d{2}:\d{2}:\d{2} GMT$/, // obsolete RFC 850
  /^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/, // asctime
];
const YEAR_2000 = Date.UTC(2000, 0, 1);
const YEAR_2200 = Date.UTC(2200, 0, 1);

/** An HTTP date (RFC 9110 5.6.7) as epoch ms, or null. */
export function parseHttpDate(value: string | undefined | null): number | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  if (s.length > 40 || !HTTP_DATE.some((re) => re.test(s))) return null;
  // asctime carries no zone but means GMT; Date.parse would read it as local time.
  const t = Date.parse(s.endsWith('GMT') ? s : `${s} GMT`);
  return Number.isFinite(t) && t >= YEAR_2000 && t < YEAR_2200 ? t : null;
}

function parseRetryAfter(value: string | undefined): RetryAfter | null {
  if (typeof value !== 'string') return null;
  const secs = parseCount(value);
  if (secs !== null) return secs <= MAX_SECONDS ? { kind: 'delay', ms: secs * 1000 } : null;
  const at = parseHttpDate(value);
  return at === null ? null : { kind: 'date', at };
}

/** Splits a structured-field list on commas outside quotes. */
function splitList(s: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (ch === ',' && !quoted) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x !== '');
}

interface Item {
  name: string | null;
  params: Map<string, string>;
}

function parseItem(text: string): Item {
  const parts = text.split(';').map((p) => p.trim());
  const first = parts[0] ?? '';
  let name: string | null = null;
  const params = new Map<string, string>();
  const rest = parts.slice(1);
  if (/^"[^"]*"$/.test(first)) name = first.slice(1, -1);
  else if (/^[A-Za-z*][\w.*:/-]*$/.test(first) && !first.includes('=')) name = first;
  else rest.unshift(first);
  for (const p of rest) {
    const eq = p.indexOf('=');
    if (eq <= 0) continue;
    params.set(
      p.slice(0, eq).trim().toLowerCase(),
      p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1'),
    );
  }
  return { name, params };
}

function seconds(value: string | undefined): number | null {
  const n = parseCount(value ?? null);
  return n !== null && n <= MAX_SECONDS ? n : null;
}

function parseIetf(map: Map<string, string>): IetfLimit[] {
  const out: IetfLimit[] = [];
  const rl = map.get('ratelimit');
  const policy = map.get('ratelimit-policy');
  const policies = new Map<string | null, Item>();
  if (policy) for (const it of splitList(policy).slice(0, 16).map(parseItem)) policies.set(it.name, it);
  if (rl) {
    const items = splitList(rl).slice(0, 16).map(parseItem);
    const older =
      items.every((it) => it.name === null) && items.some((it) => it.params.has('remaining') || it.params.has('reset'));
    if (older) {
      // Older draft: "limit=100, remaining=50, reset=30" (one limit spread over list members).
      const all = new Map<string, string>();
      for (const it of items) for (const [k, v] of it.params) if (!all.has(k)) all.set(k, v);
      out.push({
        name: null,
        remaining: parseCount(all.get('remaining')),
        resetSeconds: seconds(all.get('reset')),
        quota: parseCount(all.get('limit')),
        windowSeconds: null,
      });
    } else {
      for (const it of items) {
        const pol =
          policies.get(it.name) ?? (items.length === 1 && policies.size === 1 ? [...policies.values()][0] : undefined);
        out.push({
          name: it.name,
          remaining: parseCount(it.params.get('r')),
          resetSeconds: seconds(it.params.get('t')),
          quota: parseCount(pol?.params.get('q')),
          windowSeconds: seconds(pol?.params.get('w')),
        });
      }
    }
  }
  // Draft 01-06: separate RateLimit-Limit / -Remaining / -Reset headers.
  const sepRemaining = map.get('ratelimit-remaining');
  const sepReset = map.get('ratelimit-reset');
  if (out.length === 0 && (sepRemaining !== undefined || sepReset !== undefined)) {
    out.push({
      name: null,
      remaining: parseCount(sepRemaining),
      resetSeconds: seconds(sepReset),
      quota: parseCount(map.get('ratelimit-limit')?.split(/[,;]/)[0]),
      windowSeconds: null,
    });
  }
  return out.filter((x) => x.remaining !== null || x.resetSeconds !== null || x.quota !== null);
}

export function parseQuotaHeaders(h: HeaderInput): ParsedQuota {
  const map = toMap(h);
  const month = parsePair(map, 'month');
  const minute = parsePair(map, 'minute');
  let ietf: IetfLimit[];
  try {
    ietf = parseIetf(map);
  } catch {
    ietf = [];
  }
  return {
    month: month.pair,
    minute: minute.pair,
    monthPresent: month.present,
    minutePresent: minute.present,
    serverDate: parseHttpDate(map.get('date')),
    retryAfter: parseRetryAfter(map.get('retry-after')),
    ietf,
  };
}

/** Which window an IETF item describes, from its name or its policy window; null when it cannot be told. */
export function ietfScope(item: IetfLimit): 'minute' | 'month' | null {
  const name = (item.name ?? '').toLowerCase();
  if (name.includes('minute')) return 'minute';
  if (name.includes('month')) return 'month';
  if (item.windowSeconds !== null) {
    if (item.windowSeconds <= 60) return 'minute';
    if (item.windowSeconds >= 28 * 24 * 3600) return 'month';
  }
  return null;
}
