import { useId, useRef, useState } from 'react';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { KeychainStatus, SaveKeyOutcome } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { useWords } from '../words-context';
import type { KeyProblem } from '../../../shared/key-facts';
import type { Words } from '../../../shared/i18n';

interface Props {
  keychain: KeychainStatus;
  /** Show the "Base URL" field (onboarding); omitted when replacing the key in Settings. */
  baseUrl?: string;
  submitLabel?: string;
  onSaved: (r: Extract<SaveKeyOutcome, { kind: 'saved' }>) => void;
  onCancel?: () => void;
}

/** A key's problem in the window's words (an outcome's or a setting's problem quoted in the same language). */
export function keyProblemText(w: Words, p: KeyProblem): string {
  return w.uiKey.problem(p, {
    outcome: (o) => w.outcome.message(o),
    setting: (x) => w.settingProblem.say(x, 'window'),
  });
}

/** Keys never contain whitespace: pasted spaces and line breaks are dropped. */
const clean = (s: string): string => s.replace(/\s+/g, '');

/** The problems of the form: next to the base URL, next to the key, and of neither (the service's own trouble). */
interface KeyErrors {
  url: KeyProblem | null;
  key: KeyProblem | null;
  form: KeyProblem | null;
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
  /** The keychain cannot keep the key (its words: uiKey.noKeychain). */
  const [noKeychain, setNoKeychain] = useState(!keychain.available);
  /** Verifying would spend a request: asked first (uiKey.verifyCosts). */
  const [confirm, setConfirm] = useState(false);
  /** What Save is doing: checking the key with the service, or only saving it ("Save without verifying"). */
  const [busyWith, setBusyWith] = useState<'check' | 'save' | null>(null);
  const showError = (field: keyof KeyErrors, problem: KeyProblem | null): void =>
    setErrors((e) => ({ ...e, [field]: problem }));

  const save = async (verify: 'free' | 'spend' | 'skip', entry: KeyEntry): Promise<void> => {
    let normalized: string | undefined;
    if (entry.url !== undefined) {
      const r = normalizeBaseUrl(entry.url);
      showError('url', r.ok ? null : { kind: 'setting', problem: { kind: 'base-url', why: r.why } });
      if (!r.ok) return;
      normalized = r.url;
    }
    if (entry.key === '') {
      showError('key', { kind: 'key-empty' });
      return;
    }
    if (noKeychain && !entry.sessionOnly) {
      showError('key', { kind: 'tick-session-only' });
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
      r = { kind: 'rejected', problem: { kind: 'not-saved' } };
    }
    setBusyWith(null);
    setConfirm(false);
    if (r.kind === 'saved') onSaved(r);
    else if (r.kind === 'needs-confirmation') setConfirm(true);
    else if (r.kind === 'no-keychain') setNoKeychain(true);
    else if (r.field === 'key') showError('key', r.problem);
    else if (r.field === 'baseUrl' && entry.url !== undefined) showError('url', r.problem);
    else showError('form', r.problem);
  };

  return { errors, noKeychain, confirm, cancelConfirm: () => setConfirm(false), busyWith, save };
}

/** Base URL + API key + Save, with the verify / session-only follow-ups. The key is sent once, then cleared. */
export function KeyForm({ keychain, baseUrl, submitLabel, onSaved, onCancel }: Props) {
  const id = useId();
  const { w } = useWords();
  const t = w.uiKey;
  const say = (p: KeyProblem | null): string | null => p && keyProblemText(w, p);
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
  useEscapeToClose(confirm, cancelConfirm);
  useConfirmFocus(confirm, confirmGroup, submitButton);
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
      {withUrl && <UrlField id={id} label={t.baseUrl} value={url} error={say(errors.url)} onChange={setUrl} />}
      <KeyField
        id={id}
        value={key}
        error={say(errors.key)}
        autoFocus={!withUrl}
        where={
          noKeychain ? t.keptWhere.nowhere : keychain.store === 'memory' ? t.keptWhere.preview : t.keptWhere.keychain
        }
        onChange={(v) => setKey(clean(v))}
      />
      {noKeychain && (
        <div className="keychain-warning" role="note">
          <p>{t.noKeychain}</p>
          <label className="check">
            <input type="checkbox" checked={sessionOnly} onChange={(e) => setSessionOnly(e.target.checked)} />
            {t.sessionOnly}
          </label>
        </div>
      )}
      {errors.form !== null && (
        <p className="field-error" role="alert">
          {say(errors.form)}
        </p>
      )}
      {confirm ? (
        <div className="confirm" role="group" aria-label={t.verifyLabel} ref={confirmGroup} tabIndex={-1}>
          <p>{t.verifyCosts}</p>
          <div className="buttons">
            <button type="button" disabled={busy} onClick={() => send('spend')}>
              {busyWith === 'check' ? t.checking : t.verifySpend}
            </button>
            <button type="button" className="secondary" disabled={busy} onClick={() => send('skip')}>
              {busyWith === 'save' ? t.saving : t.saveUnverified}
            </button>
          </div>
        </div>
      ) : (
        <div className="buttons">
          <button ref={submitButton} type="submit" disabled={busy}>
            {busy ? t.checking : (submitLabel ?? t.save)}
          </button>
          {onCancel && (
            <button type="button" className="secondary" onClick={onCancel}>
              {w.uiForm.cancel}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

function UrlField({
  id,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (v: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={`${id}-url`}>{label}</label>
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
  const t = useWords().w.uiKey;
  return (
    <div className="field">
      <label htmlFor={`${id}-key`}>{t.key}</label>
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
          {show ? t.hide : t.show}
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
