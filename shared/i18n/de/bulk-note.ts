/** Deutsch: was eine Sammelabfrage sagt, wenn sie anhält, pausiert, wartet oder fertig ist, und warum eine Adresse fehlschlug. */
import type { Fmt } from '../fmt';
import type { BulkNoteWords } from '../words';
import type { BulkDoneCounts, BulkFollowEnd, BulkNote, BulkRefusal, BulkRowError } from '../../bulk';
import { bulkPreview } from './bulk-preview';
import type { Face } from '../en/outcome';
import { outcome } from './outcome';

const CLI_FLOOR_HINT = 'lookup-tray bulk --resume --budget-floor N (Anfragen oder ein Anteil wie 1%)';

/** The profile's name; the default profile's in German. */
const profileName = (name: string) => (name === 'default' ? 'Standard' : name);

export const bulkNote = (f: Fmt): BulkNoteWords => {
  const o = outcome(f);
  const requests = (n: number) => f.count(n, { one: 'Anfrage', other: 'Anfragen' });
  const doneOf = (c: BulkDoneCounts | null) => (c ? `${f.num(c.done + c.failed)} von ${f.num(c.total)} erledigt` : '');
  const resets = (resetAt: number | null, now: number) =>
    resetAt !== null ? ` (zurückgesetzt ${f.utc(resetAt, now)})` : '';
  const floorText = (n: Extract<BulkNote, { kind: 'stopped-floor' }>) => {
    if ('count' in n.floor) return requests(n.floorCount ?? 0);
    return n.floorCount === null
      ? `${n.floor.percent} % des Monatslimits`
      : `${requests(n.floorCount)} (${n.floor.percent} % von ${f.num(n.floor.limit ?? 0)})`;
  };
  const say = (n: BulkNote, face: Face = 'window'): string => {
    switch (n.kind) {
      case 'paused':
        return 'Pausiert.';
      case 'cancelled':
        return 'Abgebrochen; die bisherigen Antworten bleiben erhalten.';
      case 'no-such-job':
        return 'Diese Sammelabfrage gibt es nicht.';
      case 'no-service':
        return 'Noch kein Dienst eingerichtet.';
      case 'run-elsewhere':
        return 'Ein anderer Lookup-Tray-Prozess führt diese Abfrage aus (die App, die Web-Vorschau oder die Befehlszeile).';
      case 'not-saved':
        return 'Die Abfrage konnte nicht in state.db gespeichert werden; sie wurde angehalten. Setzen Sie sie fort, sobald der Datenordner beschreibbar ist.';
      case 'waiting-reset':
        return 'Wartet, bis das Limit zurückgesetzt wird.';
      case 'waiting-window':
        return 'Wartet auf das nächste Minutenfenster.';
      case 'profile-cannot-look-up':
        return `Das Profil „${profileName(n.profile)}“ kann hier gerade nicht abfragen (entfernt, keine Basis-URL oder Demomodus an).`;
      case 'paused-no-profile':
        return `Pausiert: Das Profil „${profileName(n.profile)}“ hat hier gerade keinen Dienst (entfernt, keine Basis-URL oder Demomodus an). Es geht weiter, sobald das Profil wieder abfragen kann.`;
      case 'paused-stalled':
        return `Pausiert: Keine Adresse bekam in ${n.tries} Versuchen hintereinander eine Antwort. Setzen Sie fort, um es erneut zu versuchen.`;
      case 'paused-network':
        return `Pausiert: Der Dienst ist ${n.times}-mal hintereinander gescheitert (${o.message(n.last, face)}) Setzen Sie fort, wenn er wieder erreichbar ist.`;
      case 'paused-long-wait':
        return `Pausiert: Der Dienst bittet, bis ${f.utc(n.until, n.now)} zu warten. Setzen Sie dann fort.`;
      case 'finished':
        return n.counts
          ? `Fertig: ${f.num(n.counts.done)} beantwortet (${f.num(n.counts.fromCache)} aus dem Cache), ${f.num(n.counts.failed)} fehlgeschlagen.`
          : 'Fertig.';
      case 'stopped-floor':
        return `An der Budgetuntergrenze angehalten: In diesem Monat ${f.plural(n.remaining, { one: 'ist', other: 'sind' })} ${requests(n.remaining)} übrig, und ${floorText(n)} ${
          n.floorCount === 1 ? 'bleibt' : 'bleiben'
        } für einzelne Abfragen reserviert. ${doneOf(n.counts)}; der Rest wartet — setzen Sie mit einer niedrigeren Untergrenze fort${
          face === 'cli' ? `: ${CLI_FLOOR_HINT}` : ''
        } oder nach dem Zurücksetzen des Monats${resets(n.resetAt, n.now)}.`;
      case 'stopped-month':
        return `Angehalten: Das Monatskontingent ist aufgebraucht${resets(n.resetAt, n.now)}. ${doneOf(n.counts)}; der Rest wartet — setzen Sie nach dem Zurücksetzen fort.`;
      case 'stopped-outcome':
        return `Angehalten: ${o.message(n.outcome, face)}`;
      case 'text':
        return n.text;
    }
  };
  const rowError = (e: BulkRowError, face: Face = 'window'): string => {
    switch (e.kind) {
      case 'outcome':
        return o.message(e.outcome, face);
      case 'body-not-kept':
        return 'Der Dienst hat geantwortet, aber der Inhalt ließ sich nicht als JSON speichern.';
      case 'answer-too-large':
        return 'Die Antwort war zu groß zum Speichern (über 1 MiB).';
      case 'text':
        return e.text;
    }
  };
  const refusal = (r: BulkRefusal): string => {
    switch (r.kind) {
      case 'range-limit':
        return bulkPreview(f).rangeLimit(r.total, r.max);
      case 'no-addresses':
        return 'In diesem Text wurden keine IP-Adressen gefunden.';
      case 'only-reserved':
        return 'Nur private, Loopback- oder reservierte Adressen gefunden: sie einschließen, um sie abzufragen.';
      case 'no-key':
        return 'Noch kein API-Schlüssel. Schlüssel in den Einstellungen eintragen oder die Demo ausprobieren.';
      case 'no-such-job':
        return say({ kind: 'no-such-job' });
      case 'no-dialog':
        return 'Zum Verfolgen einer Datei braucht es den Dateidialog der App.';
      case 'followed-already':
        return `${r.name} wird schon verfolgt.`;
      case 'read-cancelled':
        return 'Die Datei wurde nicht gelesen: „Abbrechen“ hat es beendet.';
      case 'not-opened':
        return 'Diese Datei wurde hier nicht geöffnet: bitte erneut öffnen.';
      case 'cannot-read':
        return `${r.name} kann nicht gelesen werden (${r.code}).`;
    }
  };
  const followEnd = (e: BulkFollowEnd): string => {
    switch (e.kind) {
      case 'read':
        return `${e.name} kann nicht gelesen werden (${e.code}): Verfolgen beendet.`;
      case 'storage':
        return `Die state.db des Datenordners ließ sich nicht schreiben (${e.code}): Verfolgen beendet.`;
      case 'job':
        return e.note ? say(e.note) : 'Die Sammelabfrage hat angehalten: Verfolgen beendet.';
      case 'text':
        return e.text;
    }
  };
  const jobName = {
    pasted: (n: number) => f.count(n, { one: 'Adresse', other: 'Adressen' }),
    following: (file: string) => `Verfolgt: ${file}`,
  };
  return { say, rowError, refusal, followEnd, jobName };
};
