import type { QuotaState } from '../../../shared/quota';

/**
 * When a bulk job may send its next request. Pure: it reads the quota the service holds (fed by every answer's
 * headers, on the service's clock, as the cooldowns are) and says send, wait (until when), or stop.
 *
 * - A cooldown (a 429 the service named, or one another process recorded) is waited out; a month one stops.
 * - The month: the job stops before the month's remaining would fall below the budget floor.
 * - The minute: within the service's own window the job sends what is left, less `reserve` slots kept for single
 *   lookups from the window or the tray; the reserve is released `releaseMs` before the window resets (if no
 *   single lookup took it by then, the job may), so the job still runs at the full allowed rate.
 * - An unknown minute limit (no answer yet): one request at a time until the headers tell.
 * - Jobs of one service take turns: at most `maxInFlight` requests in flight to it, whatever the number of jobs. They
 *   spend one month and one minute window, so more at once would not finish sooner on a limited plan, and when the
 *   month runs out elsewhere (another client of the key) the app meets one refusal, not one per job.
 */

export interface PaceInput {
  /** The service's quota now (asOf = the service's clock now; skewMs turns its instants into local ones). */
  quota: QuotaState;
  /** Requests of this job sent and not answered yet. */
  inFlight: number;
  /**
   * Requests other jobs sent to the same service and not answered yet: they spend the same month and minute window,
   * and count against `maxInFlight` as this job's own do. This job waits for them as for its own (their answers wake
   * it).
   */
  othersInFlight?: number;
  maxInFlight: number;
  /** Requests of the month to leave alone; null while unknown (then one at a time until the month is known). */
  floor: number | null;
  /** Minute-window slots kept for single lookups until `releaseMs` before the reset. */
  reserve: number;
  releaseMs: number;
  /** The lowest minute remaining this job saw in the current window (answers can arrive out of order). */
  seen: { resetAt: number; remaining: number } | null;
}

export type WaitReason = 'cooldown' | 'minute-window' | 'reserve' | 'in-flight';
export type StopReason = 'budget-floor' | 'month-exhausted';

export type PaceDecision =
  | { kind: 'send' }
  /** `until`: local-clock instant to look again; null: when a request in flight is answered. */
  | { kind: 'wait'; until: number | null; why: WaitReason }
  | { kind: 'stop'; reason: StopReason };

const IN_FLIGHT: PaceDecision = { kind: 'wait', until: null, why: 'in-flight' };

export function pace(p: PaceInput): PaceDecision {
  const q = p.quota;
  const local = (t: number) => t - q.skewMs;
  const all = p.inFlight + (p.othersInFlight ?? 0);
  if (q.cooldown) {
    if (q.cooldown.scope === 'month') return p.inFlight > 0 ? IN_FLIGHT : { kind: 'stop', reason: 'month-exhausted' };
    return p.inFlight > 0 ? IN_FLIGHT : { kind: 'wait', until: local(q.cooldown.until), why: 'cooldown' };
  }
  const m = q.month;
  if (m && p.floor !== null) {
    if (m.remaining - all - 1 < p.floor) {
      if (all > 0) return IN_FLIGHT;
      return { kind: 'stop', reason: m.remaining <= 0 ? 'month-exhausted' : 'budget-floor' };
    }
  } else if (all > 0) return IN_FLIGHT; // learning the month (and the floor) from the first answer

  if (q.minutePlan === 'none') return all < p.maxInFlight ? { kind: 'send' } : IN_FLIGHT;
  const w = q.minute;
  if (q.minutePlan !== 'limited' || !w) return all === 0 ? { kind: 'send' } : IN_FLIGHT;

  const known = p.seen && p.seen.resetAt === w.resetAt ? Math.min(w.remaining, p.seen.remaining) : w.remaining;
  const left = known - all;
  const reserve = w.resetAt - q.asOf > p.releaseMs ? p.reserve : 0;
  if (left - reserve > 0) return all < p.maxInFlight ? { kind: 'send' } : IN_FLIGHT;
  // Nothing to send now: an answer in flight comes first (its headers may change the picture), then the time.
  if (all > 0) return IN_FLIGHT;
  if (left > 0) return { kind: 'wait', until: local(w.resetAt - p.releaseMs), why: 'reserve' };
  return { kind: 'wait', until: local(w.resetAt), why: 'minute-window' };
}
