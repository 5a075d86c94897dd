/**
 * The window's in-page copies of notifications and its last lookup result describe a state; once that state is
 * gone they go too, or say what holds now: a month notification is worded again from the live figures, one about
 * a window that has reset (or a minute limit that has lifted) is dropped, and a "limit has reset" result is not
 * kept for days.
 */
import type { NotificationEvent } from '../../shared/ipc';
import type { LookupOutcome } from '../../shared/outcome';
import type { MonthAlertKind, QuotaState } from '../../shared/quota';
import { wordsFor } from '../../shared/i18n';
import type { AlertsWords } from '../../shared/i18n/words';

const SAME_WINDOW_MS = 7 * 24 * 3_600_000;

/** The notification ids the core gives (electron/core/quota/alerts.ts): `<profile>:<kind>:<window end>`. */
const ID = /^(.*):(month-(low|critical|exhausted|forecast)|minute-hit):(-?\d+)$/;

/**
 * A notification's in-page copy as it should read now, or null when what it said is over: a month one's fact (and
 * its `body`, worded by `words`, English when not given) gets the live figures. Copies about another profile, or of a
 * kind this does not know, are kept as they came.
 */
export function liveNotification(
  n: NotificationEvent,
  quota: QuotaState,
  now: number,
  words: AlertsWords = wordsFor('en').w.alerts,
): NotificationEvent | null {
  const m = ID.exec(n.id);
  if (!m) return n;
  const [, profile, kind, monthKind, endText] = m;
  const end = Number(endText);
  if (kind === 'minute-hit') return now >= end ? null : n;
  if (profile !== quota.profile) return n;
  const w = quota.month;
  if (!w) return n;
  // A later window (a reset since, real or assumed): what it said is over. (Reset instants from the service's own
  // headers can move by a few seconds within one window.)
  if (w.resetAt - end > SAME_WINDOW_MS) return null;
  if (w.estimated || Math.abs(w.resetAt - end) > SAME_WINDOW_MS) return n;
  const k = monthKind as MonthAlertKind;
  if (k === 'exhausted') return w.remaining > 0 ? null : n;
  if (w.level === 'ok' && (k === 'low' || k === 'critical')) return null; // more left than the warning is about
  if (k === 'critical' && w.level === 'low') return null;
  if (k === 'forecast' && (quota.forecast.kind !== 'runs-out' || w.remaining <= 0)) return null;
  const body = words.month(k, w, quota.forecast, now).body;
  if (!n.fact) return { ...n, body };
  return {
    ...n,
    body,
    fact: { ...n.fact, alert: { kind: 'month', alert: k, window: w, forecast: quota.forecast, now } },
  };
}

/** How long after a limit reset its "has reset — look up again" result stays (then the result area is cleared). */
const PAST_LIMIT_SHOWN_MS = { minute: 60 * 60_000, month: 24 * 3_600_000 } as const;

/** A refused lookup's result whose limit reset long ago: no longer worth a word. */
export function pastLimitIsStale(outcome: LookupOutcome, now: number): boolean {
  if (outcome.kind !== 'rate-limited' && outcome.kind !== 'cooldown') return false;
  return now - outcome.resetAt > PAST_LIMIT_SHOWN_MS[outcome.scope];
}
