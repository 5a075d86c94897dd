import type { LookupOutcome } from '../../../shared/outcome';
import type { StatusCheckSupport } from '../../../shared/quota';
import { isObj } from '../lib/guards';
import { toLookupOutcome, type RawResult } from './client';
import type { QuotaEngine } from '../quota/engine';
import { parseCount, parseQuotaHeaders, type ParsedQuota } from './quota-headers';

/**
 * The real service's free `GET /v2/status` ({"quotas":{"month":{"total","used","remaining"}}}): not in the seed,
 * so it is detected, never relied on. A 404 (or 405/501) means the service has none.
 */

export interface StatusResult {
  /** What this answer says about the endpoint: 'unknown' when it cannot tell (401, 5xx, network error). */
  support: StatusCheckSupport;
  /** True when it answered with usable quota figures. */
  ok: boolean;
  /** The failure as a lookup-style outcome (for "Check quota failed: …"). */
  outcome: LookupOutcome | null;
  parsed: ParsedQuota | null;
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
 * Interprets a /v2/status answer and feeds the quota it carries to `engine` (pass a throwaway engine to not
 * record it). The body's month figures win over the headers'.
 */
export function interpretStatus(raw: RawResult, engine: QuotaEngine): StatusResult {
  if (raw.kind === 'network-error') {
    return { support: 'unknown', ok: false, outcome: toLookupOutcome(raw, '', null, engine), parsed: null };
  }
  const { status } = raw;
  if (status === 404 || status === 405 || status === 501)
    return { support: 'unsupported', ok: false, outcome: null, parsed: null };
  const parsed = parseQuotaHeaders(raw.headers);
  const figures = status >= 200 && status < 300 ? statusFigures(raw.json) : null;
  if (figures) {
    parsed.month = { limit: figures.limit, remaining: figures.remaining };
    parsed.monthPresent = true;
  }
  engine.observe(parsed, { status, localReceivedAt: raw.receivedAt, source: 'status' });
  if (status >= 200 && status < 300) {
    if (figures) return { support: 'supported', ok: true, outcome: null, parsed };
    // A 200 of another shape (a catch-all page): not the status check we know.
    engine.setLastError(null);
    return { support: 'unsupported', ok: false, outcome: null, parsed };
  }
  return { support: 'unknown', ok: false, outcome: toLookupOutcome(raw, '', parsed, engine), parsed };
}
