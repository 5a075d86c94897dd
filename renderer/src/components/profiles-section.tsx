import { useRef, useState, type RefObject } from 'react';
import type { AppSnapshot, ProfileChangeOutcome, ProfileInfo } from '../../../shared/ipc';
import { wordsFor } from '../../../shared/i18n';
import type { UiProfilesWords } from '../../../shared/i18n/words';
import { profileNameProblem, type ProfileNameProblem, type ProfileRefusal } from '../../../shared/profile-problem';
import { profileLabel } from '../../../shared/settings';
import { useWords } from '../words-context';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { ConfirmBox } from './confirm-box';
import { TextField } from './fields';
import { useApi } from '../api-context';

/** "812 of 1,000 left this month" or what is known (English unless the window's words are given). */
export function profileMonthLine(p: ProfileInfo, t: UiProfilesWords = wordsFor('en').w.uiProfiles): string {
  if (!p.baseUrl) return t.noService;
  if (!p.month) return t.noFigures;
  return t.monthLeft(p.month.remaining, p.month.limit);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

type Mode =
  | { kind: 'view' }
  | { kind: 'add' }
  | { kind: 'rename'; name: string; label: string }
  | { kind: 'confirm-remove'; name: string; label: string };

/** Submit and Cancel of the add and rename forms. */
function FormButtons({ label, busy, onCancel }: { label: string; busy: boolean; onCancel: () => void }) {
  const { w } = useWords();
  return (
    <div className="buttons">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        {w.uiForm.cancel}
      </button>
    </div>
  );
}

/** One profile: its name, service and month line; Use, Rename and Remove while no form is open. */
function ProfileRow({
  profile: p,
  actions,
  busy,
  removeRef,
  onUse,
  onRename,
  onRemove,
}: {
  profile: ProfileInfo;
  actions: boolean;
  busy: boolean;
  removeRef: RefObject<HTMLButtonElement | null>;
  onUse: () => void;
  onRename: () => void;
  onRemove: () => void;
}) {
  const t = useWords().w.uiProfiles;
  return (
    <li className={p.active ? 'active' : undefined}>
      <div className="profile-text">
        <strong translate="no">{p.label}</strong>
        {p.active && <span className="in-use">{t.inUse}</span>}
        <br />
        <span className="hint">
          <span translate="no">{p.baseUrl ? hostOf(p.baseUrl) : '—'}</span> · {profileMonthLine(p, t)}
        </span>
      </div>
      {actions && (
        <div className="buttons">
          {!p.active && (
            <button
              type="button"
              className="secondary small"
              aria-label={t.useLabel(p.label)}
              disabled={busy}
              onClick={onUse}
            >
              {t.use}
            </button>
          )}
          <button type="button" className="secondary small" aria-label={t.renameLabel(p.label)} onClick={onRename}>
            {t.rename}
          </button>
          {!p.active && (
            <button
              ref={removeRef}
              type="button"
              className="secondary small danger"
              aria-label={t.removeLabel(p.label)}
              onClick={onRemove}
            >
              {t.remove}
            </button>
          )}
        </div>
      )}
    </li>
  );
}

function AddProfileForm({
  busy,
  error,
  onAdd,
  onCancel,
}: {
  busy: boolean;
  error: string | null;
  onAdd: (name: string, baseUrl: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const t = useWords().w.uiProfiles;
  return (
    <form
      noValidate
      aria-label={t.addForm}
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(name, baseUrl);
      }}
    >
      <TextField label={t.name} placeholder="Work" value={name} onChange={setName} error={error ?? undefined} />
      <TextField
        label={t.baseUrl}
        type="url"
        placeholder="https://api.example.com"
        value={baseUrl}
        onChange={setBaseUrl}
        hint={t.baseUrlHint}
      />
      <FormButtons label={busy ? t.adding : t.addAndSwitch} busy={busy} onCancel={onCancel} />
    </form>
  );
}

function RenameProfileForm({
  label,
  busy,
  error,
  onRename,
  onCancel,
}: {
  label: string;
  busy: boolean;
  error: string | null;
  onRename: (to: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(label);
  const t = useWords().w.uiProfiles;
  return (
    <form
      noValidate
      aria-label={t.renameForm}
      onSubmit={(e) => {
        e.preventDefault();
        onRename(name);
      }}
    >
      <TextField label={t.newName} value={name} onChange={setName} error={error ?? undefined} />
      <FormButtons label={t.rename} busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** What the section is doing (viewing, a form, a confirmation), and a profile change run with its outcome said. */
function useProfileChange(onChanged: (s: AppSnapshot) => void) {
  const { w } = useWords();
  const t = w.uiProfiles;
  /** The core's refusal, a fact, in the window's words. */
  const refused = (r: ProfileRefusal): string =>
    r.kind === 'setting' ? w.settingProblem.say(r.problem, 'window') : t.refusal(r, profileLabel);
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** `problem`: what the window's own check found (worded here; nothing is sent). */
  const run = async (
    change: () => Promise<ProfileChangeOutcome>,
    done: string,
    problem: ProfileNameProblem | null = null,
  ): Promise<void> => {
    if (problem) {
      setError(t.nameProblem(problem, profileLabel));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await change();
      if (r.kind === 'invalid') setError(refused(r.problem));
      else {
        setMode({ kind: 'view' });
        setMessage(done);
        onChanged(r.snapshot);
      }
    } catch {
      setError(t.failed);
    } finally {
      setBusy(false);
    }
  };
  const close = (): void => setMode({ kind: 'view' });
  return { mode, setMode, error, setError, message, setMessage, busy, run, close };
}

/**
 * Settings → Profiles: every profile with its service and month line; use, rename, remove (after a confirmation
 * that says what goes), and add one (then its key is entered in the API key section above).
 */
export function ProfilesSection({
  snapshot,
  onChanged,
}: {
  snapshot: AppSnapshot;
  onChanged: (s: AppSnapshot) => void;
}) {
  const api = useApi();
  const t = useWords().w.uiProfiles;
  const { mode, setMode, error, setError, message, setMessage, busy, run, close } = useProfileChange(onChanged);
  const names = snapshot.profiles.map((p) => p.name);
  const cancelRemove = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const confirming = mode.kind === 'confirm-remove';
  useEscapeToClose(mode.kind !== 'view', () => setMode({ kind: 'view' }));
  useConfirmFocus(confirming, cancelRemove, opener);

  if (snapshot.demo.active) return null;

  return (
    <fieldset className="group profiles">
      <legend>{t.legend}</legend>
      <p className="hint">{t.hint}</p>
      <ul className="profile-list">
        {snapshot.profiles.map((p) => (
          <ProfileRow
            key={p.name}
            profile={p}
            actions={mode.kind === 'view'}
            busy={busy}
            removeRef={opener}
            onUse={() => void run(() => api.switchProfile({ name: p.name }), t.nowUsing(p.label))}
            onRename={() => {
              setError(null);
              setMode({ kind: 'rename', name: p.name, label: p.label });
            }}
            onRemove={() => {
              setError(null);
              setMode({ kind: 'confirm-remove', name: p.name, label: p.label });
            }}
          />
        ))}
      </ul>
      {message && mode.kind === 'view' && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
      {mode.kind === 'view' && (
        <div className="buttons">
          <button
            type="button"
            className="secondary"
            onClick={() => {
              setError(null);
              setMessage(null);
              setMode({ kind: 'add' });
            }}
          >
            {t.add}
          </button>
        </div>
      )}
      {mode.kind === 'add' && (
        <AddProfileForm
          busy={busy}
          error={error}
          onCancel={close}
          onAdd={(name, baseUrl) =>
            void run(
              () => api.addProfile({ name, ...(baseUrl.trim() ? { baseUrl } : {}) }),
              t.added(name.trim()),
              profileNameProblem(name, names),
            )
          }
        />
      )}
      {mode.kind === 'rename' && (
        <RenameProfileForm
          label={mode.label}
          busy={busy}
          error={error}
          onCancel={close}
          onRename={(to) =>
            void run(
              () => api.renameProfile({ from: mode.name, to }),
              t.renamed(to.trim()),
              to.trim() === mode.name ? null : profileNameProblem(to, names, mode.name),
            )
          }
        />
      )}
      {mode.kind === 'confirm-remove' && (
        <ConfirmBox
          label={t.confirmRemoveLabel}
          action={t.removeProfile}
          busy={busy}
          error={error}
          cancelRef={cancelRemove}
          onCancel={close}
          onConfirm={() => void run(() => api.removeProfile({ name: mode.name }), t.removed(mode.label))}
        >
          <p>{t.confirmRemove(mode.label)}</p>
        </ConfirmBox>
      )}
    </fieldset>
  );
}
