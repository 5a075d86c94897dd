import { useState } from 'react';

/**
 * A button's call to the core: `busy` while it runs (the button is disabled), and what went wrong in words — the
 * problem the call answers with, or `failed` when it fails outright. Cleared when the call starts again.
 */
export function useAction(): {
  busy: boolean;
  error: string | null;
  run: (call: () => Promise<string | null | void>, failed: string) => void;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = (call: () => Promise<string | null | void>, failed: string): void => {
    setBusy(true);
    setError(null);
    call().then(
      (problem) => {
        setBusy(false);
        if (problem) setError(problem);
      },
      () => {
        setBusy(false);
        setError(failed);
      },
    );
  };
  return { busy, error, run };
}
