import type { Cooldown } from '../../../shared/quota';
import { useWords } from '../words-context';

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
  const { w } = useWords();
  const q = w.uiQuota;
  // The countdown and the date are never broken across lines ("6 d" / "3 h").
  const left = <span className="nowrap">{q.countdown(cooldown.until - now)}</span>;
  const text =
    cooldown.scope === 'minute' ? (
      <>
        {q.cooldownLead('minute')}
        {left}
      </>
    ) : (
      <>
        {q.cooldownLead('month')}
        {left} (<span className="nowrap">{q.cooldownDay(cooldown.until, now)}</span>){q.cooldownMonthEnd}
      </>
    );
  // Fixed for this cooldown: computed from when it started, not from the ticking "now".
  const spoken = q.cooldownSpoken(cooldown.scope, cooldown.since, cooldown.until);
  return (
    <div className={`cooldown-alert scope-${cooldown.scope}`} role="alert">
      <div className="cooldown-text">
        <p aria-hidden="true">{text}</p>
        <p className="sr-only">{spoken}</p>
        {retriedAt !== null && (
          <p className="cooldown-retry">
            <span aria-hidden="true">{w.uiResult.stillLimited(retriedAt, now)}</span>
            <span className="sr-only">{q.stillLimitedAt(retriedAt)}</span>
          </p>
        )}
      </div>
      <button type="button" className="secondary" onClick={onTryAnyway} disabled={!canTry} title={q.tryAnywayTitle}>
        {q.tryAnyway}
      </button>
    </div>
  );
}
