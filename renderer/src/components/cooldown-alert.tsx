import type { Cooldown } from '../../../shared/quota';
import { formatCountdown, formatLocalTime, formatUtc, stillLimited } from '../format';

/** "42 seconds", "3 minutes", "5 hours", "8 days": a duration read once, for the announcement. */
function roughly(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 90) return `${s} second${s === 1 ? '' : 's'}`;
  const min = Math.round(s / 60);
  if (min < 90) return `${min} minutes`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} hours`;
  return `${Math.round(h / 24)} days`;
}

/**
 * The 429 countdown. Rendered only while the cooldown lasts; the parent removes it when it ends.
 *
 * A screen reader announces the alert once, from text that does not change while the countdown ticks (the
 * ticking text is hidden from it); it is announced again only when something new happens (a new limit, or
 * "Try anyway" refused again). The minute gauge's value text still tells the time left on demand.
 */
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
  // The countdown and the date are never broken across lines ("6 d" / "3 h").
  const left = <span className="nowrap">{formatCountdown(cooldown.until - now)}</span>;
  const text =
    cooldown.scope === 'minute' ? (
      <>Minute limit reached — resets in {left}</>
    ) : (
      <>
        Monthly quota exhausted — resets in {left} (
        <span className="nowrap">{formatUtc(cooldown.until, undefined, now)}</span>). Upgrade your plan or wait.
      </>
    );
  // Fixed for this cooldown: computed from when it started, not from the ticking "now".
  const spoken =
    cooldown.scope === 'minute'
      ? `Minute limit reached — resets in about ${roughly(cooldown.until - cooldown.since)}, at ${formatLocalTime(cooldown.until)}.`
      : `Monthly quota exhausted — resets ${formatUtc(cooldown.until, undefined, cooldown.since)}. Upgrade your plan or wait.`;
  return (
    <div className={`cooldown-alert scope-${cooldown.scope}`} role="alert">
      <div className="cooldown-text">
        <p aria-hidden="true">{text}</p>
        <p className="sr-only">{spoken}</p>
        {retriedAt !== null && (
          <p className="cooldown-retry">
            <span aria-hidden="true">{stillLimited(retriedAt, now)}</span>
            <span className="sr-only">Still limited (checked at {formatLocalTime(retriedAt)}).</span>
          </p>
        )}
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
