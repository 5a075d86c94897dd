import type { KeyInfo } from '../../../shared/ipc';

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
