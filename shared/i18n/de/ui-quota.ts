/** Deutsch: die Kontingentanzeigen, der Countdown nach einem Limit, die Ansagen und „Kontingent prüfen“. */
import type { Fmt } from '../fmt';
import type { UiQuotaWords } from '../words';
import { roughParts } from '../en/ui-quota';

const UNITS = {
  second: { one: 'Sekunde', other: 'Sekunden' },
  minute: { one: 'Minute', other: 'Minuten' },
  hour: { one: 'Stunde', other: 'Stunden' },
  day: { one: 'Tag', other: 'Tage' },
} as const;

export const uiQuota = (f: Fmt): UiQuotaWords => {
  const rough = (ms: number): string => {
    const { n, unit } = roughParts(ms);
    return f.count(n, UNITS[unit]);
  };
  const left = (remaining: number, limit: number) => `${f.num(remaining)} von ${f.num(limit)} übrig`;
  return {
    region: 'Kontingent',
    noData: 'Noch keine Kontingentdaten — sie erscheinen nach der ersten Abfrage oder mit „Kontingent prüfen“.',
    noMinute: 'Kein Limit pro Minute',
    meterName: (scope) => (scope === 'minute' ? 'Minutenkontingent' : 'Monatskontingent'),
    gauge: (scope, remaining, limit) =>
      `${left(remaining, limit)} ${scope === 'minute' ? 'in der Minute' : 'im Monat'}`,
    resetsEveryMinute: 'wird jede Minute zurückgesetzt',
    resetsIn: (ms) => `zurückgesetzt in ${f.countdown(ms)}`,
    resetsOn: (t, now) => `zurückgesetzt am ${f.utc(t, now)}`,
    updated: (ago) => `aktualisiert ${ago}`,
    level: { ok: 'OK', low: 'Knapp', critical: 'Kritisch', exhausted: 'Aufgebraucht' },
    atRisk: 'Gefährdet',
    estimate: 'Vermutlich zurückgesetzt — die nächste Abfrage bestätigt es',
    valueText: (text, badge, reset, estimate) =>
      `${text}, ${badge}${reset ? `, ${reset}` : ''}${estimate ? `, ${estimate}` : ''}`,
    runsOut: (t, now) => `Bei diesem Tempo ist das Monatskontingent am ${f.utcDay(t, now)} aufgebraucht.`,
    lasts: 'Bei diesem Tempo reicht es für den Monat.',
    check: 'Kontingent prüfen',
    checkSpend: 'Kontingent prüfen (1 Anfrage)',
    checkCosts: 'kostet 1 Anfrage — fragt vorher',
    checking: 'Wird geprüft…',
    confirmName: 'Kontingentprüfung bestätigen',
    needsSpend:
      'Dieser Dienst hat keine kostenlose Kontingentprüfung: Prüfen kostet eine Anfrage (eine Abfrage). Trotzdem prüfen?',
    checked: (via) =>
      via === 'status'
        ? 'Kontingent mit der kostenlosen Statusabfrage geprüft.'
        : 'Kontingent mit einer Abfrage geprüft (1 Anfrage verbraucht).',
    checkFailed: 'Das Kontingent konnte nicht geprüft werden. Versuchen Sie es erneut.',
    cancel: 'Abbrechen',
    cooldownLead: (scope) =>
      scope === 'minute'
        ? 'Minutenlimit erreicht — zurückgesetzt in '
        : 'Monatskontingent aufgebraucht — zurückgesetzt in ',
    countdown: (ms) => f.countdown(ms),
    cooldownDay: (t, now) => f.utc(t, now),
    cooldownMonthEnd: '. Wechseln Sie zu einem größeren Tarif oder warten Sie.',
    cooldownSpoken: (scope, since, until) =>
      scope === 'minute'
        ? `Minutenlimit erreicht — zurückgesetzt in etwa ${rough(until - since)}, um ${f.localTime(until)}.`
        : `Monatskontingent aufgebraucht — zurückgesetzt am ${f.utc(until, since)}. Wechseln Sie zu einem größeren Tarif oder warten Sie.`,
    stillLimitedAt: (t) => `Weiter begrenzt (geprüft um ${f.localTime(t)}).`,
    tryAnyway: 'Trotzdem senden',
    tryAnywayTitle: 'Sendet die Abfrage, obwohl der Dienst sie vermutlich ablehnt',
    monthLevel: (level, remaining, limit) => {
      if (level === 'exhausted')
        return 'Monatskontingent aufgebraucht: Abfragen werden bis zum Zurücksetzen abgelehnt.';
      if (level === 'critical') return `Monatskontingent fast aufgebraucht: ${left(remaining, limit)}.`;
      if (level === 'low') return `Monatskontingent wird knapp: ${left(remaining, limit)}.`;
      return `Monatskontingent wieder verfügbar: ${left(remaining, limit)}.`;
    },
    cooldownStarts: (scope, secondsLeft) =>
      scope === 'month'
        ? 'Monatskontingent aufgebraucht: Abfragen werden bis zum Zurücksetzen abgelehnt.'
        : `Minutenlimit erreicht: Abfragen gehen in etwa ${f.count(Math.max(1, secondsLeft), UNITS.second)} wieder.`,
    cooldownEnds: (scope) =>
      scope === 'minute'
        ? 'Das Minutenlimit ist zurückgesetzt: Sie können wieder abfragen.'
        : 'Das Monatskontingent ist wieder voll: Sie können wieder abfragen.',
  };
};
