/**
 * What the tray icon shows, as data: the model the tray model builds and the icon renderer (tray-icon.ts, with
 * its PNG encoder) draws. Kept apart so the tray model, and the command line that reads its words, never load
 * the encoder.
 */
import type { QuotaLevel } from '../../../shared/quota';

/** Number of steps the month gauge is quantised to (0, 12.5 %, … 100 %). */
export const GAUGE_STEPS = 8;

export type IconModel =
  /** No API key configured yet: hollow ring with a dash. */
  | { kind: 'no-key' }
  /** A key but no quota figures yet: the empty track only. */
  | { kind: 'no-data'; dimmed: boolean }
  | {
      kind: 'gauge';
      /** 0..GAUGE_STEPS, from `quantiseRemaining`. */
      step: number;
      level: QuotaLevel;
      /** The per-minute limit is hit right now: a "wait" mark (two bars) in the middle. */
      minuteHit: boolean;
      /** The forecast says the month runs out before its reset: a ▼ in the middle. */
      atRisk: boolean;
      /** Figures stale/estimated or the last request failed: drawn duller, with gaps in the ring. */
      dimmed: boolean;
    };

/** Steps of remaining quota: 0 only when nothing is left; any remainder shows at least one step. */
export function quantiseRemaining(remaining: number, limit: number): number {
  if (!(limit > 0) || !(remaining > 0)) return 0;
  return Math.min(GAUGE_STEPS, Math.max(1, Math.ceil((remaining / limit) * GAUGE_STEPS - 1e-9)));
}

/**
 * One model per picture: steps clamped to 0..GAUGE_STEPS; an empty gauge and an exhausted level are the same
 * picture (the "no entry" disc, which has no room for, and no need of, the minute or at-risk marks); the
 * at-risk mark gives way to the minute limit's and to critical's.
 */
export function normaliseIconModel(model: IconModel): IconModel {
  if (model.kind !== 'gauge') return model;
  const step = Number.isFinite(model.step) ? Math.max(0, Math.min(GAUGE_STEPS, Math.round(model.step))) : 0;
  const exhausted = step === 0 || model.level === 'exhausted';
  return {
    ...model,
    step: exhausted ? 0 : step,
    level: exhausted ? 'exhausted' : model.level,
    minuteHit: exhausted ? false : model.minuteHit,
    // One centre mark: the minute limit's, else critical's "!", else the ▼ of at risk.
    atRisk: !exhausted && !model.minuteHit && model.level !== 'critical' && model.atRisk === true,
  };
}

/** A string that changes exactly when the drawn picture changes. */
export function iconKey(input: IconModel): string {
  const model = normaliseIconModel(input);
  switch (model.kind) {
    case 'no-key':
      return 'no-key';
    case 'no-data':
      return `no-data:${model.dimmed ? 'dim' : 'full'}`;
    case 'gauge':
      return `gauge:${model.step}:${model.level}:${model.minuteHit ? 'minute' : '-'}:${model.atRisk ? 'risk' : '-'}:${model.dimmed ? 'dim' : 'full'}`;
  }
}
