import { isLastErrorKind, type LastErrorKind } from '../../../shared/outcome-table';
import type { Cooldown, QuotaLevel, QuotaSample, QuotaState, QuotaWindow } from '../../../shared/quota';
import { isWindowScope } from '../../../shared/window-scope';
import { isCount, isInstant, isNum, isObj } from '../lib/guards';

/**
 * The quota engine's persisted shape (its `toJSON()`), and its validation on the way back in: anything
 * malformed is dropped (field by field where that is safe), never thrown.
 */

export interface PersistedEngine {
  version: 1;
  month: QuotaWindow | null;
  minute: QuotaWindow | null;
  minutePlan: QuotaState['minutePlan'];
  cooldown: Cooldown | null;
  lastError: LastErrorKind | null;
  skewMs: number;
  skewKnown: boolean;
  history: QuotaSample[];
}

const LEVELS: readonly QuotaLevel[] = ['ok', 'low', 'critical', 'exhausted'];

function restoreWindow(v: unknown): QuotaWindow | null {
  if (!isObj(v)) return null;
  const { limit, remaining, observedAt, resetAt, level, estimated } = v;
  if (!isCount(limit) || !isCount(remaining) || remaining > limit || !isNum(observedAt) || !isNum(resetAt)) return null;
  return {
    limit,
    remaining,
    observedAt,
    resetAt,
    level: LEVELS.includes(level as QuotaLevel) ? (level as QuotaLevel) : 'ok',
    estimated: estimated === true,
  };
}

function restoreCooldown(v: unknown): Cooldown | null {
  if (!isObj(v)) return null;
  if (!isWindowScope(v.scope) || !isInstant(v.until) || !isInstant(v.since)) return null;
  return { scope: v.scope, until: v.until, since: v.since };
}

export function restoreEngine(v: unknown): PersistedEngine | null {
  if (!isObj(v) || v.version !== 1) return null;
  const plan = v.minutePlan === 'limited' || v.minutePlan === 'none' ? v.minutePlan : 'unknown';
  const history = Array.isArray(v.history)
    ? v.history.filter(
        (s): s is QuotaSample =>
          isObj(s) && isNum(s.at) && isCount(s.remaining) && isCount(s.limit) && s.remaining <= s.limit,
      )
    : [];
  history.sort((a, b) => a.at - b.at);
  return {
    version: 1,
    month: restoreWindow(v.month),
    minute: plan === 'none' ? null : restoreWindow(v.minute),
    minutePlan: plan,
    cooldown: restoreCooldown(v.cooldown),
    // A kind this build does not know (a newer one wrote it) is dropped: the next request says again.
    lastError: isLastErrorKind(v.lastError) ? v.lastError : null,
    skewMs: isNum(v.skewMs) && Math.abs(v.skewMs) < 366 * 86_400_000 ? v.skewMs : 0,
    skewKnown: v.skewKnown === true,
    history,
  };
}

const newerWindow = (a: QuotaWindow | null, b: QuotaWindow | null): QuotaWindow | null =>
  !a ? b : !b ? a : b.observedAt > a.observedAt ? b : a;
const lastSeen = (e: PersistedEngine): number =>
  Math.max(e.month?.observedAt ?? -Infinity, e.minute?.observedAt ?? -Infinity);

/**
 * One profile's engine as this process knows it, merged with what another process (the CLI, the web preview)
 * recorded: each window from the newer observation, the cooldown that ends later, the plan, clock skew and last
 * error of whichever saw the service last, and both histories.
 */
export function mergeEngines(local: PersistedEngine, other: PersistedEngine): PersistedEngine {
  const latest = lastSeen(other) > lastSeen(local) ? other : local;
  const cooldown =
    !local.cooldown || (other.cooldown && other.cooldown.until > local.cooldown.until)
      ? other.cooldown
      : local.cooldown;
  const byAt = new Map<number, QuotaSample>();
  for (const s of [...local.history, ...other.history]) byAt.set(s.at, s);
  return {
    version: 1,
    month: newerWindow(local.month, other.month),
    minute: latest.minutePlan === 'none' ? null : newerWindow(local.minute, other.minute),
    minutePlan: latest.minutePlan,
    cooldown,
    lastError: latest.lastError,
    skewMs: latest.skewMs,
    skewKnown: latest.skewKnown,
    history: [...byAt.values()].sort((a, b) => a.at - b.at),
  };
}
