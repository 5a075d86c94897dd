import { MAX_PAUSE_MS } from '../../../shared/ipc';
import type { Settings } from '../../../shared/settings';
import { reviveAlertMemory, type AlertMemory } from '../quota/alerts';
import type { StateDb } from '../storage/state-db';
import type { QuotaServiceConfig } from '../service/quota-service';

export const DEMO_PROFILE = 'demo';

/** The notification memory of every profile (state.db keeps one row per profile). */
export function loadAlerts(db: StateDb): AlertMemory {
  return reviveAlertMemory({ version: 1, profiles: db.allAlerts() });
}

/** Writes the profiles whose memory changed. */
export function saveAlerts(db: StateDb, before: AlertMemory, after: AlertMemory): void {
  for (const [name, memory] of Object.entries(after.profiles))
    if (memory !== before.profiles[name]) db.writeAlerts(name, memory);
}

export { MAX_PAUSE_MS };

/** A pause end that makes sense now (now … now + 30 days), or null: anything else is no pause. */
export function boundedPause(until: unknown, now: number): number | null {
  return typeof until === 'number' && Number.isFinite(until) && until > now && until <= now + MAX_PAUSE_MS
    ? until
    : null;
}

/** Until when notifications are paused (local clock), or null; an out-of-range value read back is no pause. */
export function loadPausedUntil(db: StateDb, now: number): number | null {
  return boundedPause(db.readKv('pausedUntil'), now);
}

/** Settings (percentages, minutes) as the QuotaService wants them (fractions, milliseconds). */
export function serviceConfig(s: Settings): QuotaServiceConfig {
  return {
    baseUrl: s.baseUrl,
    language: s.language,
    thresholds: {
      month: { low: s.thresholds.monthLow / 100, critical: s.thresholds.monthCritical / 100 },
      minute: { low: s.thresholds.minuteLow / 100, critical: s.thresholds.minuteCritical / 100 },
    },
    monthResetDay: s.monthResetDay,
    cache: { ttlMs: s.cache.ttlMinutes * 60_000, maxEntries: s.cache.maxEntries },
    autoCheck: {
      enabled: s.autoCheck.enabled,
      intervalMs: s.autoCheck.intervalMinutes * 60_000,
      allowSpending: s.autoCheck.allowSpending,
    },
  };
}
