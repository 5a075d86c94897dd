import { useId, useRef, useState } from 'react';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { KeychainStatus, SaveKeyOutcome } from '../../../shared/ipc';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useApi } from '../api-context';

interface Props {
  keychain: KeychainStatus;
  /** Show the "Base URL" field (onboarding); omitted when replacing the key in Settings. */
  baseUrl?: string;
  submitLabel?: string;
  onSaved: (r: Extract<SaveKeyOutcome, { kind: 'saved' }>) => void;
  onCancel?: () => void;
}

/** Keys never contain whitespace: pasted spaces and line breaks are dropped. */
const clean = (s: string): string => s.replace(/\s+/g, '');

/** Base URL + API key + Save, with the verify / session-only follow-ups. The key is sent once, then cleared. */
export function KeyForm({ keychain, baseUrl, submitLabel = 'Save', onSaved, onCancel }: Props) {
  const api = useApi();
  const id = useId();
  const [url, setUrl] = useState(baseUrl ?? '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [key, setKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [show, setShow] = useState(false);
  const [sessionOnly, setSessionOnly] = useState(false);
  const [noKeychain, setNoKeychain] = useState<string | null>(
    keychain.available ? null : (keychain.message ?? 'No system keychain found.'),
  );
  /** A problem of neither field (the service's own trouble; the base URL when this form has no such field). */
  const [formError, setFormError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<string | null>(null);
  /** What Save is doing: checking the key with the service, or only saving it ("Save without verifying"). */
  const [busyWith, setBusyWith] = useState<'check' | 'save' | null>(null);
  const busy = busyWith !== null;
  const withUrl = baseUrl !== undefined;
  const confirmGroup = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEscapeToClose(confirm !== null, () => setConfirm(null));
  useConfirmFocus(confirm !== null, confirmGroup, submitButton);

  const save = async (verify: 'free' | 'spend' | 'skip'): Promise<void> => {
    let normalized: string | undefined;
    if (withUrl) {
      const r = normalizeBaseUrl(url);
      setUrlError(r.ok ? null : r.message);
      if (!r.ok) return;
      normalized = r.url;
    }
    if (key === '') {
      setKeyError('Enter your API key.');
      return;
    }
    if (noKeychain !== null && !sessionOnly) {
      setKeyError(
        'There is no keychain to store the key in: tick “Keep the key in memory for this session only” to continue.',
      );
      return;
    }
    setKeyError(null);
    setUrlError(null);
    setFormError(null);
    setBusyWith(verify === 'skip' ? 'save' : 'check');
    let r: SaveKeyOutcome;
    try {
      r = await api.saveKey({
        key,
        verify,
        ...(normalized !== undefined ? { baseUrl: normalized } : {}),
        ...(sessionOnly ? { sessionOnly: true } : {}),
      });
    } catch {
      r = { kind: 'rejected', message: 'Lookup Tray could not save the key. Try again.' };
    }
    setBusyWith(null);
    setConfirm(null);
    if (r.kind === 'saved') {
      setKey('');
      onSaved(r);
    } else if (r.kind === 'needs-confirmation') setConfirm(r.message || 'Verifying uses 1 request of your quota.');
    else if (r.kind === 'no-keychain') setNoKeychain(r.message);
    else if (r.field === 'key') setKeyError(r.message);
    else if (r.field === 'baseUrl' && withUrl) setUrlError(r.message);
    else setFormError(r.message);
  };

  return (
    <form
      className="key-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save('free');
      }}
    >
      {withUrl && (
        <div className="field">
          <label htmlFor={`${id}-url`}>Base URL</label>
          <input
            id={`${id}-url`}
            type="url"
            inputMode="url"
            placeholder="https://api.example.com"
            autoComplete="off"
            spellCheck={false}
            value={url}
            aria-invalid={urlError !== null}
            aria-describedby={`${id}-url-err`}
            onChange={(e) => setUrl(e.target.value)}
          />
          <p id={`${id}-url-err`} className="field-error" aria-live="polite">
            {urlError ?? ''}
          </p>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-key`}>API key</label>
        <div className="key-row">
          <input
            id={`${id}-key`}
            type={show ? 'text' : 'password'}
            autoComplete="off"
            spellCheck={false}
            value={key}
            aria-invalid={keyError !== null}
            aria-describedby={`${id}-key-err ${id}-where`}
            onChange={(e) => setKey(clean(e.target.value))}
            autoFocus={!withUrl}
          />
          <button type="button" className="secondary" aria-pressed={show} onClick={() => setShow((s) => !s)}>
            {show ? 'Hide' : 'Show'}
          </button>
        </div>
        <p id={`${id}-key-err`} className="field-error" aria-live="polite">
          {keyError ?? ''}
        </p>
        <p id={`${id}-where`} className="hint">
          {noKeychain !== null
            ? 'Never written to disk in plain text.'
            : keychain.store === 'memory'
              ? 'Kept in memory for this preview session; forgotten when it stops. It is only ever sent to this service.'
              : 'Stored in your system keychain (GNOME Keyring / KWallet, macOS Keychain or Windows Credential Manager). It is only ever sent to this service.'}
        </p>
      </div>
      {noKeychain !== null && (
        <div className="keychain-warning" role="note">
          <p>{noKeychain}</p>
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
            Keep the key in memory for this session only
          </label>
        </div>
      )}
      {formError !== null && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      {confirm !== null ? (
        <div className="confirm" role="group" aria-label="Verify the key" ref={confirmGroup} tabIndex={-1}>
          <p>{confirm}</p>
          <div className="buttons">
            <button type="button" disabled={busy} onClick={() => void save('spend')}>
              {busyWith === 'check' ? 'Checking…' : 'Verify (uses 1 request)'}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void save('skip')}>
              {busyWith === 'save' ? 'Saving…' : 'Save without verifying'}
            </button>
          </div>
        </div>
      ) : (
        <div className="buttons">
          <button ref={submitButton} type="submit" disabled={busy}>
            {busy ? 'Checking…' : submitLabel}
          </button>
          {onCancel && (
            <button type="button" className="secondary" onClick={onCancel}>
              Cancel
            </button>
          )}
        </div>
      )}
    </form>
  );
}
