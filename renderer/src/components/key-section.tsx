import { useRef, useState } from 'react';
import type { AppSnapshot } from '../../../shared/ipc';
import { ConfirmBox } from './confirm-box';
import { KeyForm } from './key-form';
import { KeyOriginNote, LegacyKeyNote } from './key-origin-note';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useFading } from '../use-fading';
import { useApi } from '../api-context';
import { useAction } from '../use-action';

/** Where the key really is, in words (the web preview without --keychain has no keychain behind it at all). */
function where(snapshot: AppSnapshot): string {
  const { storage } = snapshot.key;
  if (storage === 'keychain') return 'stored in your system keychain';
  if (storage === 'none') return 'not stored';
  return snapshot.keychain.store === 'memory'
    ? 'kept in memory for this preview session; forgotten when it stops'
    : 'kept in memory for this session only (it is gone when the app quits)';
}

/** Demo mode's key section: the demo's key is built in; "Leave demo" to enter one's own. */
function DemoKeyGroup({ onChanged }: { onChanged: () => void }) {
  const api = useApi();
  const { busy: leaving, error: message, run } = useAction();
  return (
    <fieldset className="group key-section">
      <legend>API key</legend>
      <p className="hint">Demo mode uses a built-in demo key. To enter your own key, leave the demo.</p>
      {message && (
        <p className="hint error-text" role="status">
          {message}
        </p>
      )}
      <div className="buttons">
        <button
          type="button"
          className="secondary"
          disabled={leaving}
          onClick={() => run(() => api.stopDemo().then(onChanged), 'The demo could not be left. Try again.')}
        >
          Leave demo
        </button>
      </div>
    </fieldset>
  );
}

/** The key as the renderer may know it: masked, where it lives; replace or remove. */
export function KeySection({ snapshot, onChanged }: { snapshot: AppSnapshot; onChanged: () => void }) {
  const api = useApi();
  const [mode, setMode] = useState<'view' | 'replace' | 'confirm-remove'>('view');
  const [message, setMessage] = useState<string | null>(null);
  /** "Key saved …": fades after a while (failures stay in `message`). */
  const [saved, setSaved] = useState<string | null>(null);
  useFading(saved, () => setSaved(null));
  const { key, demo } = snapshot;
  const removeButton = useRef<HTMLButtonElement>(null);
  const cancelRemove = useRef<HTMLButtonElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const keyFormTakesFocus = useRef<HTMLElement>(null); // the form's key field has autoFocus
  // Escape closes the key form too (it left Settings, and what was typed, before: issue 27); focus goes back.
  useEscapeToClose(mode !== 'view', () => setMode('view'));
  useConfirmFocus(mode === 'confirm-remove', cancelRemove, removeButton);
  useConfirmFocus(mode === 'replace', keyFormTakesFocus, replaceButton);

  if (demo.active) return <DemoKeyGroup onChanged={onChanged} />;

  return (
    <fieldset className="group key-section">
      <legend>API key</legend>
      {key.hasKey ? (
        <p>
          <code className="masked">{key.masked}</code> — {where(snapshot)}.
        </p>
      ) : key.savedFor ? (
        <KeyOriginNote keyInfo={key} baseUrl={snapshot.settings.baseUrl} />
      ) : key.legacy ? (
        <LegacyKeyNote keyInfo={key} baseUrl={snapshot.settings.baseUrl} onUsed={onChanged} />
      ) : (
        <p>No key saved.</p>
      )}
      {(message ?? saved) && (
        <p className="hint" role="status">
          {message ?? saved}
        </p>
      )}
      {mode === 'view' && (
        <div className="buttons">
          <button ref={replaceButton} type="button" className="secondary" onClick={() => setMode('replace')}>
            {key.hasKey ? 'Replace key' : 'Add key'}
          </button>
          {key.hasKey && (
            <button
              ref={removeButton}
              type="button"
              className="secondary danger"
              onClick={() => setMode('confirm-remove')}
            >
              Remove key
            </button>
          )}
        </div>
      )}
      {mode === 'replace' && (
        <>
          {key.hasKey && (
            <p className="hint">
              Replacing a key (for example after resetting a compromised one) drops the old key's quota figures.
            </p>
          )}
          <KeyForm
            keychain={snapshot.keychain}
            submitLabel="Save new key"
            onCancel={() => setMode('view')}
            onSaved={(r) => {
              setMode('view');
              setMessage(null);
              setSaved(r.message);
              onChanged();
            }}
          />
        </>
      )}
      {mode === 'confirm-remove' && (
        <ConfirmBox
          label="Confirm removing the key"
          action="Remove key"
          cancelRef={cancelRemove}
          onCancel={() => setMode('view')}
          onConfirm={() => {
            void api.removeKey().then(
              () => {
                setMode('view');
                onChanged();
              },
              () => setMessage('The key could not be removed. Try again.'),
            );
          }}
        >
          <p>
            Remove the key from {key.storage === 'keychain' ? 'the keychain' : 'memory'}? Lookups stop until you add a
            key again.
          </p>
        </ConfirmBox>
      )}
    </fieldset>
  );
}
