/** Deutsch: die Benachrichtigungen zum Kontingent. */
import type { Fmt } from '../fmt';
import type { AlertsWords } from '../words';

export const alerts = (f: Fmt): AlertsWords => ({
  month: (kind, w, forecast, now) => {
    const left = `${f.num(w.remaining)} von ${f.num(w.limit)} Anfragen übrig`;
    const pct = w.limit > 0 ? ` (${Math.floor((w.remaining / w.limit) * 100)} %)` : '';
    const reset = `Wieder voll am ${f.utc(w.resetAt, now)}.`;
    switch (kind) {
      case 'low':
        return { title: 'Monatskontingent wird knapp', body: `${left}${pct}. ${reset}` };
      case 'critical':
        return { title: 'Monatskontingent fast aufgebraucht', body: `${left}${pct}. ${reset}` };
      case 'exhausted':
        return {
          title: 'Monatskontingent aufgebraucht',
          body: `Diesen Monat sind keine Anfragen mehr übrig. ${reset} Wechseln Sie zu einem größeren Tarif oder warten Sie.`,
        };
      case 'forecast': {
        const when = forecast.kind === 'runs-out' ? f.utcDay(forecast.runsOutAt, now) : 'vor dem Neubeginn';
        return {
          title: 'Monatskontingent reicht nicht bis zum Monatsende',
          body: `In diesem Tempo ist das Monatskontingent am ${when} aufgebraucht, vor dem Neubeginn (${f.utcDay(w.resetAt, now)}). ${left}.`,
        };
      }
    }
  },
  minuteHit: (limit, seconds) => ({
    title: 'Minutenlimit erreicht',
    body: `${limit !== null ? `Alle ${f.num(limit)} Anfragen dieser Minute sind verbraucht. ` : ''}Abfragen gehen in ${f.num(seconds)} s weiter.`,
  }),
  restored: (scope) =>
    scope === 'month'
      ? {
          title: 'Monatskontingent wieder verfügbar',
          body: 'Diesen Monat gibt es wieder Anfragen: Abfragen funktionieren wieder.',
        }
      : {
          title: 'Minutenlimit aufgehoben',
          body: 'Das Minutenlimit ist zurückgesetzt: Abfragen funktionieren wieder.',
        },
  bulk: {
    finished: 'Sammelabfrage fertig',
    stopped: 'Sammelabfrage angehalten',
    paused: 'Sammelabfrage pausiert',
  },
  demo: (title) => `DEMO — ${title}`,
  ofProfile: (title, profile) => `${title} (${profile})`,
});
