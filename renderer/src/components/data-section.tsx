import { useCallback, useEffect, useRef, useState } from 'react';
import type { AppSnapshot, DataInfo } from '../../../shared/ipc';
import { formatCountOf, formatLocalTime } from '../format';
import { useApi } from '../api-context';

/** "312 bytes", "1.2 kB", "180 kB", "2.4 MB" (decimal, as file managers show sizes). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  if (bytes < 10_000) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e6) return `${Math.round(bytes / 1e3)} kB`;
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

const plural = (n: number, one: string, many: string) => formatCountOf(n, one, many);

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
  // The core decides on its own clock whether notifications are paused: the window measures against the same one
  // (in the web preview and demo mode it is not the PC's).
  const pausedUntil = until !== null && until > serviceNow() ? until : null;
  const pause = (to: number | null): void => {
    void api.pauseNotifications({ until: to }).catch(() => onError('Could not change the pause. Try again.'));
  };
  return (
    <fieldset className="group notifications-pause">
      <legend>Pause notifications</legend>
      <p className="hint" role="status">
        {pausedUntil !== null ? `Paused until ${formatLocalTime(pausedUntil)}.` : 'Notifications are on.'}
      </p>
      <div className="button-row">
        {pausedUntil !== null ? (
          <button type="button" className="secondary small" onClick={() => pause(null)}>
            Resume notifications
          </button>
        ) : (
          <>
            <button type="button" className="secondary small" onClick={() => pause(serviceNow() + 3_600_000)}>
              Pause for 1 hour
            </button>
            <button type="button" className="secondary small" onClick={() => pause(startOfTomorrow(serviceNow()))}>
              Pause until tomorrow
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
  const [info, setInfo] = useState<DataInfo | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    try {
      setInfo(await api.getDataInfo());
    } catch {
      setStatus('Could not read what is stored. Try again.');
    }
  }, [api]);
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
      setStatus(
        what === 'cache'
          ? `Cleared ${plural(before?.cache.answers ?? 0, 'cached answer', 'cached answers')}.`
          : 'Cleared the recent list. The answers stay cached.',
      );
    } catch {
      setStatus('Could not clear it. Try again.');
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
        <legend>Data</legend>
        {confirming ? (
          <div
            className="confirm"
            role="group"
            aria-label={confirming === 'cache' ? 'Confirm clear cache' : 'Confirm clear recent list'}
          >
            <p>
              {confirming === 'cache'
                ? `Remove ${plural(cache.answers, 'cached answer', 'cached answers')} (${formatBytes(cache.bytes)})? Looking those addresses up again uses requests.`
                : `Remove ${plural(recent, 'address', 'addresses')} from the recent list? Their answers stay cached.`}
            </p>
            <div className="button-row">
              <button type="button" className="danger small" disabled={busy} onClick={() => void clear(confirming)}>
                {confirming === 'cache' ? 'Clear cache' : 'Clear recent list'}
              </button>
              <button ref={cancelRef} type="button" className="secondary small" onClick={() => setConfirming(null)}>
                Cancel
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
              Clear cache ({plural(cache.answers, 'answer', 'answers')}, {formatBytes(cache.bytes)})
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
              Clear recent list ({plural(recent, 'address', 'addresses')})
            </button>
          </div>
        )}
        <p className="hint" role="status">
          {status ?? ''}
        </p>
        {onAbout && (
          <button type="button" className="link" onClick={onAbout}>
            About Lookup Tray
          </button>
        )}
      </fieldset>
    </>
  );
}
