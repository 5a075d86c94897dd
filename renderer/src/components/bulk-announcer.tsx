import { useState } from 'react';
import type { BulkJobState as JobState } from '../../../shared/bulk';
import { formatCount } from '../format';

/**
 * A polite live region (visually hidden) for a bulk job: its progress at most every 10 % (not each answer), and
 * when it finishes, pauses, stops or is cancelled. Nothing is said for the state a job is first shown in.
 */
export function BulkAnnouncer({
  id,
  state,
  finished,
  total,
}: {
  id: string;
  state: JobState;
  /** Answered plus failed. */
  finished: number;
  total: number;
}) {
  const tenth = total > 0 ? Math.floor((finished * 10) / total) : 0;
  const [seen, setSeen] = useState({ id, state, tenth });
  const [text, setText] = useState('');
  // Adjusted while rendering (React's pattern for state that follows a prop change): only changes are said.
  if (id !== seen.id) {
    setSeen({ id, state, tenth });
    setText('');
  } else if (state !== seen.state || tenth > seen.tenth) {
    const of = `${formatCount(finished)} of ${formatCount(total)}`;
    let said = text;
    if (state !== seen.state) {
      if (state === 'finished') said = `Bulk job finished: ${of} looked up.`;
      else if (state === 'paused') said = `Bulk job paused at ${of}.`;
      else if (state === 'stopped') said = `Bulk job stopped at ${of}.`;
      else if (state === 'cancelled') said = `Bulk job cancelled at ${of}.`;
      else if (state === 'running' && seen.state !== 'ready') said = `Bulk job resumed at ${of}.`;
    } else if (state === 'running' && tenth < 10) said = `Bulk job ${tenth * 10} % done: ${of}.`;
    setSeen({ id, state, tenth: Math.max(tenth, seen.tenth) });
    setText(said);
  }
  return (
    <div id="bulk-announcer" className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
