import type { WindowScope } from '../../shared/quota';

/** User-facing wording for limits and resets. Pure; all instants on the service clock. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "0:37", "12:05", "2 h 05 min", "8 d 9 h". Rounds up to the whole second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes}:${String(secs).padStart(2, '0')}`;
}

/** "Dec 1, 00:00 UTC". */
export function formatUtcDate(t: number): string {
  const d = new Date(t);
  if (!Number.isFinite(d.getTime())) return 'an unknown date';
  const hh = String(d.getUTCHours()).padStart(2, '0');
  const mm = String(d.getUTCMinutes()).padStart(2, '0');
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${hh}:${mm} UTC`;
}

/** The message for a 429 and for the local cooldown refusal that follows it. */
export function limitMessage(scope: WindowScope, resetAt: number, now: number): string {
  if (scope === 'minute') return `Minute limit reached — resets in ${formatCountdown(resetAt - now)}.`;
  return `Monthly quota exhausted — resets ${formatUtcDate(resetAt)}. Upgrade the plan or wait.`;
}

/** Local refusal during a cooldown: the limit message and that nothing was sent. */
export function cooldownMessage(scope: WindowScope, resetAt: number, now: number): string {
  return `${limitMessage(scope, resetAt, now)} Nothing was sent; use “Try anyway” to send regardless.`;
}
