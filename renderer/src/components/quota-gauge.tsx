import { useId, type ReactNode } from 'react';
import type { QuotaLevel, QuotaWindow, WindowScope } from '../../../shared/quota';
import { LEVEL_WORDS, formatAge, formatCount, formatCountdown, formatUtc } from '../format';

/** A window as shown at `now`: a window whose reset passed with no news is shown reset and estimated. */
export interface ShownWindow {
  limit: number;
  remaining: number;
  level: QuotaLevel;
  estimated: boolean;
  observedAt: number;
  /** null: no countdown to show (e.g. an estimated minute window). */
  resetAt: number | null;
}

export function shownWindow(w: QuotaWindow, now: number, nextReset: (t: number) => number): ShownWindow {
  if (now >= w.resetAt) {
    return {
      limit: w.limit,
      remaining: w.limit,
      level: 'ok',
      estimated: true,
      observedAt: w.observedAt,
      resetAt: nextReset(now),
    };
  }
  return {
    limit: w.limit,
    remaining: w.remaining,
    level: w.level,
    estimated: w.estimated,
    observedAt: w.observedAt,
    resetAt: w.resetAt,
  };
}

/** True while the minute window has a live countdown worth ticking for. */
export function minuteCountsDown(w: QuotaWindow | null, now: number): boolean {
  return w !== null && !w.estimated && w.resetAt > now;
}

/** What an estimated (striped) gauge means. */
export const ESTIMATE_TEXT = 'Likely reset — confirmed by the next lookup';

export function gaugeText(scope: WindowScope, w: ShownWindow): string {
  return `${formatCount(w.remaining)} of ${formatCount(w.limit)} left this ${scope}`;
}

export function resetText(scope: WindowScope, w: ShownWindow, now: number): string {
  if (scope === 'minute')
    return w.resetAt === null || w.estimated ? 'resets every minute' : `resets in ${formatCountdown(w.resetAt - now)}`;
  return w.resetAt === null ? '' : `resets ${formatUtc(w.resetAt, undefined, now)}`;
}

/** The badge: the level, or "At risk" when the forecast says an OK or Low month runs out before the reset. */
export function badgeWord(level: QuotaLevel, atRisk: boolean): string {
  return atRisk && (level === 'ok' || level === 'low') ? AT_RISK_WORD : LEVEL_WORDS[level];
}
export const AT_RISK_WORD = 'At risk';

interface Props {
  scope: WindowScope;
  window: ShownWindow;
  now: number;
  /** The forecast says this (month) window runs out before its reset. */
  atRisk?: boolean;
  children?: ReactNode;
}

export function QuotaGauge({ scope, window: w, now, atRisk = false, children }: Props) {
  const text = gaugeText(scope, w);
  const word = badgeWord(w.level, atRisk);
  const reset = resetText(scope, w, now);
  const share = w.limit > 0 ? Math.max(0, Math.min(1, w.remaining / w.limit)) : 0;
  const name = scope === 'minute' ? 'Minute quota' : 'Month quota';
  const estimateId = useId();
  return (
    <div
      className={`gauge level-${w.level}${w.estimated ? ' estimated' : ''}${word === AT_RISK_WORD ? ' at-risk' : ''}`}
    >
      <div
        className="meter"
        role="meter"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={w.limit}
        aria-valuenow={w.remaining}
        aria-valuetext={`${text}, ${word.toLowerCase()}${reset ? `, ${reset}` : ''}${w.estimated ? `, ${ESTIMATE_TEXT.toLowerCase()}` : ''}`}
        aria-describedby={w.estimated ? estimateId : undefined}
      >
        <div className="meter-fill" style={{ width: `${(share * 100).toFixed(1)}%` }} />
      </div>
      <p className="gauge-text">
        <strong>{text}</strong>
        <span className="level-word">{word}</span>
      </p>
      <p className="gauge-meta">
        {reset && <span className="gauge-reset">{reset}</span>}
        {!w.estimated && <span>updated {formatAge(now - w.observedAt)}</span>}
      </p>
      {w.estimated && (
        // The striped bar's legend: the same stripes, then what they mean.
        <p className="gauge-estimate" id={estimateId}>
          <span className="meter-fill gauge-swatch" aria-hidden="true" />
          {ESTIMATE_TEXT}
        </p>
      )}
      {children}
    </div>
  );
}
