import type { LookupOutcome } from '../../../../shared/outcome';
import { redact, redactJson } from '../../lib/redact';
import type { RawResult } from '../../lookup-api/client';
import { toLookupOutcome } from '../../lookup-api/outcomes';
import type { QuotaEngine } from '../../quota/engine';
import { parseQuotaHeaders } from '../../lookup-api/quota-headers';

/** Turning QuotaService's raw /v2/info answers into outcomes fit to show. Pure but for feeding `engine`. */

/** Feeds a raw /v2/info result to `engine` and maps it to an outcome. */
export function finishLookup(raw: RawResult, ip: string, note: string | null, engine: QuotaEngine): LookupOutcome {
  const parsed = raw.kind === 'response' ? parseQuotaHeaders(raw.headers) : null;
  if (raw.kind === 'response' && parsed)
    engine.observe(parsed, { status: raw.status, localReceivedAt: raw.receivedAt });
  const outcome = toLookupOutcome(raw, ip, engine, note);
  if (outcome.kind === 'network-error' && outcome.reason !== 'aborted') engine.setLastError('network-error');
  if (outcome.kind === 'bad-response') engine.setLastError('bad-response');
  if (outcome.kind === 'proxy-error' || outcome.kind === 'certificate-error') engine.setLastError(outcome.kind);
  return outcome;
}

/**
 * The outcome with the key redacted from the service's words in it (`said`, a redirect's target) and a bad
 * response's raw body and every string of its JSON.
 */
export function cleanOutcome(o: LookupOutcome, key: string): LookupOutcome {
  if (o.kind === 'ok') return o;
  const out = { ...o };
  if ((out.kind === 'forbidden' || out.kind === 'invalid-input') && out.said !== null) out.said = redact(out.said, key);
  if (out.kind === 'bad-response') {
    const w = out.why;
    if (w.kind === 'other' && w.said !== null) out.why = { ...w, said: redact(w.said, key) };
    if (w.kind === 'redirect' && w.to !== null) out.why = { ...w, to: redact(w.to, key) };
    out.raw = redact(out.raw, key);
    if (out.body !== undefined) out.body = redactJson(out.body, key);
  }
  return out;
}
