import type { QuotaChecks } from './checks';
import { CHECK_IP, type ServiceContext, type VerifyResult } from './service-types';
import { cleanOutcome, finishLookup } from './lookup-outcome';
import { interpretStatus } from './status-answer';

/**
 * Verifies a candidate key: free through /v2/status, or ('spend') with one lookup. Feeds the live engine
 * only if it is the key in use (a throwaway one otherwise).
 */
export async function verifyKey(
  ctx: ServiceContext,
  checks: QuotaChecks,
  key: string,
  mode: 'free' | 'spend',
): Promise<VerifyResult> {
  const current = await ctx.key();
  const engine = current === key ? ctx.engine() : ctx.freshEngine();
  if (mode === 'free') {
    if (checks.support() === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
    const raw = await ctx.send('/v2/status', key, {});
    const r = interpretStatus(raw, engine);
    checks.learn(r.support);
    ctx.changed();
    if (r.ok) return { ok: true, via: 'status' };
    if (r.support === 'unsupported') return { ok: false, via: 'lookup', needsConfirmation: true };
    return { ok: false, via: 'status', ...(r.outcome ? { outcome: cleanOutcome(r.outcome, key) } : {}) };
  }
  const raw = await ctx.send('/v2/info', key, { ip: CHECK_IP });
  const outcome = cleanOutcome(finishLookup(raw, CHECK_IP, null, engine), key);
  ctx.changed();
  const accepted =
    ['ok', 'rate-limited', 'forbidden', 'invalid-input'].includes(outcome.kind) ||
    (outcome.kind === 'bad-response' && outcome.status < 300);
  return { ok: accepted, via: 'lookup', outcome };
}
