/** Deutsch: die Ansicht „Sammelabfrage“. */
import type { Fmt } from '../fmt';
import type { UiBulkWords } from '../words';
import type { bulkJobWords, bulkListWords, bulkResultsWords } from '../en/ui-bulk';
import { formatBytes } from '../../read-progress';

/** The security flags' names (shared/answer.ts SECURITY_FLAGS' English labels). */
const FLAG_NAMES: Record<string, string> = {
  Datacenter: 'Rechenzentrum',
  Anonymous: 'Anonym',
  Abuser: 'Missbrauch',
  'Known attacker': 'Bekannter Angreifer',
};

/** Values every part's sentences use. */
function values(f: Fmt) {
  const n = f.num;
  return {
    n,
    of: (a: number, b: number) => `${n(a)} von ${n(b)}`,
    bytes: (b: number) => formatBytes(b).replace('.', ',').replace('bytes', 'Bytes'),
    adressen: (c: number) => f.count(c, { one: 'Adresse', other: 'Adressen' }),
    anfragen: (c: number) => f.count(c, { one: 'Anfrage', other: 'Anfragen' }),
  };
}

function listWords(f: Fmt): ReturnType<typeof bulkListWords> {
  const { n, bytes, adressen, anfragen } = values(f);
  return {
    newJob: 'Neue Sammelabfrage',
    addresses: 'Adressen — eine Liste, CSV oder ein Log einfügen oder eine Datei öffnen',
    placeholder: '8.8.8.8\n2001:4860:4860::8888, 1.1.1.1\n… beliebiger Text: Adressen werden herausgesucht',
    openFile: 'Datei öffnen …',
    includeReserved: 'Private und reservierte Adressen einbeziehen',
    expandRanges: 'Bereiche auflösen (CIDR, a-b)',
    floorBefore: 'Behalte',
    floorAfter: '% des Monats für einzelne Abfragen',
    floorLabel: 'Budgetuntergrenze, Prozent des Monatslimits',
    reading: 'Wird gelesen …',
    checkCost: 'Kosten prüfen',
    tooLarge: (name) => `${name} ist größer als 32 MB: Öffnen Sie die Datei mit „Datei öffnen …“.`,
    readingFile: (name) => `${name} wird gelesen`,
    readingStatus: { before: 'Lese', after: (size) => ` (${bytes(size)}) …` },
    readProgress: (p) =>
      `${bytes(p.bytes)} von ${bytes(p.total)} gelesen, ${adressen(p.found)}${
        p.leftMs === null ? '' : `, noch ${f.countdown(p.leftMs)}`
      }`,
    cancel: 'Abbrechen',
    fileBefore: 'Datei:',
    fileAfter: (size) => ` (${bytes(size)}), von der App gelesen · `,
    useText: 'stattdessen den Text verwenden',
    cannotRead: (name) => `${name} konnte nicht gelesen werden. Versuchen Sie es erneut.`,
    cannotStart: 'Die Sammelabfrage konnte nicht gestartet werden. Versuchen Sie es erneut.',
    cannotCheck: 'Die Liste konnte nicht gelesen werden. Versuchen Sie es erneut.',
    exportFailed: 'Der Export ist fehlgeschlagen. Versuchen Sie es erneut.',
    cannotFollow: 'Der Datei konnte nicht gefolgt werden. Versuchen Sie es erneut.',
    cannotStopFollow: 'Das Folgen konnte nicht beendet werden. Versuchen Sie es erneut.',
    cannotOpen: 'Die Datei konnte nicht geöffnet werden. Versuchen Sie es erneut.',
    dropFromManager: (name) => `${name} kann nicht gelesen werden: Ziehen Sie eine Datei aus dem Dateimanager hierher.`,
    costRegion: 'Kosten vor dem Senden',
    unique: (c) => f.count(c, { one: 'eindeutige Adresse', other: 'eindeutige Adressen' }),
    merged: (c) => ` (${f.count(c, { one: 'Duplikat', other: 'Duplikate' })} zusammengeführt)`,
    notAddresses: (c) =>
      c === 1
        ? '1 Eintrag ist keine Adresse (ausgelassen)'
        : `${f.count(c, { one: 'Eintrag', other: 'Einträge' })} sind keine Adressen (ausgelassen)`,
    entryLine: (line) => `Zeile ${n(line)}: `,
    excluded: (c) =>
      `${f.count(c, { one: 'private, Loopback- oder reservierte Adresse', other: 'private, Loopback- oder reservierte Adressen' })} ausgelassen (der Dienst weiß wenig über sie).`,
    addKey: 'Fügen Sie einen API-Schlüssel hinzu, um die Kosten zu sehen und zu starten.',
    nothingUsedUp: 'Nichts kann gesendet werden: Das Monatskontingent ist bis zum Zurücksetzen aufgebraucht.',
    nothingFloor: (left, floor) =>
      `Nichts kann gesendet werden: In diesem Monat ${f.plural(left, { one: 'ist', other: 'sind' })} ${anfragen(left)} übrig, und die Budgetuntergrenze behält ${n(floor)} für einzelne Abfragen. Senken Sie die Untergrenze, um zu starten.`,
    startFree: 'Starten (alles aus dem Cache: kostenlos)',
    startSend: (r) => `Starten (verbraucht bis zu ${anfragen(r)})`,
    startCacheOnly: (a) =>
      `Starten (${f.count(a, { one: 'Antwort', other: 'Antworten' })} aus dem Cache, kostenlos; sendet nichts)`,
    start: 'Starten',
    followRegion: 'Einem Log folgen',
    followFile: 'Einer Datei folgen …',
    followHint:
      'Folgt einem wachsenden Log: Jede neue Adresse wird abgefragt, sobald ihre Zeile ankommt; 5 % des Monats bleiben für einzelne Abfragen.',
    followLabel: 'Folgen',
    followLine: (following, addresses, lastReadAt) =>
      `${following ? 'Folgt' : 'Angehalten'} · ${adressen(addresses)} · ${
        lastReadAt === null ? 'noch nichts gelesen' : `zuletzt gelesen ${f.localTime(lastReadAt)}`
      }`,
    stop: 'Anhalten',
    followAgain: 'Wieder folgen',
  };
}

