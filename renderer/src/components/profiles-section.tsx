import { useRef, useState } from 'react';
import type { AppSnapshot, ProfileChangeOutcome, ProfileInfo } from '../../../shared/ipc';
import { formatCount } from '../format';
import { useConfirmFocus, useEscapeToClose } from '../use-escape';
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
  | { kind: 'rename'; name: string }
  | { kind: 'confirm-remove'; name: string; label: string };

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
  const [mode, setMode] = useState<Mode>({ kind: 'view' });
  const [name, setName] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancelRemove = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const confirming = mode.kind === 'confirm-remove';
  useEscapeToClose(mode.kind !== 'view', () => setMode({ kind: 'view' }));
  useConfirmFocus(confirming, cancelRemove, opener);

  if (snapshot.demo.active) return null;

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

  return (
    <fieldset className="group profiles">
      <legend>Profiles</legend>
      <p className="hint">
        Each profile has its own service, key, warning levels and notifications — e.g. a personal and a work key.
      </p>
      <ul className="profile-list">
        {snapshot.profiles.map((p) => (
          <li key={p.name} className={p.active ? 'active' : undefined}>
            <div className="profile-text">
              <strong>{p.label}</strong>
              {p.active && <span className="in-use"> · in use</span>}
              <br />
              <span className="hint">
                {p.baseUrl ? hostOf(p.baseUrl) : '—'} · {profileMonthLine(p)}
              </span>
            </div>
            {mode.kind === 'view' && (
              <div className="buttons">
                {!p.active && (
                  <button
                    type="button"
                    className="secondary small"
                    disabled={busy}
                    onClick={() => void run(api.switchProfile({ name: p.name }), `Now using ${p.label}.`)}
                  >
                    Use
                  </button>
                )}
                <button
                  type="button"
                  className="secondary small"
                  aria-label={`Rename ${p.label}`}
                  onClick={() => {
                    setName(p.label);
                    setError(null);
                    setMode({ kind: 'rename', name: p.name });
                  }}
                >
                  Rename
                </button>
                {!p.active && (
                  <button
                    ref={opener}
                    type="button"
                    className="secondary small danger"
                    aria-label={`Remove ${p.label}`}
                    onClick={() => {
                      setError(null);
                      setMode({ kind: 'confirm-remove', name: p.name, label: p.label });
                    }}
                  >
                    Remove
                  </button>
                )}
              </div>
            )}
          </li>
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
              setName('');
              setBaseUrl('');
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
        <form
          noValidate
          aria-label="Add a profile"
          onSubmit={(e) => {
            e.preventDefault();
            void run(
              api.addProfile({ name, ...(baseUrl.trim() ? { baseUrl } : {}) }),
              `Added ${name.trim()} and switched to it: enter its API key above.`,
            );
          }}
        >
          <TextField
            label="Profile name"
            placeholder="Work"
            value={name}
            onChange={setName}
            error={error ?? undefined}
          />
          <TextField
            label="Base URL of its service"
            type="url"
            placeholder="https://api.example.com"
            value={baseUrl}
            onChange={setBaseUrl}
            hint="Optional now; you can set it in Service below."
          />
          <div className="buttons">
            <button type="submit" disabled={busy}>
              {busy ? 'Adding…' : 'Add and switch'}
            </button>
            <button type="button" className="secondary" onClick={() => setMode({ kind: 'view' })}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode.kind === 'rename' && (
        <form
          noValidate
          aria-label="Rename the profile"
          onSubmit={(e) => {
            e.preventDefault();
            void run(api.renameProfile({ from: mode.name, to: name }), `Renamed to ${name.trim()}.`);
          }}
        >
          <TextField label="New name" value={name} onChange={setName} error={error ?? undefined} />
          <div className="buttons">
            <button type="submit" disabled={busy}>
              Rename
            </button>
            <button type="button" className="secondary" onClick={() => setMode({ kind: 'view' })}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {mode.kind === 'confirm-remove' && (
        <div className="confirm" role="group" aria-label="Confirm removing the profile">
          <p>
            Remove the profile {mode.label}? Its API key is deleted from the keychain, and its quota figures, history
            and cached lookups are forgotten. This cannot be undone.
          </p>
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
          <div className="buttons">
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() => void run(api.removeProfile({ name: mode.name }), `Removed ${mode.label}.`)}
            >
              Remove profile
            </button>
            <button ref={cancelRemove} type="button" className="secondary" onClick={() => setMode({ kind: 'view' })}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </fieldset>
  );
}
