import { reviveAlertMemory, type AlertMemory } from '../quota/alerts';
import type { StateDb } from '../storage/state-db';

/** The notification memory of every profile (state.db keeps one row per profile). */
export function loadAlerts(db: StateDb): AlertMemory {
  return reviveAlertMemory({ version: 1, profiles: db.allAlerts() });
}

/** Writes the profiles whose memory changed. */
export function saveAlerts(db: StateDb, before: AlertMemory, after: AlertMemory): void {
  for (const [name, memory] of Object.entries(after.profiles))
    if (memory !== before.profiles[name]) db.writeAlerts(name, memory);
}
