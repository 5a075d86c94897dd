import { useEffect, useState } from 'react';
import type { UpdateStatus } from '../../../shared/ipc';
import { wordsFor } from '../../../shared/i18n';
import type { UiUpdateWords } from '../../../shared/i18n/words';
import { CheckField } from './fields';
import { useApi } from '../api-context';
import { useWords } from '../words-context';

/**
 * The update status, kept current from the main process (`update-status`), re-drawn every 30 s for its "5 min ago".
 * Its instants are the core's clock: the age is measured against `serviceNow` (the same "now" as the rest of the
 * window: use-app-state.ts), never the PC's clock, which differs in demo mode and wherever the service's clock does.
 */
function useUpdateStatus(serviceNow: () => number): [UpdateStatus | null, (s: UpdateStatus) => void, number] {
  const api = useApi();
  const [status, setStatus] = useState<UpdateStatus | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const off = api.onUpdateStatus((s) => setStatus(s));
    void api.getUpdateStatus().then(
      (s) => live && setStatus((prev) => prev ?? s),
      () => {},
    );
    const tick = setInterval(() => setTick((n) => n + 1), 30_000);
    return () => {
      live = false;
      off();
      clearInterval(tick);
    };
  }, [api]);
  return [status, setStatus, serviceNow()];
}

/**
 * The words of Settings → App's update controls that depend on this copy: the checkbox's hint (none when updates are
 * off; an unsigned build only announces new versions) and, once an unsigned build heard of one, its "Download" link.
 */
export function updateControlWords(
  s: UpdateStatus | null,
  t: UiUpdateWords = wordsFor('en').w.uiUpdate,
): {
  hint: string | undefined;
  download: { label: string; url: string } | null;
} {
  if (s?.phase === 'off') return { hint: undefined, download: null };
  const download =
    s?.phase === 'available' && s.version && s.releaseUrl ? { label: t.available(s.version), url: s.releaseUrl } : null;
  return { hint: s?.noticeOnly ? t.noticeOnly : t.installsHint, download };
}

interface Props {
  /** Settings → App's draft value of "Check for updates automatically" (saved with the other settings). */
  checked: boolean;
  error?: string | undefined;
  onChange: (v: boolean) => void;
  /** "Now" on the core's clock. */
  serviceNow: () => number;
}

/** What a button of the controls could not do (worded by uiUpdate). */
type Said = 'couldNotCheck' | 'couldNotOpen' | 'couldNotRestart' | 'held' | 'nothing';

/**
 * Settings → App: "Check for updates automatically", "Check now" with its result in words, and "Restart to update"
 * once a new version is downloaded. What is checked and when is the main process's (electron/core/update/).
 */
export function UpdateControls({ checked, error, onChange, serviceNow }: Props) {
  const api = useApi();
  const t = useWords().w.uiUpdate;
  const [status, setStatus, now] = useUpdateStatus(serviceNow);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<Said | null>(null);
  const off = status?.phase === 'off';
  const words = updateControlWords(status, t);

  const checkNow = async (): Promise<void> => {
    setBusy(true);
    setSaid(null);
    try {
      setStatus(await api.checkForUpdates());
    } catch {
      setSaid('couldNotCheck');
    }
    setBusy(false);
  };
  const download = async (url: string): Promise<void> => {
    try {
      if (!(await api.openExternal({ url })).opened) setSaid('couldNotOpen');
    } catch {
      setSaid('couldNotOpen');
    }
  };
  const restart = async (): Promise<void> => {
    try {
      const r = await api.restartToUpdate();
      if (r.kind !== 'restarting') setSaid(r.kind);
    } catch {
      setSaid('couldNotRestart');
    }
  };
  const saidText = said === null ? null : said === 'held' ? t.held(status?.version ?? '') : t[said];

  return (
    <div className="update-controls">
      <CheckField label={t.auto} checked={checked} error={error} hint={words.hint} onChange={onChange} />
      <div className="button-row">
        <button
          type="button"
          className="secondary small"
          disabled={busy || off || status?.phase === 'checking' || status?.phase === 'downloading'}
          onClick={() => void checkNow()}
        >
          {t.checkNow}
        </button>
        {status?.phase === 'ready' && status.version && (
          <button type="button" className="small" disabled={status.heldByBulk} onClick={() => void restart()}>
            {t.restart(status.version)}
          </button>
        )}
        {words.download && (
          <button type="button" className="link" onClick={() => void download(words.download!.url)}>
            {words.download.label}
          </button>
        )}
      </div>
      <p className="hint" role="status" aria-live="polite">
        {saidText ?? (status ? t.status(status, now) : '')}
      </p>
    </div>
  );
}

/** About: the update status in words, and the last failure (failures are never notifications). */
export function UpdateStatusLine({ serviceNow }: { serviceNow: () => number }) {
  const t = useWords().w.uiUpdate;
  const [status, , now] = useUpdateStatus(serviceNow);
  if (!status) return null;
  return (
    <p className={status.phase === 'failed' ? 'hint error-text' : 'hint'} data-testid="about-update">
      {t.status(status, now)}
    </p>
  );
}
