/**
 * The automatic quota check's interval bounds and what spending checks cost a day. Pure: the core's cadence
 * (electron/core/quota/auto-check-cadence.ts) and the settings view both use it.
 */

export const DEFAULT_AUTO_CHECK_MS = 5 * 60_000;
export const MIN_AUTO_CHECK_MS = 60_000;

/** Requests per day an auto-check costs when it has to spend a lookup (no free status check). */
export function autoCheckCostPerDay(intervalMs: number): number {
  const base =
    Number.isFinite(intervalMs) && intervalMs > 0 ? Math.max(MIN_AUTO_CHECK_MS, intervalMs) : DEFAULT_AUTO_CHECK_MS;
  return Math.ceil((24 * 60 * 60_000) / base);
}
