import type { KeyInfo } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useAction } from '../use-action';

/** Why there is no key although one was saved: it belongs to another service (origin) than the base URL's. */
export function KeyOriginNote({ keyInfo, baseUrl }: { keyInfo: KeyInfo; baseUrl: string }) {
  if (keyInfo.hasKey || !keyInfo.savedFor) return null;
  let now = baseUrl;
  try {
    now = new URL(baseUrl).origin;
  } catch {
    // shown as typed
  }
  return (
    <p className="notice-inline" role="note">
      Your key was saved for <strong>{keyInfo.savedFor}</strong>. The base URL now points to <strong>{now}</strong>, so
      the key is not sent there: enter it again to use it with this service.
    </p>
  );
}

/**
 * A key an earlier version saved without the service it was for (issue 33): never bound to a base URL read from a
 * file alone, so the user confirms the origin it is for, once, here.
 */
export function LegacyKeyNote({ keyInfo, baseUrl, onUsed }: { keyInfo: KeyInfo; baseUrl: string; onUsed: () => void }) {
  const api = useApi();
  const { busy, error: message, run } = useAction();
  if (keyInfo.hasKey || !keyInfo.legacy) return null;
  let origin: string | null = null;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // no base URL yet: it is asked for first
  }
  return (
    <div className="notice-inline" role="note">
      <p>
        A key saved by an earlier version of Lookup Tray is in your keychain, but the service it was for was not
        recorded, so it is not sent anywhere until you confirm.
        {origin ? ' Use it only if this is the service you entered it for:' : ' Enter the base URL first.'}
      </p>
      {origin && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const r = await api.useLegacyKey({ origin });
              if (r.kind !== 'saved') return r.message;
              onUsed();
              return null;
            }, 'The key could not be used. Try again.')
          }
        >
          Use it for {origin}
        </button>
      )}
      {message && (
        <p className="hint error-text" role="status">
          {message}
        </p>
      )}
    </div>
  );
}
