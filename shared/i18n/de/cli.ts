/** Deutsch: die Sätze der Kommandozeile, die ein Mensch liest (Hilfe, Aufruffehler, JSON, CSV … bleiben Englisch). */
import type { Fmt } from '../fmt';
import type { Forecast } from '../../quota';
import type { CliWords } from '../words';
import { agoDe } from './tray';

const quota = (f: Fmt, forecast: (fc: Forecast, now: number) => string): CliWords['quota'] => {
  const ago = agoDe(f);
  return {
    label: {
      profile: 'Profil',
      month: 'Monat',
      minute: 'Minute',
      cooldown: 'Sperre',
      forecast: 'Prognose',
      check: 'Prüfung',
    },
    noFigures: 'Noch keine Kontingentzahlen: „lookup-tray quota --check“ ausführen oder etwas nachschlagen.',
    left: (remaining, limit) =>
      `${f.num(remaining)} von ${f.num(limit)} übrig${limit > 0 ? ` (${Math.floor((100 * remaining) / limit)} %)` : ''}`,
    minuteLeft: (remaining, limit) => `${f.num(remaining)} von ${f.num(limit)} übrig`,
    monthRest: (resetAt, now, ageMs, estimated) =>
      ` · wieder voll am ${f.utc(resetAt, now)} (in ${f.countdown(resetAt - now)}) · aktualisiert ${ago(ageMs)}${estimated ? ' (geschätzt: seit der letzten Antwort liegt ein Neubeginn)' : ''}`,
    minuteRest: (resetAt, now, ageMs, estimated) =>
      ` · wieder voll in ${f.countdown(resetAt - now)} · aktualisiert ${ago(ageMs)}${estimated ? ' (geschätzt)' : ''}`,
    noMinuteLimit: 'kein Minutenlimit',
    limitReached: (scope) => (scope === 'month' ? 'Monatslimit erreicht' : 'Minutenlimit erreicht'),
    cooldownRest: (ms, until) =>
      until !== null
        ? `: für ${f.countdown(ms)} wird nichts gesendet (bis ${until}), außer mit --force`
        : ': bis zu einem unbekannten Datum wird nichts gesendet (das gespeicherte Ende ist keine gültige Zeit), außer mit --force',
    forecast,
    check: (c) =>
      c === 'supported'
        ? 'kostenlos (/v2/status)'
        : c === 'unsupported'
          ? 'kostet 1 Anfrage (kein /v2/status): --check --spend'
          : 'noch unbekannt (--check findet es kostenlos heraus)',
    lastFailed: 'Die letzte Anfrage ist fehlgeschlagen: die Zahlen sind evtl. veraltet.',
    checked: (via) =>
      via === 'status'
        ? 'Kontingent mit der kostenlosen Statusabfrage geprüft.'
        : 'Kontingent mit einer Abfrage geprüft (1 Anfrage verbraucht).',
    needsSpend:
      'Dieser Dienst hat keine kostenlose Kontingentprüfung: eine Prüfung kostet eine Anfrage (eine Abfrage). Mit --check --spend erneut ausführen, um sie zu verbrauchen.',
    checkFailed: 'die Prüfung ist fehlgeschlagen',
  };
};

const lookup = (f: Fmt, ago: (ms: number) => string): CliWords['lookup'] => ({
  fromCache: (ip, ageMs) =>
    `${ip}: aus dem Zwischenspeicher (abgerufen ${ago(ageMs)}): keine Anfrage verbraucht. --refresh fragt den Dienst.`,
  noAddresses: 'Keine Adressen auf der Standardeingabe (eine je Zeile).',
  line: (n, text) => `Zeile ${f.num(n)}: ${text}`,
  askAnyway: 'Trotzdem abfragen (kostet 1 Anfrage)?',
  nothingSent: 'Nichts gesendet.',
  nothingSentYes: 'Nichts gesendet: --yes fragt sie ab (1 Anfrage).',
  row: {
    location: 'Ort',
    network: 'Netz',
    type: 'Art',
    timezone: 'Zeitzone',
    hostname: 'Hostname',
    security: 'Sicherheit',
    threat: 'Bedrohung',
  },
  flag: {
    vpn: 'VPN',
    tor: 'Tor',
    proxy: 'Proxy',
    datacenter: 'Rechenzentrum',
    anonymous: 'anonym',
    'icloud-relay': 'iCloud Relay',
    bot: 'Bot',
    abuser: 'Missbrauch',
    'known-attacker': 'bekannter Angreifer',
    spam: 'Spam',
  },
  nothingFlagged: 'nichts markiert',
  unknown: 'unbekannt',
  threatScore: (score) => `${f.num(score)} von 100`,
});

