import type { Cooldown } from '../../../shared/quota';
import { formatCountdown, formatUtc, stillLimited } from '../format';

/** The 429 countdown. Rendered only while the cooldown lasts; the parent removes it when it ends. */
export function CooldownAlert({
  cooldown,
  now,
  onTryAnyway,
  canTry,
  retriedAt,
}: {
  cooldown: Cooldown;
  now: number;
  onTryAnyway: () => void;
  canTry: boolean;
  /** When "Try anyway" was last refused again (service clock), or null. */
  retriedAt: number | null;
}) {
  const left = formatCountdown(cooldown.until - now);
  const text =
    cooldown.scope === 'minute'
      ? `Minute limit reached — resets in ${left}`
      : `Monthly quota exhausted — resets in ${left} (${formatUtc(cooldown.until)}). Upgrade your plan or wait.`;
  return (
    <div className={`cooldown-alert scope-${cooldown.scope}`} role="alert">
      <div className="cooldown-text">
        <p>{text}</p>
        {retriedAt !== null && <p className="cooldown-retry">{stillLimited(retriedAt, now)}</p>}
      </div>
      <button
        type="button"
        className="secondary"
        onClick={onTryAnyway}
        disabled={!canTry}
        title="Sends the lookup even though the service will probably refuse it"
      >
        Try anyway
      </button>
    </div>
  );
}
