import { keyAccepted } from '../../../../shared/outcome-table';
import type { QuotaEngine } from '../../quota/engine';
import { parseQuotaHeaders } from '../../lookup-api/quota-headers';
import { cleanOutcome, finishLookup } from '../lookup/lookup-outcome';
import type { Send } from '../lookup/request-group';
import { CHECK_IP, type VerifyResult } from '../service-types';
import { interpretStatus } from './status-answer';
import type { StatusSupport } from './status-support';

/** What verifyKey uses: the key in use, the engine it feeds (or a throwaway one), what is known of /v2/status. */
export interface VerifyDeps {
  /** The key in use, or null. */
  currentKey(): Promise<string | null>;
  /** The live engine (fed only when the candidate is the key in use). */
  engine(): QuotaEngine;
  /** A new engine with the current options and no history (for any other key). */
  freshEngine(): QuotaEngine;
  support: StatusSupport;
  send: Send;
}

/**
 * Verifies a candidate key: free through /v2/status, or ('spend') with one lookup. Feeds the live engine
 * only if it is the key in use (a throwaway one otherwise); the caller announces any change afterwards.
 */
export async function verifyKey(deps: VerifyDeps, key: string, mode: 'free' | 'spend'): Promise<VerifyResult> {
  const current = await deps.currentKey();
  const engine = current === key ? deps.engine() : deps.freshEngine();
  if (mode === 'free') {
    if (deps.support.current() === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
    const raw = await deps.send('/v2/status', key);
    const r = interpretStatus(raw, engine);
    deps.support.learn(r.support);
    if (r.ok && r.parsed && raw.kind === 'response')
      return {
        ok: true,
        via: 'status',
        statusAnswer: { parsed: r.parsed, status: raw.status, receivedAt: raw.receivedAt },
      };
    if (r.ok) return { ok: true, via: 'status' };
    if (r.support === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
    return { ok: false, via: 'status', ...(r.outcome ? { outcome: cleanOutcome(r.outcome, key) } : {}) };
  }
  const raw = await deps.send('/v2/info', key, { ip: CHECK_IP });
  const outcome = cleanOutcome(finishLookup(raw, CHECK_IP, null, engine), key);
  const accepted = keyAccepted(outcome);
  // The request was spent: its figures go to the service the key is saved into, not lost with a throwaway engine.
  const statusAnswer =
    accepted && raw.kind === 'response'
      ? {
          via: 'lookup' as const,
          parsed: parseQuotaHeaders(raw.headers),
          status: raw.status,
          receivedAt: raw.receivedAt,
        }
      : undefined;
  return { ok: accepted, via: 'lookup', outcome, ...(statusAnswer ? { statusAnswer } : {}) };
}