const demo = (f: Fmt): CliWords['demo'] => ({
  serviceLabel: 'Demo-Dienst',
  keyLabel: 'Demo-Schlüssel',
  plan: (minute, month) =>
    `Tarif: ${f.count(minute, { one: 'Anfrage', other: 'Anfragen' })} pro Minute, ${f.num(month)} pro Monat – simulierte Antworten, kein echtes Kontingent; der Schlüssel gilt nur, solange dies läuft.`,
  folder: (dir) =>
    `Ein eigener Datenordner zum Ausprobieren (wird am Ende entfernt, mit dem dort gespeicherten Schlüssel): ${dir}`,
  tryIn: 'In einem anderen Terminal:',
  stops: 'Strg+C beendet es.',
  stopped: 'Demo beendet: Dienst, Schlüssel und Datenordner sind entfernt.',
});

export const cli = (f: Fmt): CliWords => {
  const ago = agoDe(f);
  const forecast = (fc: Forecast, now: number): string =>
    fc.kind === 'runs-out'
      ? `in diesem Tempo ist das Monatskontingent am ${f.utcDay(fc.runsOutAt, now)} aufgebraucht (Tempo ${fc.pace}×)`
      : fc.kind === 'lasts'
        ? `in diesem Tempo reicht es für den Monat (Tempo ${fc.pace}×)`
        : 'noch nicht genug Zahlen (eine Stunde Nutzung in diesem Monat)';
  const of = (profile: string | null) => (profile !== null ? ` des Profils „${profile}“` : '');
  return {
    quota: quota(f, forecast),
    history: {
      title: (start, end) => `Verbrauchte Anfragen je UTC-Tag, ${start} – ${end} (der Zeitraum des Monats):`,
      day: 'Tag',
      used: 'verbraucht',
      total: 'Summe',
      forecastLabel: 'Prognose',
      forecast,
    },
    status: {
      profile: (label) => `Profil „${label}“`,
      noService: (flag) => `Noch kein Dienst eingerichtet: lookup-tray${flag} key set --base-url URL ausführen`,
      otherOrigin: (savedFor, origin, flag) =>
        `Der Schlüssel wurde für ${savedFor} gespeichert, nicht für ${origin}: lookup-tray${flag} key set ausführen`,
      noKey: (origin, flag) => `Kein API-Schlüssel für ${origin} gespeichert: lookup-tray${flag} key set ausführen`,
      noFigures: 'Noch keine Kontingentzahlen: lookup-tray quota --check ausführen',
    },
    key: {
      status: (masked, origin, profile) =>
        `Schlüssel ${masked} im Schlüsselbund des Systems, für ${origin} (Profil „${profile}“).`,
      none: (origin, why) =>
        `Kein API-Schlüssel gespeichert${origin ? ` für ${origin}` : ''}${
          why === 'legacy'
            ? ' (ein Schlüssel einer früheren Version ist vorhanden, an keinen Dienst gebunden: in der App bestätigen oder neu eingeben)'
            : why
              ? ` (ein Schlüssel wurde für ${why.savedFor} gespeichert: für diese Adresse neu eingeben)`
              : ''
        }. Ausführen: lookup-tray key set`,
      removed: (profile) => `Schlüssel${of(profile)} aus dem Schlüsselbund des Systems entfernt.`,
      noneToRemove: (profile) => `Es gab keinen Schlüssel${of(profile)} zum Entfernen.`,
      prompt: 'API-Schlüssel (Eingabe verborgen):',
      promptAgain: 'Schlüssel einfügen oder eintippen, dann Enter (Strg+C bricht ab).',
      cancelled: 'Abgebrochen: kein Schlüssel gespeichert.',
      tooLong: 'Das ist zu lang für einen API-Schlüssel.',
      notVerified: 'Der Schlüssel konnte nicht geprüft werden.',
      checkBaseUrl: (message) => `${message} Basis-URL prüfen, dann key set erneut ausführen.`,
      keyEmpty: 'Geben Sie Ihren API-Schlüssel ein.',
      keySpaces: 'Der API-Schlüssel enthält Leerzeichen oder Zeilenumbrüche. Nur den Schlüssel einfügen.',
      keyInvalidChars: 'Der API-Schlüssel enthält ungültige Zeichen.',
      needsSpend:
        'Dieser Dienst hat keine kostenlose Statusprüfung: Den Schlüssel zu prüfen kostet 1 Anfrage. Erneut mit --spend ausführen, oder mit --no-verify ungeprüft speichern.',
      saved: (masked, origin, profile, verified) =>
        `Schlüssel ${masked} im Schlüsselbund des Systems für ${origin} gespeichert${profile !== null ? ` (Profil „${profile}“)` : ''} (${verified ? 'geprüft' : 'nicht geprüft'}).`,
    },
    profile: {
      noBaseUrl: 'keine Basis-URL',
      month: (remaining, limit, resetAt, now) =>
        `${f.num(remaining)} von ${f.num(limit)} übrig · wieder voll am ${f.utcDay(resetAt, now)}`,
      noFigures: 'noch keine Zahlen',
      notSetUp: 'nicht eingerichtet (lookup-tray --profile NAME key set --base-url URL)',
      inUseNote: '* das Profil in Gebrauch (lookup-tray profile use NAME wechselt; --profile NAME für einen Befehl)',
      taken: (name) => `Es gibt schon ein Profil namens ${name}.`,
      added: (name, next) =>
        `Profil ${name} angelegt; es ist jetzt das Profil in Gebrauch. Als Nächstes sein Schlüssel: ${next}`,
      alreadyInUse: (name) => `${name} ist bereits das Profil in Gebrauch.`,
      nowUsing: (name, base) => `Jetzt in Gebrauch: Profil ${name}${base ? ` (${base})` : ''}.`,
      renamed: (name, to) => `Profil ${name} in ${to} umbenannt: Schlüssel, Zahlen und Verlauf sind mitgezogen.`,
      removeQuestion: (name) => `Profil ${name} mit Schlüssel, Zahlen, Verlauf und gespeicherten Antworten entfernen?`,
      nothingRemoved: 'Nichts entfernt.',
      noKeychain:
        'Kein Schlüsselbund des Systems gefunden: der Schlüssel des Profils konnte nicht verschoben oder entfernt werden. GNOME Keyring oder KWallet installieren und entsperren (Linux), oder den macOS-Schlüsselbund / die Windows-Anmeldeinformationsverwaltung verwenden.',
      removed: (name) => `Profil ${name} mit Schlüssel und Zahlen entfernt.`,
      needsYes: (name) => `${name} zu entfernen löscht Schlüssel, Zahlen und Verlauf: --yes anfügen, um fortzufahren.`,
    },
    demo: demo(f),
    config: { readOnly: 'schreibgeschützt: mit „lookup-tray profile use NAME“ ändern' },
    cache: {
      cleared: (n, profile) =>
        `${f.count(n, { one: 'gespeicherte Antwort', other: 'gespeicherte Antworten' })} des Profils „${profile}“ entfernt.`,
    },
    lookup: lookup(f, ago),
    serve: {
      serving: (n, url) =>
        `Metriken von ${f.count(n, { one: 'Profil', other: 'Profilen' })} unter ${url} (Strg+C beendet)`,
      stopped: 'Beendet.',
      cannotListen: (where, code) => `Kann nicht auf ${where} lauschen (${code}).`,
      noFreeCheck: 'dieser Dienst hat keine kostenlose Kontingentprüfung (/v2/status), und serve verbraucht nichts',
    },
    report: {
      wrote: (label, path) => `Bericht zu „${label}“ nach ${path} geschrieben.`,
      cannotWrite: (path, code) => `Kann ${path} nicht schreiben (${code}).`,
      attention: (n, label, out) =>
        `${f.count(n, { one: 'Adresse braucht', other: 'Adressen brauchen' })} Aufmerksamkeit in „${label}“${out === null ? '.' : `: nach ${out} geschrieben.`}`,
    },
    input: {
      stopped: (where) => `Lesen von ${where} abgebrochen (Strg+C): nichts wurde gesendet.`,
      cannotRead: (where, error) => `Kann ${where} nicht lesen (${error}).`,
      stdin: 'die Standardeingabe',
    },
    confirm: { yesNo: '[j/N]', cancelled: 'Abgebrochen.' },
    bulk: {
      sendUpTo: (n) => `Bis zu ${f.count(n, { one: 'Anfrage', other: 'Anfragen' })} senden?`,
      nothingSent: 'Nichts gesendet.',
      needsYes: (n) =>
        `Das verbraucht bis zu ${f.count(n, { one: 'Anfrage', other: 'Anfragen' })}: --yes anfügen, um fortzufahren.`,
    },
    noKeychain:
      'Kein Schlüsselbund des Systems gefunden: GNOME Keyring oder KWallet installieren und entsperren (Linux), oder den macOS-Schlüsselbund / die Windows-Anmeldeinformationsverwaltung verwenden. Die Kommandozeile bewahrt Schlüssel nur dort auf.',
    noService:
      'Noch kein Dienst eingerichtet: „lookup-tray key set --base-url URL“ ausführen (oder in der App einstellen).',
  };
};
