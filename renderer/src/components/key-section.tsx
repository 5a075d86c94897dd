import { useRef, useState } from 'react';
import type { AppSnapshot } from '../../../shared/ipc';
import { ConfirmBox } from './confirm-box';
import { KeyForm } from './key-form';
import { KeyOriginNote, LegacyKeyNote } from './key-origin-note';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useFading } from '../use-fading';
import { useApi } from '../api-context';
import { useAction } from '../use-action';
import { useWords } from '../words-context';
import type { KeySaved } from '../../../shared/key-facts';

/** Where the key really is (the web preview without --keychain has no keychain behind it at all). */
function where(snapshot: AppSnapshot): 'keychain' | 'none' | 'preview' | 'session' {
  const { storage } = snapshot.key;
  if (storage === 'keychain' || storage === 'none') return storage;
  return snapshot.keychain.store === 'memory' ? 'preview' : 'session';
}

/** Demo mode's key section: the demo's key is built in; "Leave demo" to enter one's own. */
function DemoKeyGroup({ onChanged }: { onChanged: () => void }) {
  const api = useApi();
  const t = useWords().w.uiKey;
  const { busy: leaving, error: message, run } = useAction();
  return (
    <fieldset className="group key-section">
      <legend>{t.legend}</legend>
      <p className="hint">{t.demoHint}</p>
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
          onClick={() => run(() => api.stopDemo().then(onChanged), t.leaveDemoFailed)}
        >
          {t.leaveDemo}
        </button>
      </div>
    </fieldset>
  );
}

/** The key as the renderer may know it: masked, where it lives; replace or remove. */
export function KeySection({ snapshot, onChanged }: { snapshot: AppSnapshot; onChanged: () => void }) {
  const api = useApi();
  const { w } = useWords();
  const t = w.uiKey;
  const [mode, setMode] = useState<'view' | 'replace' | 'confirm-remove'>('view');
  const [removeFailed, setRemoveFailed] = useState(false);
  /** "Key saved …": fades after a while (a failure stays). */
  const [saved, setSaved] = useState<KeySaved | null>(null);
  const savedText = saved ? t.saved(saved) : null;
  useFading(savedText, () => setSaved(null));
  const message = removeFailed ? t.removeFailed : null;
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
      <legend>{t.legend}</legend>
      {key.hasKey ? (
        <p>
          <code className="masked" translate="no">
            {key.masked}
          </code>
          {' — '}
          {t.where[where(snapshot)]}.
        </p>
      ) : key.savedFor ? (
        <KeyOriginNote keyInfo={key} baseUrl={snapshot.settings.baseUrl} />
      ) : key.legacy ? (
        <LegacyKeyNote keyInfo={key} baseUrl={snapshot.settings.baseUrl} onUsed={onChanged} />
      ) : (
        <p>{t.noKey}</p>
      )}
      {(message ?? savedText) && (
        <p className="hint" role="status">
          {message ?? savedText}
        </p>
      )}
      {mode === 'view' && (
        <div className="buttons">
          <button ref={replaceButton} type="button" className="secondary" onClick={() => setMode('replace')}>
            {key.hasKey ? t.replace : t.add}
          </button>
          {key.hasKey && (
            <button
              ref={removeButton}
              type="button"
              className="secondary danger"
              onClick={() => setMode('confirm-remove')}
            >
              {t.remove}
            </button>
          )}
        </div>
      )}
      {mode === 'replace' && (
        <>
          {key.hasKey && <p className="hint">{t.replaceHint}</p>}
          <KeyForm
            keychain={snapshot.keychain}
            submitLabel={t.saveNew}
            onCancel={() => setMode('view')}
            onSaved={(r) => {
              setMode('view');
              setRemoveFailed(false);
              setSaved(r.said);
              onChanged();
            }}
          />
        </>
      )}
      {mode === 'confirm-remove' && (
        <ConfirmBox
          label={t.confirmRemoveLabel}
          action={t.remove}
          cancelRef={cancelRemove}
          onCancel={() => setMode('view')}
          onConfirm={() => {
            void api.removeKey().then(
              () => {
                setMode('view');
                onChanged();
              },
              () => setRemoveFailed(true),
            );
          }}
        >
          <p>{t.confirmRemove(key.storage === 'keychain' ? 'keychain' : 'memory')}</p>
        </ConfirmBox>
      )}
    </fieldset>
  );
}
