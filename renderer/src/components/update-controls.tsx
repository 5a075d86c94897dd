import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../shared/ipc';
import { availableLabel, NOTICE_ONLY_TEXT, restartLabel, updateStatusText } from '../../../shared/update';
import { CheckField } from './fields';
import { useApi } from '../api-context';

/** The update status, kept current from the main process (`update-status`), and a clock for its "5 min ago". */
function useUpdateStatus(): [UpdateStatus | null, (s: UpdateStatus) => void, number] {
  const api = useApi();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let live = true;
    const off = api.onUpdateStatus((s) => setStatus(s));
    void api.getUpdateStatus().then(
      (s) => live && setStatus((prev) => prev ?? s),
      () => {},
    );
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      live = false;
      off();
      clearInterval(tick);
    };
  }, [api]);
  return [status, setStatus, now];
}

const INSTALLS_HINT = 'A few times a day; a new version downloads in the background and installs on restart.';

/**
 * The words of Settings → App's update controls that depend on this copy: the checkbox's hint (none when updates are
 * off; an unsigned build only announces new versions) and, once an unsigned build heard of one, its "Download" link.
 */
export function updateControlWords(s: UpdateStatus | null): {
  hint: string | undefined;
  download: { label: string; url: string } | null;
} {
  if (s?.phase === 'off') return { hint: undefined, download: null };
  const download =
    s?.phase === 'available' && s.version && s.releaseUrl
      ? { label: availableLabel(s.version), url: s.releaseUrl }
      : null;
  return { hint: s?.noticeOnly ? NOTICE_ONLY_TEXT : INSTALLS_HINT, download };
}

interface Props {
  /** Settings → App's draft value of "Check for updates automatically" (saved with the other settings). */
  checked: boolean;
  error?: string | undefined;
  onChange: (v: boolean) => void;
}

/**
 * Settings → App: "Check for updates automatically", "Check now" with its result in words, and "Restart to update"
 * once a new version is downloaded. What is checked and when is the main process's (electron/core/update/).
 */
export function UpdateControls({ checked, error, onChange }: Props) {
  const api = useApi();
  const [status, setStatus, now] = useUpdateStatus();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const off = status?.phase === 'off';
  const words = updateControlWords(status);

  const checkNow = async (): Promise<void> => {
    setBusy(true);
    setSaid(null);
    try {
      setStatus(await api.checkForUpdates());
    } catch {
      setSaid('Could not check for updates. Try again later.');
    }
    setBusy(false);
  };
  const download = async (url: string): Promise<void> => {
    try {
      if (!(await api.openExternal({ url })).opened) setSaid('Could not open the release page.');
    } catch {
      setSaid('Could not open the release page.');
    }
  };
  const restart = async (): Promise<void> => {
    try {
      const r = await api.restartToUpdate();
      if (r.kind !== 'restarting') setSaid(r.message);
    } catch {
      setSaid('Could not restart. Quit Lookup Tray to install the update.');
    }
  };

  return (
    <div className="update-controls">
      <CheckField
        label="Check for updates automatically"
        checked={checked}
        error={error}
        hint={words.hint}
        onChange={onChange}
      />
      <div className="button-row">
        <button
          type="button"
          className="secondary small"
          disabled={busy || off || status?.phase === 'checking' || status?.phase === 'downloading'}
          onClick={() => void checkNow()}
        >
          Check now
        </button>
        {status?.phase === 'ready' && status.version && (
          <button type="button" className="small" disabled={status.heldByBulk} onClick={() => void restart()}>
            {restartLabel(status.version)}
          </button>
        )}
        {words.download && (
          <button type="button" className="link" onClick={() => void download(words.download!.url)}>
            {words.download.label}
          </button>
        )}
      </div>
      <p className="hint" role="status" aria-live="polite">
        {said ?? (status ? updateStatusText(status, now) : '')}
      </p>
    </div>
  );
}

/** About: the update status in words, and the last failure (failures are never notifications). */
export function UpdateStatusLine() {
  const [status, , now] = useUpdateStatus();
  if (!status) return null;
  return (
    <p className={status.phase === 'failed' ? 'hint error-text' : 'hint'} data-testid="about-update">
      {updateStatusText(status, now)}
    </p>
  );
}
