import { formatCountdown, formatUtc } from '../../../shared/format';
import type { WindowScope } from '../../../shared/quota';

/** User-facing wording for limits and resets. Pure; all instants on the service clock. */

/** The message for a 429 and for the local cooldown refusal that follows it. */
export function limitMessage(scope: WindowScope, resetAt: number, now: number): string {
  if (scope === 'minute') return `Minute limit reached — resets in ${formatCountdown(resetAt - now)}.`;
  return `Monthly quota exhausted — resets ${formatUtc(resetAt, 'en-US')}. Upgrade the plan or wait.`;
}

/** Local refusal during a cooldown: the limit message and that nothing was sent. */
export function cooldownMessage(scope: WindowScope, resetAt: number, now: number): string {
  return `${limitMessage(scope, resetAt, now)} Nothing was sent; use “Try anyway” to send regardless.`;
}
