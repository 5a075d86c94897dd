/** Deutsch: Einstellungen → Automatische Kontingentprüfung und Zwischenspeicher. */
import type { Fmt } from '../fmt';
import type { UiChecksWords } from '../words';

export const uiChecks = (f: Fmt): UiChecksWords => ({
  autoCheck: {
    enabled: 'Kontingent automatisch prüfen',
    intervalMinutes: 'Prüfen alle',
    allowSpending: 'Automatische Prüfungen dürfen Anfragen verbrauchen',
  },
  minutes: 'Minuten',
  free: 'Dieser Dienst hat eine kostenlose Statusabfrage: Automatische Prüfungen kosten nichts.',
  unknown: (cost: string) =>
    `Noch nicht bekannt, ob dieser Dienst eine kostenlose Statusabfrage hat. Ohne sie verbraucht jede Prüfung 1 Anfrage${cost}.`,
  none: (cost: string) =>
    `Dieser Dienst hat keine kostenlose Statusabfrage: Jede automatische Prüfung verbraucht 1 Anfrage${cost}.`,
  perDay: (requests: number, interval: number) =>
    ` – etwa ${f.count(requests, { one: 'Anfrage', other: 'Anfragen' })} am Tag bei einer Prüfung alle ${f.num(interval)} min`,
  cache: { ttlMinutes: 'Aufbewahren für', maxEntries: 'Höchstens behalten' },
  lookups: 'Abfragen',
});
