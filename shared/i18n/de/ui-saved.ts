/** Deutsch: was ein Speichern oder das Öffnen des Datenordners bewirkt hat. */
import type { Fmt } from '../fmt';
import type { SaveWhat } from '../../save';
import type { UiSavedWords } from '../words';

const WHAT: Record<SaveWhat, string> = {
  answer: 'Die Antwort',
  history: 'Der Verlauf',
  export: 'Der Export',
  report: 'Der Bericht',
  'block-list': 'Die Sperrliste',
};

export const uiSaved = (f: Fmt): UiSavedWords => ({
  saved: (r) => {
    const s = r.said;
    switch (s.kind) {
      case 'saved':
        return s.rows === undefined
          ? `Gespeichert unter ${r.where ?? ''}`
          : `${f.count(s.rows, { one: 'Zeile', other: 'Zeilen' })} gespeichert unter ${r.where ?? ''}`;
      case 'downloaded':
        return `${s.rows === undefined ? 'Als' : `${f.count(s.rows, { one: 'Zeile', other: 'Zeilen' })} als`} ${s.name} heruntergeladen (siehe die Downloads des Browsers).`;
      case 'unavailable':
        return 'Dateien lassen sich hier nicht speichern.';
      case 'cancelled':
        return 'Nicht gespeichert.';
      case 'no-history':
        return 'Es gibt noch keinen Verlauf zum Exportieren.';
      case 'answer-gone':
        return `Für ${s.ip} ist keine große Antwort mehr gespeichert. Bitte erneut abfragen.`;
      case 'no-such-job':
        return 'Diese Sammelabfrage gibt es nicht.';
      case 'unknown-columns':
        return `Unbekannte Spalte: ${s.columns.join(', ')}.`;
      case 'failed':
        return s.what === 'history'
          ? 'Die Datei ließ sich nicht schreiben. Einen anderen Ort wählen und erneut versuchen.'
          : `${WHAT[s.what]} ließ sich nicht speichern${s.detail ? ` (${s.detail})` : ''}.`;
    }
  },
  folder: (s) => {
    switch (s.kind) {
      case 'opened':
        return 'Datenordner geöffnet.';
      case 'where':
        return `Der Datenordner ist ${s.dir}`;
      case 'failed':
        return `Der Datenordner ließ sich nicht öffnen: ${s.detail}`;
    }
  },
});
