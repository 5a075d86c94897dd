import { useId, useRef, useState } from 'react';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { KeychainStatus, SaveKeyOutcome } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';

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

/** The messages of the form: next to the base URL, next to the key, and of neither (the service's own trouble). */
interface KeyErrors {
  url: string | null;
  key: string | null;
  form: string | null;
}
const NO_ERRORS: KeyErrors = { url: null, key: null, form: null };

/** What the form holds when Save is pressed. */
interface KeyEntry {
  key: string;
  /** The base URL as typed, or undefined when the form has no such field. */
  url: string | undefined;
  sessionOnly: boolean;
}

/**
 * Saving a key: the local checks, the call, and what follows from its answer (a confirmation to spend a request on
 * verifying it, no keychain to keep it in, or a message by field).
 */
function useKeySave(keychain: KeychainStatus, onSaved: Props['onSaved']) {
  const api = useApi();
  const [errors, setErrors] = useState<KeyErrors>(NO_ERRORS);
  const [noKeychain, setNoKeychain] = useState<string | null>(
    keychain.available ? null : (keychain.message ?? 'No system keychain found.'),
  );
  const [confirm, setConfirm] = useState<string | null>(null);
  /** What Save is doing: checking the key with the service, or only saving it ("Save without verifying"). */
  const [busyWith, setBusyWith] = useState<'check' | 'save' | null>(null);
  const showError = (field: keyof KeyErrors, message: string | null): void =>
    setErrors((e) => ({ ...e, [field]: message }));

  const save = async (verify: 'free' | 'spend' | 'skip', entry: KeyEntry): Promise<void> => {
    let normalized: string | undefined;
    if (entry.url !== undefined) {
      const r = normalizeBaseUrl(entry.url);
      showError('url', r.ok ? null : r.message);
      if (!r.ok) return;
      normalized = r.url;
    }
    if (entry.key === '') {
      showError('key', 'Enter your API key.');
      return;
    }
    if (noKeychain !== null && !entry.sessionOnly) {
      showError(
        'key',
        'There is no keychain to store the key in: tick “Keep the key in memory for this session only” to continue.',
      );
      return;
    }
    setErrors(NO_ERRORS);
    setBusyWith(verify === 'skip' ? 'save' : 'check');
    let r: SaveKeyOutcome;
    try {
      r = await api.saveKey({
        key: entry.key,
        verify,
        ...(normalized !== undefined ? { baseUrl: normalized } : {}),
        ...(entry.sessionOnly ? { sessionOnly: true } : {}),
      });
    } catch {
      r = { kind: 'rejected', message: 'Lookup Tray could not save the key. Try again.' };
    }
    setBusyWith(null);
    setConfirm(null);
    if (r.kind === 'saved') onSaved(r);
    else if (r.kind === 'needs-confirmation') setConfirm(r.message || 'Verifying uses 1 request of your quota.');
    else if (r.kind === 'no-keychain') setNoKeychain(r.message);
    else if (r.field === 'key') showError('key', r.message);
    else if (r.field === 'baseUrl' && entry.url !== undefined) showError('url', r.message);
    else showError('form', r.message);
  };

  return { errors, noKeychain, confirm, cancelConfirm: () => setConfirm(null), busyWith, save };
}

/** Base URL + API key + Save, with the verify / session-only follow-ups. The key is sent once, then cleared. */
export function KeyForm({ keychain, baseUrl, submitLabel = 'Save', onSaved, onCancel }: Props) {
  const id = useId();
  const [url, setUrl] = useState(baseUrl ?? '');
  const [key, setKey] = useState('');
  const [sessionOnly, setSessionOnly] = useState(false);
  const { errors, noKeychain, confirm, cancelConfirm, busyWith, save } = useKeySave(keychain, (r) => {
    setKey('');
    onSaved(r);
  });
  const busy = busyWith !== null;
  const withUrl = baseUrl !== undefined;
  const confirmGroup = useRef<HTMLDivElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);
  useEscapeToClose(confirm !== null, cancelConfirm);
  useConfirmFocus(confirm !== null, confirmGroup, submitButton);
  const send = (verify: 'free' | 'spend' | 'skip'): void => {
    void save(verify, { key, url: withUrl ? url : undefined, sessionOnly });
  };

  return (
    <form
      className="key-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        send('free');
      }}
    >
      {withUrl && <UrlField id={id} value={url} error={errors.url} onChange={setUrl} />}
      <KeyField
        id={id}
        value={key}
        error={errors.key}
        autoFocus={!withUrl}
        where={
          noKeychain !== null
            ? 'Never written to disk in plain text.'
            : keychain.store === 'memory'
              ? 'Kept in memory for this preview session; forgotten when it stops. It is only ever sent to this service.'
              : 'Stored in your system keychain (GNOME Keyring / KWallet, macOS Keychain or Windows Credential Manager). It is only ever sent to this service.'
        }
        onChange={(v) => setKey(clean(v))}
      />
      {noKeychain !== null && (
        <div className="keychain-warning" role="note">
          <p>{noKeychain}</p>
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
            Keep the key in memory for this session only
          </label>
        </div>
      )}
      {errors.form !== null && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      {confirm !== null ? (
        <div className="confirm" role="group" aria-label="Verify the key" ref={confirmGroup} tabIndex={-1}>
          <p>{confirm}</p>
          <div className="buttons">
            <button type="button" disabled={busy} onClick={() => send('spend')}>
              {busyWith === 'check' ? 'Checking…' : 'Verify (uses 1 request)'}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => send('skip')}>
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

function UrlField({
  id,
  value,
  error,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-url`}>Base URL</label>
      <input
        id={`${id}-url`}
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        autoComplete="off"
        spellCheck={false}
        value={value}
        aria-invalid={error !== null}
        aria-describedby={`${id}-url-err`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${id}-url-err`} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
    </div>
  );
}

/** The key, hidden as typed unless "Show" is pressed, with its message and where it is kept. */
function KeyField({
  id,
  value,
  error,
  where,
  autoFocus,
  onChange,
}: {
  id: string;
  value: string;
  error: string | null;
  where: string;
  autoFocus: boolean;
  onChange: (v: string) => void;
}) {
  const [show, setShow] = useState(false);
  return (
    <div className="field">
      <label htmlFor={`${id}-key`}>API key</label>
      <div className="key-row">
        <input
          id={`${id}-key`}
          type={show ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error !== null}
          aria-describedby={`${id}-key-err ${id}-where`}
          onChange={(e) => onChange(e.target.value)}
          autoFocus={autoFocus}
        />
        <button type="button" className="secondary" aria-pressed={show} onClick={() => setShow((s) => !s)}>
          {show ? 'Hide' : 'Show'}
        </button>
      </div>
      <p id={`${id}-key-err`} className="field-error" aria-live="polite">
        {error ?? ''}
      </p>
      <p id={`${id}-where`} className="hint">
        {where}
      </p>
    </div>
  );
}