function jobWords(f: Fmt): ReturnType<typeof bulkJobWords> {
  const { n, of, anfragen } = values(f);
  return {
    jobRegion: 'Sammelabfrage',
    state: {
      running: 'Läuft',
      ready: 'Bereit',
      paused: 'Pausiert',
      stopped: 'Angehalten',
      finished: 'Fertig',
      cancelled: 'Abgebrochen',
    },
    stateShort: {
      running: 'läuft',
      ready: 'bereit',
      paused: 'pausiert',
      stopped: 'angehalten',
      finished: 'fertig',
      cancelled: 'abgebrochen',
    },
    ofProfile: ' · Profil ',
    progress: 'Fortschritt der Sammelabfrage',
    counts: (done, left, fromCache, failed) =>
      `${n(done)} fertig · ${n(left)} offen · ${n(fromCache)} aus dem Cache · ${n(failed)} fehlgeschlagen`,
    pace: (rate, limit) => (limit ? `${of(rate, limit)} pro Minute` : `${n(rate)} pro Minute`),
    paceEta: { before: ' · noch etwa ', after: '' },
    countdown: (ms) => f.countdown(ms),
    rateLimited: (times) =>
      ` · ${f.count(times, { one: 'unerwartetes Limit', other: 'unerwartete Limits' })} abgewartet`,
    pause: 'Pausieren',
    resume: 'Fortsetzen',
    cancelJob: 'Abfrage abbrechen',
    report: 'Bericht',
    doneOf: (finished, total) => `${of(finished, total)} erledigt`,
    monthReset: (left, done) =>
      `Angehalten, als das Monatskontingent aufgebraucht war. Der Monat wurde zurückgesetzt: Jetzt sind ${left} Anfragen übrig, „Fortsetzen“ macht also weiter. ${done}.`,
    monthUsedUp: (resetAt, now, done) =>
      `Angehalten: Das Monatskontingent ist aufgebraucht (zurückgesetzt ${f.utc(resetAt, now)}). ${done}; der Rest wartet — setzen Sie nach dem Zurücksetzen fort.`,
    floorRoom: (left, kept, room, done) =>
      `Vorhin an der Budgetuntergrenze angehalten. Jetzt sind in diesem Monat ${left} Anfragen übrig und ${n(kept)} für einzelne Abfragen reserviert, „Fortsetzen“ kann also bis zu ${anfragen(room)} senden. ${done}.`,
    floorWaits: (left, kept, done, resetAt, now) =>
      `An der Budgetuntergrenze angehalten: In diesem Monat sind ${left} Anfragen übrig und ${n(kept)} für einzelne Abfragen reserviert. ${done}; der Rest wartet — setzen Sie fort, wenn der Monat zurückgesetzt ist (${f.utc(resetAt, now)}).`,
    leftOf: (remaining, limit) => of(remaining, limit),
    announce: {
      finished: (a, b) => `Sammelabfrage fertig: ${of(a, b)} abgefragt.`,
      paused: (a, b) => `Sammelabfrage pausiert bei ${of(a, b)}.`,
      stopped: (a, b) => `Sammelabfrage angehalten bei ${of(a, b)}.`,
      cancelled: (a, b) => `Sammelabfrage abgebrochen bei ${of(a, b)}.`,
      resumed: (a, b) => `Sammelabfrage fortgesetzt bei ${of(a, b)}.`,
      share: (percent, a, b) => `Sammelabfrage zu ${percent} % erledigt: ${of(a, b)}.`,
    },
  };
}

