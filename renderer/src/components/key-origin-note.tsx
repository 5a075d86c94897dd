import type { KeyInfo } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useAction } from '../use-action';
import { useWords } from '../words-context';
import { keyProblemText } from './key-form';

/** Why there is no key although one was saved: it belongs to another service (origin) than the base URL's. */
export function KeyOriginNote({ keyInfo, baseUrl }: { keyInfo: KeyInfo; baseUrl: string }) {
  const t = useWords().w.uiKey.origin;
  if (keyInfo.hasKey || !keyInfo.savedFor) return null;
  let now = baseUrl;
  try {
    now = new URL(baseUrl).origin;
  } catch {
    // shown as typed
  }
  return (
    <p className="notice-inline" role="note">
      {t.before}
      <strong translate="no">{keyInfo.savedFor}</strong>
      {t.middle}
      <strong translate="no">{now}</strong>
      {t.after}
    </p>
  );
}

/**
 * A key an earlier version saved without the service it was for (issue 33): never bound to a base URL read from a
 * file alone, so the user confirms the origin it is for, once, here.
 */
export function LegacyKeyNote({ keyInfo, baseUrl, onUsed }: { keyInfo: KeyInfo; baseUrl: string; onUsed: () => void }) {
  const api = useApi();
  const { w } = useWords();
  const t = w.uiKey.legacy;
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
        {t.text}
        {origin ? t.confirm : t.baseUrlFirst}
      </p>
      {origin && (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              const r = await api.useLegacyKey({ origin });
              if (r.kind !== 'saved')
                return r.kind === 'rejected'
                  ? keyProblemText(w, r.problem)
                  : r.kind === 'no-keychain'
                    ? w.uiKey.noKeychain
                    : w.uiKey.verifyCosts;
              onUsed();
              return null;
            }, t.failed)
          }
        >
          {t.use}
          <span translate="no">{origin}</span>
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
