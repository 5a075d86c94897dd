import type { QuotaLevel } from '../../../shared/quota';

/** The adaptive auto-check cadence. Pure. */

export const DEFAULT_AUTO_CHECK_MS = 5 * 60_000;
export const MIN_AUTO_CHECK_MS = 60_000;
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

/** Requests per day an auto-check costs when it has to spend a lookup (no free status check). */
export function autoCheckCostPerDay(intervalMs: number): number {
  const base =
    Number.isFinite(intervalMs) && intervalMs > 0 ? Math.max(MIN_AUTO_CHECK_MS, intervalMs) : DEFAULT_AUTO_CHECK_MS;
  return Math.ceil((24 * 60 * 60_000) / base);
}