function resultsWords(f: Fmt): ReturnType<typeof bulkResultsWords> {
  const { n } = values(f);
  return {
    exportLead: 'Exportieren:',
    bom: 'CSV für Excel (UTF-8 BOM)',
    job: 'Abfrage',
    show: 'Zeige',
    status: { all: 'alle', done: 'fertig', failed: 'fehlgeschlagen', pending: 'offen' },
    rows: (c, hitsFirst) =>
      `${f.count(c, { one: 'Zeile', other: 'Zeilen' })}, ${hitsFirst ? 'meiste Treffer zuerst' : 'in Eingabereihenfolge'}`,
    table: 'Ergebnisse der Sammelabfrage',
    scroll: 'Ergebnisse, scrollbar',
    col: { ip: 'IP', where: 'Wo', organisation: 'Organisation', result: 'Ergebnis', flags: 'Merkmale' },
    lines: (first, last) => `Zeilen ${n(first)}–${n(last)}`,
    line: (line) => `Zeile ${n(line)}`,
    hits: (hits) => `, ${f.count(hits, { one: 'Treffer', other: 'Treffer' })}`,
    hitsShort: (hits) => ` ×${n(hits)}`,
    failed: 'Fehlgeschlagen',
    failedWith: (error) => `Fehlgeschlagen: ${error}`,
    pending: 'Offen',
    doneCache: 'Fertig (Cache, kostenlos)',
    done: 'Fertig',
    flagsUnknown: 'unbekannt',
    flagsUnknownFull: 'Die Antwort sagt nichts über Merkmale oder Bedrohung.',
    flagsNone: 'keine',
    flagName: (label) => FLAG_NAMES[label] ?? label,
    threat: (score) => `Bedrohung ${score}`,
    flagsFull: (flags, score) =>
      `${flags.length > 0 ? `Merkmale: ${flags.map((l) => FLAG_NAMES[l] ?? l).join(', ')}` : 'Keine Merkmale gesetzt'}; ${
        score === null ? 'Bedrohungswert unbekannt' : `Bedrohungswert ${score}`
      }.`,
    order: 'Reihenfolge',
    sort: { hits: 'meiste Treffer zuerst', input: 'Eingabereihenfolge' },
    flag: 'Merkmal',
    flagAny: 'beliebig',
    threatFrom: (from) => `Bedrohung ${from}+`,
    country: 'Land',
    countryPlaceholder: 'z. B. DE',
    countryHint: 'Ländercode aus zwei Buchstaben oder unknown',
    blockListOf: (what) => `Sperrliste ${what === 'shown' ? 'der gezeigten beantworteten Zeilen' : 'dieser Adressen'}:`,
    plainList: 'Einfache Liste',
    saveBlockList: 'Sperrliste speichern',
    blockListFailed: 'Die Sperrliste konnte nicht gespeichert werden. Versuchen Sie es erneut.',
  };
}

export const uiBulk = (f: Fmt): UiBulkWords => ({ ...listWords(f), ...jobWords(f), ...resultsWords(f) });
