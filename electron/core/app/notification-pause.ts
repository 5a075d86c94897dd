import { MAX_PAUSE_MS } from '../../../shared/ipc';
import type { StateDb } from '../storage/state-db';

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
