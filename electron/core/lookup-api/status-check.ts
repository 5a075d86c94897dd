import { isObj } from '../lib/guards';
import type { RawResult } from './client';
import { parseCount, parseQuotaHeaders, type ParsedQuota } from './quota-headers';

/**
 * The real service's free `GET /v2/status` ({"quotas":{"month":{"total","used","remaining"}}}): not in the seed,
 * so it is detected, never relied on. A 404 (or 405/501) means the service has none. Parsing only; what the
 * answer means for the quota state is service/status/status-answer.ts.
 */

/** True when the status code says the service has no status check at all. */
export function statusCheckMissing(status: number): boolean {
  return status === 404 || status === 405 || status === 501;
}

/** Month figures from a status body, or null when the body is not of that shape. */
export function statusFigures(json: unknown): { limit: number; remaining: number } | null {
  if (!isObj(json) || !isObj(json.quotas) || !isObj(json.quotas.month)) return null;
  const m = json.quotas.month;
  const count = (v: unknown) =>
    typeof v === 'number' ? parseCount(String(v)) : typeof v === 'string' ? parseCount(v) : null;
  const limit = count(m.total);
  const used = count(m.used);
  let remaining = count(m.remaining);
  if (limit === null) return null;
  if (remaining === null && used !== null) remaining = Math.max(0, limit - used);
  if (remaining === null || remaining > limit) return null;
  return { limit, remaining };
}

/**
 * The quota a status answer carries: its headers, with the body's month figures winning when a 2xx has them.
 * `figures` is null when the body is not the status check we know (a catch-all page, an error).
 */
export function statusQuota(raw: Extract<RawResult, { kind: 'response' }>): {
  parsed: ParsedQuota;
  figures: { limit: number; remaining: number } | null;
} {
  const parsed = parseQuotaHeaders(raw.headers);
  const figures = raw.status >= 200 && raw.status < 300 ? statusFigures(raw.json) : null;
  if (figures) {
    parsed.month = { limit: figures.limit, remaining: figures.remaining };
    parsed.monthPresent = true;
  }
  return { parsed, figures };
}
