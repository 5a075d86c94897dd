/** Deutsch: der Ergebnisbereich der Nachschlage-Ansicht, seine Ansage, das Alter einer letzten Abfrage. */
import type { Fmt } from '../fmt';
import type { UiResultWords } from '../words';
import type { RangeKind } from '../../range-kind';
import { ageIn, whenIn } from '../en/ui-result';

const RANGE_NAMES: Record<RangeKind, string> = {
  private: 'Eine private Adresse',
  loopback: 'Eine Loopback-Adresse',
  linkLocal: 'Eine link-lokale Adresse',
  multicast: 'Eine Multicast-Adresse',
  unspecified: 'Die unspezifizierte Adresse',
  broadcast: 'Die Broadcast-Adresse',
  carrierGradeNat: 'Eine Carrier-Grade-NAT-Adresse',
  reserved: 'Eine reservierte Adresse',
  benchmarking: 'Eine Benchmark-Adresse',
  discard: 'Eine Discard-Adresse',
  as112: 'Eine AS112-Adresse',
  amt: 'Eine AMT-Relay-Adresse',
  deprecatedSiteLocal: 'Eine veraltete site-lokale Adresse',
  deprecatedOrchid: 'Eine veraltete ORCHID-Adresse',
  orchid2: 'Eine ORCHID-Adresse',
  rfc6145: 'Eine IPv4-übersetzte Adresse',
  rfc6052: 'Eine IPv4-eingebettete Adresse',
  '6to4': 'Eine 6to4-Adresse',
  teredo: 'Eine Teredo-Adresse',
  droneRemoteIdProtocolEntityTags: 'Eine Drohnen-Remote-ID-Adresse',
  segmentRouting: 'Eine Segment-Routing-Adresse',
};

