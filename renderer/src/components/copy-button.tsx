import { useEffect, useRef, useState } from 'react';
import { useWords } from '../words-context';

/** Copies `text` with the async clipboard API and shows a visible "Copied" confirmation (the window's words). */
export function CopyButton({ text, label, children }: { text: string; label: string; children?: string }) {
  const r = useWords().w.uiResult;
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  const visible = state === 'copied' ? r.copied : state === 'failed' ? r.copyFailed : (children ?? r.copy);
  return (
    <button
      type="button"
      className={`copy-button ${state}`}
      onClick={() => void copy()}
      aria-label={state === 'idle' ? label : visible}
    >
      {visible}
    </button>
  );
}
