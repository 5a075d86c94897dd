import type { WindowScope } from '../../../shared/quota';
import { limitMessage } from '../lookup-api/outcomes';

/** User-facing wording for the local cooldown. Pure; all instants on the service clock. */

/** Local refusal during a cooldown: the limit message and that nothing was sent. */
export function cooldownMessage(scope: WindowScope, resetAt: number, now: number): string {
  return `${limitMessage(scope, resetAt, now)} Nothing was sent; use “Try anyway” to send regardless.`;
}
