import { useState } from 'react';
import type { BulkJobState as JobState } from '../../../shared/bulk';
import { useWords } from '../words-context';

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
  const say = useWords().w.uiBulk.announce;
  const tenth = total > 0 ? Math.floor((finished * 10) / total) : 0;
  const [seen, setSeen] = useState({ id, state, tenth });
  const [text, setText] = useState('');
  // Adjusted while rendering (React's pattern for state that follows a prop change): only changes are said.
  if (id !== seen.id) {
    setSeen({ id, state, tenth });
    setText('');
  } else if (state !== seen.state || tenth > seen.tenth) {
    let said = text;
    if (state !== seen.state) {
      if (state === 'finished') said = say.finished(finished, total);
      else if (state === 'paused') said = say.paused(finished, total);
      else if (state === 'stopped') said = say.stopped(finished, total);
      else if (state === 'cancelled') said = say.cancelled(finished, total);
      else if (state === 'running' && seen.state !== 'ready') said = say.resumed(finished, total);
    } else if (state === 'running' && tenth < 10) said = say.share(tenth * 10, finished, total);
    setSeen({ id, state, tenth: Math.max(tenth, seen.tenth) });
    setText(said);
  }
  return (
    <div id="bulk-announcer" className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
