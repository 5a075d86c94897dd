/** Deutsch: die Ansicht „Bericht“ einer Sammelabfrage (die Exporte bleiben Englisch). */
import type { Fmt } from '../fmt';
import type { UiReportWords } from '../words';
import type { BulkJobState } from '../../bulk';

function percent(share: number): string {
  if (!(share > 0)) return '0 %';
  return `${(Math.min(1, share) * 100).toFixed(1).replace('.', ',')} %`;
}

export const uiReport = (f: Fmt): UiReportWords => {
  const n = f.num;
  const state: Record<BulkJobState, string> = {
    ready: 'bereit',
    running: 'läuft',
    paused: 'pausiert',
    stopped: 'angehalten',
    finished: 'fertig',
    cancelled: 'abgebrochen',
  };
  const adressen = (c: number) => f.count(c, { one: 'Adresse', other: 'Adressen' });
  return {
    title: 'Bericht',
    titleOf: (label) => `Bericht · ${label}`,
    loadFailed: 'Der Bericht konnte nicht erstellt werden.',
    making: 'Der Bericht wird erstellt …',
    gone: 'Diese Sammelabfrage gibt es nicht mehr: Es gibt nichts zu berichten.',
    coverageLabel: 'Abdeckung',
    coverage: (c, jobState) => {
      const apart = [
        c.privateOrReserved ? `${n(c.privateOrReserved)} privat oder reserviert` : null,
        c.failed ? `${n(c.failed)} fehlgeschlagen` : null,
        c.pending ? `${n(c.pending)} noch nicht abgefragt` : null,
      ].filter((x): x is string => x !== null);
      return (
        `${adressen(c.total)} (${f.count(c.hits, { one: 'Treffer', other: 'Treffer' })}), ${n(c.answered)} beantwortet (${percent(c.share)})` +
        (apart.length ? `; nicht abgefragt: ${apart.join(', ')}` : '') +
        `. Die Abfrage ist ${state[jobState]}; der Bericht hat keine Anfrage gesendet.`
      );
    },
    exportLead: 'Bericht exportieren:',
    attention: 'Braucht Aufmerksamkeit',
    attentionNote: (threshold, shown, total) =>
      `Als Tor, Proxy oder VPN markiert oder mit einem Bedrohungswert ab ${n(threshold)}; höchste Bedrohung zuerst, dann die meisten Treffer.` +
      (total > shown ? ` Die ersten ${n(shown)} von ${n(total)} werden gezeigt.` : ''),
    noAttention: 'Keine beantwortete Adresse braucht Aufmerksamkeit.',
    noneAnswered: 'Noch keine beantwortet.',
    noPlaces: 'Keine Antwort nennt einen Ort: Es gibt nichts für eine Karte.',
    places: 'Wo die Adressen sind',
    mapFailed: 'Die Karte konnte nicht geladen werden; die Orte stehen unten.',
    topPlaces: 'Die Orte mit den meisten Treffern:',
    morePlaces: (more) => `und ${n(more)} weitere Orte auf der Karte.`,
    place: (label, hits, addresses) =>
      `${label}: ${f.count(hits, { one: 'Treffer', other: 'Treffer' })} von ${adressen(addresses)}`,
    mapLabel: 'Weltkarte der gefundenen Adressen',
    insetLabel: (count) => `Vergrößert: die ${n(count)} Orte im Rahmen auf der Weltkarte`,
    mapFlag: {
      threat: 'Bedrohung',
      anonymizer: 'VPN, Tor oder Proxy',
      datacenter: 'Rechenzentrum',
      none: 'Nicht markiert',
      unknown: 'Unbekannt',
    },
    larger: 'Größer: mehr Treffer',
    theBox: 'Der Rahmen: unten vergrößert',
    byCountry: 'Nach Land',
    byNetwork: 'Nach Netz (ASN)',
    byFlag: 'Nach Sicherheitsmerkmal',
    byThreat: 'Nach Bedrohungswert',
    colCountry: 'Land',
    colAsn: 'ASN',
    colFlag: 'Merkmal',
    colThreat: 'Bedrohungswert',
    colAddresses: 'Adressen',
    colShare: 'Anteil',
    colHits: 'Treffer',
    flagsNote: 'Eine Adresse kann mehrere Merkmale tragen: Die Anteile ergeben nicht unbedingt 100 %.',
    unknown: 'Unbekannt',
    noneFlagged: 'Nicht markiert',
    other: (count) => `Andere (${n(count)})`,
    number: (x) => n(x),
    percent: (share) => percent(share),
    top: 'Die Adressen mit den meisten Treffern',
    colAddress: 'Adresse',
    colWhere: 'Wo, wer, Merkmale',
    failed: 'fehlgeschlagen',
    notAsked: 'noch nicht abgefragt',
    unknownCountry: 'unbekanntes Land',
    unknownOrganisation: 'unbekannte Organisation',
    flagsUnknown: 'unbekannt',
    flagsNone: 'keine',
    threat: (score) => `Bedrohung ${score}`,
    lines: (first, last) => (first === last ? `Zeile ${n(first)}` : `Zeilen ${n(first)}–${n(last)}`),
    linesTitle: (first, last) => `Zeilen ${n(first)}–${n(last)}`,
  };
};
