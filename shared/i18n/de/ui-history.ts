/** Deutsch: die Ansicht „Verlauf“. */
import type { Fmt } from '../fmt';
import type { UiHistoryWords } from '../words';
import { uiHistory as en } from '../en/ui-history';

export const uiHistory = (f: Fmt): UiHistoryWords => ({
  loadFailed: 'Der Verlauf konnte nicht geladen werden.',
  loading: 'Wird geladen …',
  noData:
    'Für diesen Monat gibt es noch keine Zahlen. Das Diagramm füllt sich, wenn Sie Adressen abfragen oder das Kontingent prüfen.',
  summaryLabel: 'Zusammenfassung',
  chartFailed: 'Das Diagramm konnte nicht geladen werden; die Tabelle pro Tag unten enthält seine Zahlen.',
  exportCsv: 'CSV exportieren',
  exporting: 'Wird exportiert …',
  exportFailed: 'Der Export ist fehlgeschlagen. Versuchen Sie es erneut.',
  thisMonth: (start, end, now, left, limit, used) =>
    `Dieser Monat (${f.utcDay(start, now)} bis ${f.utcDay(end, now)}): ${f.num(left)} von ${f.num(limit)} übrig; ${f.num(used)} verbraucht seit der ersten Zahl.`,
  ahead: (evenLeft, by) =>
    `Bei gleichmäßigem Verbrauch wären heute ${f.num(evenLeft)} übrig: Sie liegen ${f.num(by)} vorn.`,
  behind: (evenLeft, by) =>
    `Bei gleichmäßigem Verbrauch wären heute ${f.num(evenLeft)} übrig: Sie liegen ${f.num(by)} zurück.`,
  usedUp: 'Das Monatskontingent ist bis zum Zurücksetzen aufgebraucht.',
  runsOut: (at, now) => `In diesem Tempo ist es am ${f.utcDay(at, now)} aufgebraucht, vor dem Zurücksetzen.`,
  lasts: 'In diesem Tempo reicht es bis zum Zurücksetzen.',
  noForecast: 'Noch nicht genug Zahlen für eine Vorhersage.',
  previous: (start, now, left, limit) =>
    `Vormonat (${f.utcDay(start, now)}): endete mit ${f.num(left)} von ${f.num(limit)} übrig.`,
  remainingCaption: (start, now) => `Übrig in diesem Monat, nach Tag des Zeitraums (Tag 0 = ${f.utcDay(start, now)})`,
  usedCaption: 'Verbrauchte Anfragen pro Tag',
  usedCaptionEstimated: ' (blass, gestrichelt: ≈ geschätzt, an diesen Tagen keine Zahlen)',
  busiest: (day, now, used) =>
    `Verbrauchte Anfragen pro Tag; der meiste Verbrauch war am ${f.utcDay(day, now)} mit ${f.num(used)}.`,
  noneUsed: 'Verbrauchte Anfragen pro Tag: noch keine.',
  series: {
    day: 'Tag',
    thisMonth: 'Dieser Monat',
    evenPace: 'Gleichmäßig',
    estimatedLine: 'Geschätzt (keine Zahlen)',
    forecast: 'Vorhersage',
    previousMonth: 'Vormonat',
    used: 'Verbraucht',
    estimated: 'Geschätzt',
  },
  axisNumber: en(f).axisNumber,
  table: 'Tabelle pro Tag',
  tableCaption: 'Verbrauchte Anfragen pro Tag in diesem Monat',
  colDay: 'Tag (UTC)',
  colUsed: 'Verbraucht',
  colLeft: 'Übrig am Tagesende',
  day: (t, now) => f.utcDay(t, now),
  number: (n) => f.num(n),
  noFigures: 'keine Zahlen',
  beforeFirst: '— An diesen Tagen keine Zahlen: Sie lagen vor der ersten Zahl, die Lookup Tray in diesem Monat sah.',
  spreadHint:
    '≈ An diesen Tagen keine Zahlen (die App lief nicht, oder die Demo sprang vorwärts): Die Anfragen zwischen den Zahlen davor und danach sind auf sie verteilt.',
});
