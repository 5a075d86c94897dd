import { useEffect, useRef } from 'react';

/** How long a transient status line ("Settings saved.", "Quota checked …") stays before it fades away. */
export const FADE_AFTER_MS = 6000;

/**
 * While `message` is set, calls `clear` FADE_AFTER_MS after it was last set (a new message starts the wait
 * again). For lines that report something done; errors stay until the user acts.
 */
export function useFading(message: string | null, clear: () => void): void {
  const latest = useRef(clear);
  useEffect(() => {
    latest.current = clear;
  }, [clear]);
  useEffect(() => {
    if (message === null) return;
    const t = setTimeout(() => latest.current(), FADE_AFTER_MS);
    return () => clearTimeout(t);
  }, [message]);
}
