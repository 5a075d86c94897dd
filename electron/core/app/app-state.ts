import type { Settings } from '../../../shared/settings';
import { emptyAlertMemory, reviveAlertMemory, type AlertMemory } from '../quota/alerts';
import type { QuotaServiceConfig } from '../service/quota-service';

/** What state.json holds: everything the core remembers besides settings (and never the key). */
export interface PersistedAppState {
  version: 1;
  /** Per-profile quota data (engine state, history, cooldown, cache), owned by QuotaService. */
  quota: Record<string, unknown>;
  alerts: AlertMemory;
  pausedUntil: number | null;
}

export const DEMO_PROFILE = 'demo';

export function defaultState(): PersistedAppState {
  return { version: 1, quota: {}, alerts: emptyAlertMemory(), pausedUntil: null };
}

export function validateState(raw: unknown): PersistedAppState | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Partial<PersistedAppState>;
  if (r.version !== 1 || typeof r.quota !== 'object' || r.quota === null) return null;
  return {
    version: 1,
    quota: r.quota as Record<string, unknown>,
    alerts: reviveAlertMemory(r.alerts),
    pausedUntil: typeof r.pausedUntil === 'number' ? r.pausedUntil : null,
  };
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
