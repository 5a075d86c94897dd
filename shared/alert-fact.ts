/**
 * A quota notification as a fact (electron/core/quota/alerts.ts decides it): what it is about, whether it is demo
 * mode's, whose quota it is with several profiles. The faces word it with shared/i18n's `alerts` area — the core
 * for the system notification (in its `lang()`), the window for its in-page copy (in the window's language).
 */
import type { Forecast, MonthAlertKind, QuotaWindow } from './quota';
import type { WindowScope } from './window-scope';
import type { AlertsWords } from './i18n/words';

/** What a notification is about. */
export type AlertFact =
  | { kind: 'month'; alert: MonthAlertKind; window: QuotaWindow; forecast: Forecast; now: number }
  | { kind: 'minute-hit'; limit: number | null; seconds: number }
  | { kind: 'restored'; scope: WindowScope };

/** A notification's fact with how it is told: `demo` mode's; `profile`: whose quota (several profiles), or null. */
export interface NotificationFact {
  alert: AlertFact;
  demo: boolean;
  profile: string | null;
}

/** The notification's title and body for `fact`, in `w`. */
export function alertText(fact: AlertFact, w: AlertsWords): { title: string; body: string } {
  switch (fact.kind) {
    case 'month':
      return w.month(fact.alert, fact.window, fact.forecast, fact.now);
    case 'minute-hit':
      return w.minuteHit(fact.limit, fact.seconds);
    case 'restored':
      return w.restored(fact.scope);
  }
}

/** A notification's title (demo's and whose, as the fact says) and body, in `w`. */
export function notificationText(n: NotificationFact, w: AlertsWords): { title: string; body: string } {
  const { title, body } = alertText(n.alert, w);
  const own = n.profile === null ? title : w.ofProfile(title, n.profile);
  return { title: n.demo ? w.demo(own) : own, body };
}
