import { DEFAULT_AUTO_CHECK_MS, MIN_AUTO_CHECK_MS } from '../../../shared/auto-check';
import type { QuotaLevel } from '../../../shared/quota';

/** The adaptive auto-check cadence. Pure. (The interval bounds and the cost per day are in shared/auto-check.ts.) */

export const MAX_BACKOFF_MS = 60 * 60_000;

/**
 * Delay until the next automatic check: the configured interval, halved when the month quota is low and
 * quartered when critical or exhausted (never below a minute), doubled per consecutive failure up to an hour
 * (or the configured interval when that is longer).
 */
export function autoCheckDelay(intervalMs: number, level: QuotaLevel | null, failures: number): number {
  const base = Number.isFinite(intervalMs) && intervalMs > 0 ? intervalMs : DEFAULT_AUTO_CHECK_MS;
  const factor = level === 'low' ? 0.5 : level === 'critical' || level === 'exhausted' ? 0.25 : 1;
  const adaptive = Math.max(MIN_AUTO_CHECK_MS, Math.round(base * factor));
  if (failures <= 0) return adaptive;
  const cap = Math.max(MAX_BACKOFF_MS, base);
  return Math.min(cap, adaptive * 2 ** Math.min(failures, 20));
}
