import { useState } from 'react';
import type { QuotaLevel, WindowScope } from '../../../shared/quota';
import { useWords } from '../words-context';

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
  const q = useWords().w.uiQuota;
  const level = month?.level ?? null;
  const counting = cooldown?.scope ?? null;
  const [seen, setSeen] = useState({ level, counting });
  const [text, setText] = useState('');
  // Adjusted while rendering (React's pattern for state that follows a prop change): only changes are said.
  if (level !== seen.level || counting !== seen.counting) {
    let said = text;
    if (level !== seen.level && seen.level !== null && level !== null && month)
      said = q.monthLevel(level, month.remaining, month.limit);
    if (counting !== seen.counting) {
      if (cooldown) said = q.cooldownStarts(cooldown.scope, cooldown.secondsLeft);
      else if (seen.counting !== null) said = q.cooldownEnds(seen.counting);
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
