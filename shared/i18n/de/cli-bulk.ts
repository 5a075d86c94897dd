/** Deutsch: was `lookup-tray bulk` (und `bulk export`, `bulk list`, `bulk --follow`) einem Menschen auf stderr sagt. */
import type { Fmt } from '../fmt';
import type { CliBulkWords } from '../words';

export const cliBulk = (f: Fmt): CliBulkWords => {
  const rows = (n: number) => f.count(n, { one: 'Zeile', other: 'Zeilen' });
  return {
    interrupted: 'Unterbrochen: „lookup-tray bulk --resume“ setzt fort.',
    keptResume: (atFloor) =>
      atFloor
        ? 'Die Antworten bis hier sind gespeichert: „lookup-tray bulk --resume“ setzt später fort, mit einer niedrigeren --budget-floor schon jetzt.'
        : 'Die Antworten bis hier sind gespeichert: „lookup-tray bulk --resume“ setzt später fort.',
    resuming: (label, left, total) => `Fortsetzen von „${label}“: ${f.num(left)} von ${f.num(total)} offen.`,
    wrote: (n, out) => `${rows(n)} nach ${out} geschrieben.`,
    cannotWriteKept: (out, code, id) =>
      `${out} kann nicht geschrieben werden (${code}). Die Antworten sind gespeichert: lookup-tray bulk export ${id} --out FILE schreibt sie.`,
    nothingNew: (id) =>
      `Nichts Neues abgefragt, also nichts geschrieben: lookup-tray bulk export ${id} schreibt, was die Sammelabfrage enthält.`,
    pendingExported: (label, left, total) =>
      `„${label}“: ${f.num(left)} von ${f.count(total, { one: 'Adresse', other: 'Adressen' })} noch nicht abgefragt; sie werden als offen exportiert.`,
    noJobs: 'Noch keine Sammelabfragen: lookup-tray bulk FILE startet eine.',
    exportAgain: 'lookup-tray bulk export ID --out FILE schreibt die Ergebnisse einer Sammelabfrage erneut.',
    unwritable: {
      folder: (file) => `${file} ist ein Ordner: für --out einen Dateinamen angeben.`,
      code: (file, code) => `${file} kann nicht geschrieben werden (${code}).`,
      notAFolder: (file, dir) => `${file} kann nicht geschrieben werden: ${dir} ist kein Ordner.`,
      noFolder: (file, dir) => `${file} kann nicht geschrieben werden: Den Ordner ${dir} gibt es nicht.`,
      noPermissionFile: (file) => `${file} kann nicht geschrieben werden: keine Berechtigung, sie zu ändern.`,
      noPermissionDir: (dir) => `In ${dir} kann nicht geschrieben werden: keine Berechtigung.`,
      nothingSent: ' Nichts wurde gesendet.',
    },
    keptChoice: (options, where) =>
      `Sie wurde mit ${options} gestartet: dieser Lauf schreibt nach ${where ?? 'der Standardausgabe'}, wie seine eigenen Optionen sagen (zum Verwenden erneut angeben).`,
    follow: {
      ask: (file, floor) =>
        `${file} verfolgen und jede neue Adresse abfragen, sobald sie erscheint (zuerst aus dem Cache; ${floor} bleiben frei)?`,
      nothingSent: 'Nichts gesendet.',
      needsYes:
        'Verfolgen verbraucht für jede neue Adresse eine Anfrage (bis zur Budgetuntergrenze): --yes hinzufügen, um fortzufahren.',
      resuming: (file, id, left, total) =>
        `Verfolgen von ${file} wird fortgesetzt (Sammelabfrage ${id}): ${f.num(left)} von ${f.num(total)} offen.`,
      noneToResume: (file) =>
        `Kein Verfolgen von ${file} zum Fortsetzen: lookup-tray bulk --follow FILE beginnt eines.`,
      started: (file, id) =>
        `Verfolge ${file} (Sammelabfrage ${id}): eine NDJSON-Zeile je neu beantworteter Adresse. Strg+C beendet; lookup-tray bulk --follow FILE --resume setzt fort.`,
      stillFollowing:
        'Verfolgen läuft weiter: neue Adressen bleiben offen in der Sammelabfrage; jede neue versucht es erneut (unter der Untergrenze wird nichts gesendet). lookup-tray bulk --resume --budget-floor N fragt sie ab.',
      cannotRead: (file, code) => `${file} kann nicht gelesen werden (${code}).`,
      notWritten: (code) => `Die state.db des Datenordners ließ sich nicht schreiben (${code}).`,
      stopped: (file, c, id) =>
        `Verfolgen von ${file} beendet: ${f.num(c.done)} beantwortet (${f.num(c.fromCache)} aus dem Cache), ${f.num(c.failed)} fehlgeschlagen, ${f.num(c.left)} offen in Sammelabfrage ${id}. lookup-tray bulk --follow FILE --resume setzt fort; lookup-tray report ${id} zeigt sie.`,
    },
  };
};
