import { useRef, useState, type RefObject } from 'react';
import type { AppSnapshot, ProfileChangeOutcome, ProfileInfo } from '../../../shared/ipc';
import { formatCount } from '../format';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
import { ConfirmBox } from './confirm-box';
import { TextField } from './fields';
import { useApi } from '../api-context';

/** "812 of 1,000 left this month" or what is known. */
export function profileMonthLine(p: ProfileInfo): string {
  if (!p.baseUrl) return 'No service set up yet';
  if (!p.month) return 'No figures yet';
  return `${formatCount(p.month.remaining)} of ${formatCount(p.month.limit)} left this month`;
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
  return (
    <div className="buttons">
      <button type="submit" disabled={busy}>
        {label}
      </button>
      <button type="button" className="secondary" onClick={onCancel}>
        Cancel
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
  return (
    <li className={p.active ? 'active' : undefined}>
      <div className="profile-text">
        <strong>{p.label}</strong>
        {p.active && <span className="in-use"> · in use</span>}
        <br />
        <span className="hint">
          {p.baseUrl ? hostOf(p.baseUrl) : '—'} · {profileMonthLine(p)}
        </span>
      </div>
      {actions && (
        <div className="buttons">
          {!p.active && (
            <button
              type="button"
              className="secondary small"
              aria-label={`Use ${p.label}`}
              disabled={busy}
              onClick={onUse}
            >
              Use
            </button>
          )}
          <button type="button" className="secondary small" aria-label={`Rename ${p.label}`} onClick={onRename}>
            Rename
          </button>
          {!p.active && (
            <button
              ref={removeRef}
              type="button"
              className="secondary small danger"
              aria-label={`Remove ${p.label}`}
              onClick={onRemove}
            >
              Remove
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
  return (
    <form
      noValidate
      aria-label="Add a profile"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(name, baseUrl);
      }}
    >
      <TextField label="Profile name" placeholder="Work" value={name} onChange={setName} error={error ?? undefined} />
      <TextField
        label="Base URL of its service"
        type="url"
        placeholder="https://api.example.com"
        value={baseUrl}
        onChange={setBaseUrl}
        hint="Optional now; you can set it in Service below."
      />
      <FormButtons label={busy ? 'Adding…' : 'Add and switch'} busy={busy} onCancel={onCancel} />
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
  return (
    <form
      noValidate
      aria-label="Rename the profile"
      onSubmit={(e) => {
        e.preventDefault();
        onRename(name);
      }}
    >
      <TextField label="New name" value={name} onChange={setName} error={error ?? undefined} />
      <FormButtons label="Rename" busy={busy} onCancel={onCancel} />
    </form>
  );
}

/** What the section is doing (viewing, a form, a confirmation), and a profile change run with its outcome said. */
function useProfileChange(onChanged: (s: AppSnapshot) => void) {
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (change: Promise<ProfileChangeOutcome>, done: string): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const r = await change;
      if (r.kind === 'invalid') setError(r.message);
      else {
        setMode({ kind: 'view' });
        setMessage(done);
        onChanged(r.snapshot);
      }
    } catch {
      setError('The change could not be made. Try again.');
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
  const { mode, setMode, error, setError, message, setMessage, busy, run, close } = useProfileChange(onChanged);
  const cancelRemove = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const confirming = mode.kind === 'confirm-remove';
  useEscapeToClose(mode.kind !== 'view', () => setMode({ kind: 'view' }));
  useConfirmFocus(confirming, cancelRemove, opener);

  if (snapshot.demo.active) return null;

  return (
    <fieldset className="group profiles">
      <legend>Profiles</legend>
      <p className="hint">
        Each profile has its own service, key, warning levels and notifications — e.g. a personal and a work key.
      </p>
      <ul className="profile-list">
        {snapshot.profiles.map((p) => (
          <ProfileRow
            key={p.name}
            profile={p}
            actions={mode.kind === 'view'}
            busy={busy}
            removeRef={opener}
            onUse={() => void run(api.switchProfile({ name: p.name }), `Now using ${p.label}.`)}
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
            Add profile
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
              api.addProfile({ name, ...(baseUrl.trim() ? { baseUrl } : {}) }),
              `Added ${name.trim()} and switched to it: enter its API key above.`,
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
          onRename={(to) => void run(api.renameProfile({ from: mode.name, to }), `Renamed to ${to.trim()}.`)}
        />
      )}
      {mode.kind === 'confirm-remove' && (
        <ConfirmBox
          label="Confirm removing the profile"
          action="Remove profile"
          busy={busy}
          error={error}
          cancelRef={cancelRemove}
          onCancel={close}
          onConfirm={() => void run(api.removeProfile({ name: mode.name }), `Removed ${mode.label}.`)}
        >
          <p>
            Remove the profile {mode.label}? Its API key is deleted from the keychain, and its quota figures, history
            and cached lookups are forgotten. This cannot be undone.
          </p>
        </ConfirmBox>
      )}
    </fieldset>
  );
}
