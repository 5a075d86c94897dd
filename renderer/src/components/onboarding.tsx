import { useEffect, useRef } from 'react';
import { useAction } from '../use-action';
import type { AppSnapshot } from '../../../shared/ipc';
import { KeyForm } from './key-form';
import { KeyOriginNote, LegacyKeyNote } from './key-origin-note';
import { useApi } from '../api-context';
import { useWords } from '../words-context';

/** First run: base URL + API key, or the demo. */
export function Onboarding({ snapshot, onDone }: { snapshot: AppSnapshot; onDone: (s: AppSnapshot) => void }) {
  const api = useApi();
  const t = useWords().w.uiKey.welcome;
  const { busy: demoBusy, error: demoError, run } = useAction();
  // The snapshot the core pushes after a save can end the first run before the save's own answer arrives; by then
  // the user may have opened Settings, and a late `onDone` would take them back to the lookup view.
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  const done = (s: AppSnapshot) => {
    if (shown.current) onDone(s);
  };

  return (
    <main className="onboarding">
      <h1>{t.title}</h1>
      <p className="lead">{t.lead}</p>
      <KeyOriginNote keyInfo={snapshot.key} baseUrl={snapshot.settings.baseUrl} />
      <LegacyKeyNote
        keyInfo={snapshot.key}
        baseUrl={snapshot.settings.baseUrl}
        onUsed={() => void api.getSnapshot().then(done, () => undefined)}
      />
      <KeyForm
        keychain={snapshot.keychain}
        baseUrl={snapshot.settings.baseUrl}
        onSaved={() => {
          void api.getSnapshot().then(done, () => undefined);
        }}
      />
      <div className="or" aria-hidden="true">
        <span>{t.or}</span>
      </div>
      <div className="demo-offer">
        <p>{t.demoOffer}</p>
        <button
          type="button"
          className="secondary"
          disabled={demoBusy}
          onClick={() => run(() => api.startDemo().then(done), t.demoFailed)}
        >
          {t.tryDemo}
        </button>
        {demoError && <p className="field-error">{demoError}</p>}
      </div>
    </main>
  );
}
