import { useEffect, useRef } from 'react';
import { useAction } from '../use-action';
import type { AppSnapshot } from '../../../shared/ipc';
import { KeyForm } from './key-form';
import { KeyOriginNote, LegacyKeyNote } from './key-origin-note';
import { useApi } from '../api-context';

/** First run: base URL + API key, or the demo. */
export function Onboarding({ snapshot, onDone }: { snapshot: AppSnapshot; onDone: (s: AppSnapshot) => void }) {
  const api = useApi();
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
      <h1>Welcome to Lookup Tray</h1>
      <p className="lead">Look up IP addresses and keep an eye on your API quota — before it runs out.</p>
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
        <span>or</span>
      </div>
      <div className="demo-offer">
        <p>No key yet? Try it against a built-in simulated service. Nothing is sent anywhere.</p>
        <button
          type="button"
          className="secondary"
          disabled={demoBusy}
          onClick={() => run(() => api.startDemo().then(done), 'The demo could not start. Try again.')}
        >
          Try demo
        </button>
        {demoError && <p className="field-error">{demoError}</p>}
      </div>
    </main>
  );
}
