import { useEffect, useRef } from 'react';
import type { IpProblem } from '../../../shared/ip';
import { useWords } from '../words-context';

interface Props {
  /** The form is on screen; it takes focus when it becomes so (and when the window is focused). */
  active: boolean;
  value: string;
  /** Why the typed text is not an address (worded here), or null. */
  error: IpProblem | null;
  busy: boolean;
  blocked: boolean;
  onChange: (v: string) => void;
  onSubmit: () => void;
}

/**
 * "IP address" + "Look up". Enter submits; the field has focus when the window opens — without scrolling to
 * it: the window opens at the top (at 200 % zoom the field is below the fold).
 */
export function LookupForm({ active, value, error, busy, blocked, onChange, onSubmit }: Props) {
  const { w } = useWords();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!active) return;
    const focus = (): void => {
      if (document.visibilityState === 'visible') input.current?.focus({ preventScroll: true });
    };
    // A profile switch re-mounts the view: focus stays on the title bar's picker the user is changing (issue 27,
    // WCAG 3.2.2: choosing an option does not move focus away; arrowing on to the next profile keeps working).
    if (!document.activeElement?.matches('select.profile-picker')) focus();
    window.addEventListener('focus', focus);
    return () => window.removeEventListener('focus', focus);
  }, [active]);

  return (
    <form
      className="lookup-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="ip-input">{w.uiLookup.ipLabel}</label>
      <div className="lookup-row">
        <input
          ref={input}
          id="ip-input"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={w.uiLookup.ipPlaceholder}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={error ? 'ip-error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" disabled={busy || blocked}>
          {w.uiLookup.lookUp}
        </button>
      </div>
      <p id="ip-error" className="field-error" aria-live="assertive">
        {error ? w.outcome.ipProblem(error) : ''}
      </p>
    </form>
  );
}
