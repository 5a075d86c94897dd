import { useId, type ReactNode } from 'react';
import type { QuotaLevel, QuotaWindow, WindowScope } from '../../../shared/quota';
import { wordsFor } from '../../../shared/i18n';
import type { UiQuotaWords } from '../../../shared/i18n/words';
import { useWords } from '../words-context';

const EN = wordsFor('en').w.uiQuota;

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

/** "2,500 of 10,000 left this month", in the window's words (`q`; English when not given). */
export function gaugeText(scope: WindowScope, w: ShownWindow, q: UiQuotaWords = EN): string {
  return q.gauge(scope, w.remaining, w.limit);
}

export function resetText(scope: WindowScope, w: ShownWindow, now: number, q: UiQuotaWords = EN): string {
  if (scope === 'minute') return w.resetAt === null || w.estimated ? q.resetsEveryMinute : q.resetsIn(w.resetAt - now);
  return w.resetAt === null ? '' : q.resetsOn(w.resetAt, now);
}

/** The badge is "At risk" when the forecast says an OK or Low month runs out before the reset. */
function showsAtRisk(level: QuotaLevel, atRisk: boolean): boolean {
  return atRisk && (level === 'ok' || level === 'low');
}

/** The badge: the level, or "At risk". */
export function badgeWord(level: QuotaLevel, atRisk: boolean, q: UiQuotaWords = EN): string {
  return showsAtRisk(level, atRisk) ? q.atRisk : q.level[level];
}

interface Props {
  scope: WindowScope;
  window: ShownWindow;
  now: number;
  /** The forecast says this (month) window runs out before its reset. */
  atRisk?: boolean;
  children?: ReactNode;
}

export function QuotaGauge({ scope, window: w, now, atRisk = false, children }: Props) {
  const { w: words } = useWords();
  const q = words.uiQuota;
  const text = gaugeText(scope, w, q);
  const word = badgeWord(w.level, atRisk, q);
  const reset = resetText(scope, w, now, q);
  const share = w.limit > 0 ? Math.max(0, Math.min(1, w.remaining / w.limit)) : 0;
  const name = q.meterName(scope);
  const estimateId = useId();
  return (
    <div
      className={`gauge level-${w.level}${w.estimated ? ' estimated' : ''}${showsAtRisk(w.level, atRisk) ? ' at-risk' : ''}`}
    >
      <div
        className="meter"
        role="meter"
        aria-label={name}
        aria-valuemin={0}
        aria-valuemax={w.limit}
        aria-valuenow={w.remaining}
        aria-valuetext={q.valueText(text, word, reset, w.estimated ? q.estimate : null)}
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
        {!w.estimated && <span>{q.updated(words.uiResult.age(now - w.observedAt))}</span>}
      </p>
      {w.estimated && (
        // The striped bar's legend: the same stripes, then what they mean.
        <p className="gauge-estimate" id={estimateId}>
          <span className="meter-fill gauge-swatch" aria-hidden="true" />
          {q.estimate}
        </p>
      )}
      {children}
    </div>
  );
}
