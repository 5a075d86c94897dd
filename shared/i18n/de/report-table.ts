/** Deutsch: der Bericht einer Sammelabfrage als Tabellen, für `lookup-tray report` und `bulk --report`. */
import type { Fmt } from '../fmt';
import type { ReportTableWords } from '../words';

export const reportTable = (f: Fmt): ReportTableWords => ({
  title: (label, demo) => `Bericht: ${label}${demo ? ' — DEMO' : ''}`,
  demoNote:
    'DEMO: simulierte Antworten des Demo-Dienstes, keine echte Abfrage. Länder, Netze und Merkmale sind erfunden.',
  countries: 'Länder',
  networks: 'Netze',
  flags: 'Sicherheitsmerkmale',
  flagsNote: 'Eine Adresse kann mehrere Merkmale tragen.',
  flagsNoteInline: 'eine Adresse kann mehrere Merkmale tragen',
  attentionInline: (threshold, shown, total) =>
    `als Tor, Proxy oder VPN markiert oder mit einem Bedrohungswert ab ${f.num(threshold)}; höchste Bedrohung zuerst, dann die meisten Treffer${
      total > shown ? `. Die ersten ${f.num(shown)} von ${f.num(total)} werden gezeigt` : ''
    }`,
  threat: 'Bedrohungswert',
  header: {
    address: 'Adresse',
    threat: 'Bedrohung',
    hits: 'Treffer',
    lines: 'Zeilen',
    country: 'Land',
    organisation: 'Organisation',
    flags: 'Merkmale',
    addresses: 'Adressen',
    share: 'Anteil',
    asn: 'ASN',
    flag: 'Merkmal',
    band: 'Bereich',
  },
  unknown: 'Unbekannt',
  noneFlagged: 'Ohne Merkmal',
  other: (n) => `Andere (${f.num(n)})`,
  failed: 'fehlgeschlagen',
  notAsked: 'noch nicht abgefragt',
  none: 'keine',
  count: (n) => f.num(Math.max(0, Math.round(n))),
});
