import type { LookupOutcome } from '../../../../shared/outcome';
import type { StatusCheckSupport } from '../../../../shared/quota';
import type { RawResult } from '../../lookup-api/client';
import { toLookupOutcome } from '../../lookup-api/outcomes';
import type { ParsedQuota } from '../../lookup-api/quota-headers';
import { statusCheckMissing, statusQuota } from '../../lookup-api/status-check';
import type { QuotaEngine } from '../../quota/engine';

/** What one /v2/status answer means for the quota state and for whether the free status check exists. */
export interface StatusResult {
  /** What this answer says about the endpoint: 'unknown' when it cannot tell (401, 5xx, network error). */
  support: StatusCheckSupport;
  /** True when it answered with usable quota figures. */
  ok: boolean;
  /** The failure as a lookup-style outcome (for "Check quota failed: …"). */
  outcome: LookupOutcome | null;
  parsed: ParsedQuota | null;
}

/**
 * Interprets a /v2/status answer and feeds the quota it carries to `engine` (pass a throwaway engine to not
 * record it). The body's month figures win over the headers'.
 */
export function interpretStatus(raw: RawResult, engine: QuotaEngine): StatusResult {
  if (raw.kind === 'network-error') {
    return { support: 'unknown', ok: false, outcome: toLookupOutcome(raw, '', engine), parsed: null };
  }
  const { status } = raw;
  if (statusCheckMissing(status)) return { support: 'unsupported', ok: false, outcome: null, parsed: null };
  const { parsed, figures } = statusQuota(raw);
  engine.observe(parsed, { status, localReceivedAt: raw.receivedAt, source: 'status' });
  if (status >= 200 && status < 300) {
    if (figures) return { support: 'supported', ok: true, outcome: null, parsed };
    // A 200 of another shape (a catch-all page): not the status check we know.
    engine.setLastError(null);
    return { support: 'unsupported', ok: false, outcome: null, parsed };
  }
  return { support: 'unknown', ok: false, outcome: toLookupOutcome(raw, '', engine), parsed };
}
