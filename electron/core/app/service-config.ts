import type { Settings } from '../../../shared/settings';
import type { QuotaServiceConfig } from '../service/quota-service';

/** Settings (percentages, minutes) as the QuotaService wants them (fractions, milliseconds). */
export function serviceConfig(s: Settings): QuotaServiceConfig {
  return {
    baseUrl: s.baseUrl,
    answerLanguage: s.answerLanguage,
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
