import type { ReactNode, RefObject } from 'react';
import { useWords } from '../words-context';

/**
 * An inline confirmation before something that cannot be undone: what goes (`children`), the danger button and
 * Cancel (`cancelRef`: its safe choice, focused when it opens; see useConfirmFocus).
 */
export function ConfirmBox({
  label,
  action,
  error,
  busy,
  cancelRef,
  onConfirm,
  onCancel,
  children,
}: {
  /** The group's accessible name ("Confirm removing the key"). */
  label: string;
  /** The danger button's text. */
  action: string;
  error?: string | null;
  busy?: boolean;
  cancelRef: RefObject<HTMLButtonElement | null>;
  onConfirm: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <div className="confirm" role="group" aria-label={label}>
      {children}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="buttons">
        <button type="button" className="danger" disabled={busy} onClick={onConfirm}>
          {action}
        </button>
        <button ref={cancelRef} type="button" className="secondary" onClick={onCancel}>
          {useWords().w.uiForm.cancel}
        </button>
      </div>
    </div>
  );
}
