import { useState } from 'react';
import type { QuotaLevel } from '../../../shared/quota';

/** The words said when the month's level becomes `level` (from another level). */
function monthWords(level: QuotaLevel, remaining: number, limit: number): string {
  const left = `${remaining.toLocaleString('en')} of ${limit.toLocaleString('en')} left`;
  if (level === 'exhausted') return 'Month quota used up: lookups are refused until it resets.';
  if (level === 'critical') return `Month quota almost used up: ${left}.`;
  if (level === 'low') return `Month quota running low: ${left}.`;
  return `Month quota restored: ${left}.`;
}

/**
 * A polite live region (visually hidden) for screen-reader users: it says when the month's level changes (low,
 * critical, exhausted, restored) and when a minute countdown starts and ends — not each second of it (the
 * countdown's own text is not live). Nothing is said for the state the window opens with.
 */
export function QuotaAnnouncer({
  month,
  cooldownSecondsLeft,
}: {
  month: { level: QuotaLevel; remaining: number; limit: number } | null;
  /** Seconds left of the minute countdown shown now, or null when there is none. */
  cooldownSecondsLeft: number | null;
}) {
  const level = month?.level ?? null;
  const counting = cooldownSecondsLeft !== null;
  const [seen, setSeen] = useState({ level, counting });
  const [text, setText] = useState('');
  // Adjusted while rendering (React's pattern for state that follows a prop change): only changes are said.
  if (level !== seen.level || counting !== seen.counting) {
    let said = text;
    if (level !== seen.level && seen.level !== null && level !== null && month)
      said = monthWords(level, month.remaining, month.limit);
    if (counting !== seen.counting)
      said = counting
        ? `Minute limit reached: lookups resume in about ${Math.max(1, cooldownSecondsLeft ?? 0)} seconds.`
        : 'Minute limit has reset: you can look up again.';
    setSeen({ level, counting });
    setText(said);
  }

  return (
    <div id="quota-announcer" className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
