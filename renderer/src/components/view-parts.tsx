/**
 * Parts the History and Report views share: the line that says the view could not be loaded (with Try again), and
 * the export buttons with the saved (or failed) message below them.
 */
import { useState } from 'react';
import { deliver } from '../deliver';
import type { SaveOutcome } from '../../../shared/save';
import { useWords } from '../words-context';

/** "The history could not be loaded. Try again": an alert, its button loading the view again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  const { w } = useWords();
  return (
    <p className="error" role="alert">
      {what}{' '}
      <button type="button" className="link" onClick={onRetry}>
        {w.uiNav.tryAgain}
      </button>
    </p>
  );
}

type Saving = { phase: 'idle' } | { phase: 'busy'; id: string } | { phase: 'done'; message: string; failed: boolean };

/**
 * A button per format that saves the file through the core (the web preview hands its download to the browser),
 * disabled while one saves, and what the save said below them.
 */
export function ExportButtons<F extends string>(props: {
  className: string;
  /** Words before the buttons ("Export report:"), if any. */
  lead?: string;
  formats: readonly { id: F; label: string }[];
  small?: boolean;
  /** The labels are the formats' own names ("CSV", "HTML"): shown as they are (translate="no"). */
  names?: boolean;
  save: (format: F) => Promise<SaveOutcome>;
}) {
  const { w } = useWords();
  const [saving, setSaving] = useState<Saving>({ phase: 'idle' });
  const save = async (id: F): Promise<void> => {
    setSaving({ phase: 'busy', id });
    try {
      const r = await props.save(id);
      setSaving({ phase: 'done', message: deliver(r, w.uiSaved), failed: !r.saved });
    } catch {
      setSaving({ phase: 'done', message: w.uiHistory.exportFailed, failed: true });
    }
  };
  return (
    <div className={props.className}>
      <div className="buttons">
        {props.lead && <span className="hint">{props.lead}</span>}
        {props.formats.map(({ id, label }) => (
          <button
            key={id}
            type="button"
            className={props.small ? 'secondary small' : 'secondary'}
            disabled={saving.phase === 'busy'}
            translate={props.names && !(saving.phase === 'busy' && saving.id === id) ? 'no' : undefined}
            onClick={() => void save(id)}
          >
            {saving.phase === 'busy' && saving.id === id ? w.uiHistory.exporting : label}
          </button>
        ))}
      </div>
      {saving.phase === 'done' && (
        <p className={saving.failed ? 'field-error' : 'hint'} role="status">
          {saving.message}
        </p>
      )}
    </div>
  );
}
