import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSnapshot, DataInfo } from '../../../shared/ipc';
import { useWords } from '../words-context';
import { useApi } from '../api-context';

/** Start of the next local day. */
function startOfTomorrow(now: number): number {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

type Confirming = null | 'cache' | 'recent';

/** Settings → Pause notifications: for an hour or until tomorrow (as the tray menu offers), or resume them. */
function PauseGroup({
  pausedUntil: until,
  onError,
  serviceNow,
}: {
  pausedUntil: number | null;
  onError: (message: string) => void;
  serviceNow: () => number;
}) {
  const api = useApi();
  const t = useWords().w.uiData.pause;
  // The core decides on its own clock whether notifications are paused: the window measures against the same one
  // (in the web preview and demo mode it is not the PC's).
  const pausedUntil = until !== null && until > serviceNow() ? until : null;
  const pause = (to: number | null): void => {
    void api.pauseNotifications({ until: to }).catch(() => onError(t.failed));
  };
  return (
    <fieldset className="group notifications-pause">
      <legend>{t.legend}</legend>
      <p className="hint" role="status">
        {pausedUntil !== null ? t.pausedUntil(pausedUntil) : t.on}
      </p>
      <div className="button-row">
        {pausedUntil !== null ? (
          <button type="button" className="secondary small" onClick={() => pause(null)}>
            {t.resume}
          </button>
        ) : (
          <>
            <button type="button" className="secondary small" onClick={() => pause(serviceNow() + 3_600_000)}>
              {t.hour}
            </button>
            <button type="button" className="secondary small" onClick={() => pause(startOfTomorrow(serviceNow()))}>
              {t.tomorrow}
            </button>
          </>
        )}
      </div>
    </fieldset>
  );
}

/**
 * The end of Settings: pausing notifications (as the tray menu does), clearing the cache and the recent list
 * (each says what it frees and asks first), and the way to About.
 */
export function DataSection({
  snapshot,
  onAbout,
  serviceNow,
}: {
  snapshot: AppSnapshot;
  onAbout?: (() => void) | undefined;
  serviceNow: () => number;
}) {
  const api = useApi();
  const { w } = useWords();
  const t = w.uiData;
  const [info, setInfo] = useState<DataInfo | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    try {
      setInfo(await api.getDataInfo());
    } catch {
      setStatus(t.notRead);
    }
  }, [api, t]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const clear = async (what: 'cache' | 'recent'): Promise<void> => {
    setBusy(true);
    try {
      const before = info;
      const after = what === 'cache' ? await api.clearCache() : await api.clearRecent();
      setInfo(after);
      setStatus(what === 'cache' ? t.clearedCache(before?.cache.answers ?? 0) : t.clearedRecent);
    } catch {
      setStatus(t.notCleared);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  const cache = info?.cache ?? { answers: 0, bytes: 0 };
  const recent = info?.recent ?? 0;
  return (
    <>
      <PauseGroup pausedUntil={snapshot.notifications.pausedUntil} onError={setStatus} serviceNow={serviceNow} />
      <fieldset className="group data-section">
        <legend>{t.legend}</legend>
        {confirming ? (
          <div
            className="confirm"
            role="group"
            aria-label={confirming === 'cache' ? t.confirmCacheLabel : t.confirmRecentLabel}
          >
            <p>{confirming === 'cache' ? t.confirmCache(cache.answers, cache.bytes) : t.confirmRecent(recent)}</p>
            <div className="button-row">
              <button type="button" className="danger small" disabled={busy} onClick={() => void clear(confirming)}>
                {confirming === 'cache' ? t.clearCache : t.clearRecent}
              </button>
              <button ref={cancelRef} type="button" className="secondary small" onClick={() => setConfirming(null)}>
                {w.uiForm.cancel}
              </button>
            </div>
          </div>
        ) : (
          <div className="button-row">
            <button
              type="button"
              className="secondary small"
              disabled={!info || cache.answers === 0}
              onClick={() => {
                setStatus(null);
                setConfirming('cache');
              }}
            >
              {t.clearCacheButton(cache.answers, cache.bytes)}
            </button>
            <button
              type="button"
              className="secondary small"
              disabled={!info || recent === 0}
              onClick={() => {
                setStatus(null);
                setConfirming('recent');
              }}
            >
              {t.clearRecentButton(recent)}
            </button>
          </div>
        )}
        <p className="hint" role="status">
          {status ?? ''}
        </p>
        {onAbout && (
          <button type="button" className="link" onClick={onAbout}>
            {t.about}
          </button>
        )}
      </fieldset>
    </>
  );
}
