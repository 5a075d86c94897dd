import { useState } from 'react';
import type { QuotaLevel, WindowScope } from '../../../shared/quota';

/** The words said when the month's level becomes `level` (from another level). */
function monthWords(level: QuotaLevel, remaining: number, limit: number): string {
  const left = `${remaining.toLocaleString('en')} of ${limit.toLocaleString('en')} left`;
  if (level === 'exhausted') return 'Month quota used up: lookups are refused until it resets.';
  if (level === 'critical') return `Month quota almost used up: ${left}.`;
  if (level === 'low') return `Month quota running low: ${left}.`;
  return `Month quota restored: ${left}.`;
}

/** The words said when a cooldown starts: the window that is used up, and when lookups work again. */
function cooldownWords(scope: WindowScope, secondsLeft: number): string {
  if (scope === 'month') return 'Month quota used up: lookups are refused until it resets.';
  return `Minute limit reached: lookups resume in about ${Math.max(1, secondsLeft)} seconds.`;
}

/**
 * A polite live region (visually hidden) for screen-reader users: it says when the month's level changes (low,
 * critical, exhausted, restored) and when a cooldown starts and ends — not each second of it (the countdown's own
 * text is not live), and for the window that is used up (the month's is not a minute's). Nothing is said for the
 * state the window opens with.
 */
export function QuotaAnnouncer({
  month,
  cooldown,
}: {
  month: { level: QuotaLevel; remaining: number; limit: number } | null;
  /** The cooldown shown now (its window and the seconds left of it), or null when there is none. */
  cooldown: { scope: WindowScope; secondsLeft: number } | null;
}) {
  const level = month?.level ?? null;
  const counting = cooldown?.scope ?? null;
  const [seen, setSeen] = useState({ level, counting });
  const [text, setText] = useState('');
  // Adjusted while rendering (React's pattern for state that follows a prop change): only changes are said.
  if (level !== seen.level || counting !== seen.counting) {
    let said = text;
    if (level !== seen.level && seen.level !== null && level !== null && month)
      said = monthWords(level, month.remaining, month.limit);
    if (counting !== seen.counting) {
      if (cooldown) said = cooldownWords(cooldown.scope, cooldown.secondsLeft);
      else if (seen.counting === 'minute') said = 'Minute limit has reset: you can look up again.';
      else if (seen.counting === 'month') said = 'Month quota has reset: you can look up again.';
    }
    setSeen({ level, counting });
    setText(said);
  }

  return (
    <div id="quota-announcer" className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