export const uiResult = (f: Fmt): UiResultWords => {
  const age = ageIn(f.locale, 'gerade eben');
  const when = whenIn(f, {
    at: (time) => `um ${time}`,
    on: (day, time) => `am ${day} um ${time}`,
    unknown: 'zu einer unbekannten Zeit',
  });
  const size = (bytes: number): string =>
    bytes >= 1e6
      ? `${new Intl.NumberFormat(f.locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / 1e6)} MB`
      : `${f.num(Math.round(bytes / 1e3))} kB`;
  return {
    region: 'Ergebnis der Abfrage',
    placeholder:
      'Geben Sie eine IP-Adresse ein, um zu sehen, wo sie liegt, wer sie betreibt und ob sie hinter einem VPN oder Tor steckt.',
    pending: (refresh, ip) => (refresh ? `Aktualisiere ${ip}…` : `Frage ${ip} ab…`),
    cancel: 'Abbrechen',
    confirmTitle: (ip) => `${ip} abfragen?`,
    confirmText: (range) =>
      `${RANGE_NAMES[range]}: Der Dienst weiß darüber vielleicht wenig. Noch wurde nichts gesendet; eine Abfrage kostet 1 Anfrage.`,
    confirmGo: 'Trotzdem abfragen (1 Anfrage)',
    note: (range) => `${RANGE_NAMES[range]}: Der Dienst weiß darüber vielleicht wenig.`,
    rangeName: (range) => RANGE_NAMES[range],
    limitReset: (scope) => (scope === 'minute' ? 'Minutenlimit zurückgesetzt' : 'Monatskontingent wieder voll'),
    limitWas: (scope, t, now) =>
      `${scope === 'minute' ? 'Das Minutenlimit wurde' : 'Das Monatskontingent wurde'} ${when(t, now)} ${
        scope === 'minute' ? 'erreicht' : 'aufgebraucht'
      } — inzwischen zurückgesetzt; fragen Sie erneut ab.`,
    lookUpAgain: 'Erneut abfragen',
    stillLimited: (at, now) => `Weiter begrenzt (geprüft ${age(now - at)})`,
    triedAnyway: 'Trotzdem versucht: Der Dienst hat abgelehnt (429). Siehe den Countdown oben.',
    limitTitle: (scope) => (scope === 'minute' ? 'Minutenlimit erreicht' : 'Monatskontingent aufgebraucht'),
    limitText: (cooldown) =>
      `${cooldown ? 'Nicht gesendet, also nichts verbraucht. ' : 'Der Dienst hat diese Abfrage abgelehnt (429). '}Siehe den Countdown oben.`,
    badTitle: 'Der Dienst hat eine Antwort geschickt, die Lookup Tray nicht versteht',
    raw: 'Rohe Antwort',
    emptyBody: '(leerer Inhalt)',
    copyRaw: 'Rohe Antwort kopieren',
    source: (source, expired, ms) =>
      source === 'network'
        ? `Aus dem Netz · ${age(ms)}`
        : expired
          ? `Gespeicherte Antwort · abgerufen ${age(ms)} — vielleicht veraltet`
          : `Aus dem Cache · abgerufen ${age(ms)}`,
    refresh: 'Aktualisieren (1 Anfrage)',
    fact: {
      IP: 'IP',
      Hostname: 'Hostname',
      'Address type': 'Adresstyp',
      Country: 'Land',
      Region: 'Region',
      City: 'Stadt',
      Coordinates: 'Koordinaten',
      ASN: 'ASN',
      Organisation: 'Organisation',
      ISP: 'Provider',
      Network: 'Netz',
      'Time zone': 'Zeitzone',
      'Local time': 'Ortszeit',
      Security: 'Sicherheit',
      'Threat score': 'Bedrohungswert',
    },
    flag: {
      vpn: 'VPN',
      tor: 'Tor',
      proxy: 'Proxy',
      datacenter: 'Rechenzentrum',
      anonymous: 'Anonym',
      'icloud-relay': 'iCloud Relay',
      bot: 'Bot',
      abuser: 'Missbrauch',
      'known-attacker': 'Bekannter Angreifer',
      spam: 'Spam',
    },
    noFlags: 'Kein VPN, Tor, Proxy oder Rechenzentrum',
    copyFact: (label) => `${label} kopieren`,
    unexpectedShape: (ip) => `Die Antwort für ${ip} hat eine unerwartete Form; hier ist sie vollständig.`,
    fullResponse: 'Vollständige Antwort',
    copyJson: 'JSON kopieren',
    map: 'Karte',
    mapName: 'Karte: die Koordinaten in OpenStreetMap öffnen',
    mapTitle: 'Öffnet openstreetmap.org in Ihrem Browser',
    mapFailed: 'Nicht geöffnet',
    mapFailedName: 'Nicht geöffnet: Die Karte ließ sich nicht öffnen',
    tooLarge: (bytes) => `Diese Antwort ist ${size(bytes)} groß — zu groß, um sie hier zu zeigen.`,
    saveAs: 'Als Datei sichern…',
    saving: 'Wird gesichert…',
    saveFailed: 'Die Antwort konnte nicht gesichert werden.',
    copy: 'Kopieren',
    copied: 'Kopiert',
    copyFailed: 'Kopieren gescheitert',
    expandAll: 'Alles aufklappen',
    collapseAll: 'Alles zuklappen',
    toggle: (open, key) => `${key ?? 'Die Antwort'} ${open ? 'zuklappen' : 'aufklappen'}`,
    spokenTooLarge: (ip) =>
      `${ip}: Die Antwort ist zu groß, um sie hier zu zeigen; sie kann als Datei gesichert werden.`,
    spokenAnswer: (ip, main, source, expired) =>
      `${ip}${main ? `: ${main}` : ''}. ${
        expired ? 'Gespeicherte Antwort, vielleicht veraltet' : source === 'cache' ? 'Aus dem Cache' : 'Aus dem Netz'
      }.`,
    age,
  };
};
