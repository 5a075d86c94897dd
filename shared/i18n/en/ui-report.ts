/**
 * English: the Report view of a bulk job — its coverage, the addresses that need attention, the map and its places,
 * the breakdowns. The report's exports (Markdown, HTML, CSV: shared/report.ts) stay English: they are files others
 * read and tools parse.
 */
import type { Fmt } from '../fmt';
import type { BulkJobState } from '../../bulk';

/** "12.5 %" (one decimal; "0 %" for none), in the language's decimal sign. */
function percent(f: Fmt, share: number): string {
  if (!(share > 0)) return '0 %';
  const text = `${(Math.min(1, share) * 100).toFixed(1)} %`;
  return f.locale === 'en-US' ? text : text.replace('.', ',');
}

/** The report's coverage, as the core counts it (shared/report.ts BulkReport's `coverage`). */
export interface CoverageFacts {
  total: number;
  hits: number;
  answered: number;
  share: number;
  privateOrReserved: number;
  failed: number;
  pending: number;
}

export const uiReport = (f: Fmt) => {
  const n = f.num;
  const state: Record<BulkJobState, string> = {
    ready: 'ready',
    running: 'running',
    paused: 'paused',
    stopped: 'stopped',
    finished: 'finished',
    cancelled: 'cancelled',
  };
  return {
    title: 'Report',
    titleOf: (label: string) => `Report · ${label}`,
    loadFailed: 'The report could not be made.',
    making: 'Making the report…',
    gone: 'This bulk job is gone: there is nothing to report.',
    coverageLabel: 'Coverage',
    coverage: (c: CoverageFacts, jobState: BulkJobState) => {
      const apart = [
        c.privateOrReserved ? `${n(c.privateOrReserved)} private or reserved` : null,
        c.failed ? `${n(c.failed)} failed` : null,
        c.pending ? `${n(c.pending)} not asked yet` : null,
      ].filter((x): x is string => x !== null);
      return (
        `${n(c.total)} addresses (${n(c.hits)} hits), ${n(c.answered)} answered (${percent(f, c.share)})` +
        (apart.length ? `; not looked up: ${apart.join(', ')}` : '') +
        `. The job is ${state[jobState]}; the report sent no request.`
      );
    },
    exportLead: 'Export report:',
    /** Needs attention. */
    attention: 'Needs attention',
    attentionNote: (threshold: number, shown: number, total: number) =>
      `Flagged Tor, proxy or VPN, or a threat score of ${n(threshold)} or more; highest threat first, then most hits.` +
      (total > shown ? ` The ${n(shown)} first of ${n(total)} are shown.` : ''),
    noAttention: 'No answered address needs attention.',
    noneAnswered: 'None answered yet.',
    /** The map and its places. */
    noPlaces: 'No answer gives a location: there is nothing to put on a map.',
    places: 'Where the addresses are',
    mapFailed: 'The map could not be loaded; the places are listed below.',
    topPlaces: 'Top places by hits:',
    morePlaces: (more: number) => `and ${n(more)} more places on the map.`,
    place: (label: string, hits: number, addresses: number) =>
      `${label}: ${f.count(hits, { one: 'hit', other: 'hits' })} from ${f.count(addresses, { one: 'address', other: 'addresses' })}`,
    mapLabel: 'World map of the located addresses',
    insetLabel: (count: number) => `Enlarged: the ${n(count)} places in the box on the world map`,
    mapFlag: {
      threat: 'Threat',
      anonymizer: 'VPN, Tor or proxy',
      datacenter: 'Datacenter',
      none: 'None flagged',
      unknown: 'Unknown',
    },
    larger: 'Larger: more hits',
    theBox: 'The box: enlarged below',
    /** The breakdowns. */
    byCountry: 'By country',
    byNetwork: 'By network (ASN)',
    byFlag: 'By security flag',
    byThreat: 'By threat score',
    colCountry: 'Country',
    colAsn: 'ASN',
    colFlag: 'Flag',
    colThreat: 'Threat score',
    colAddresses: 'Addresses',
    colShare: 'Share',
    colHits: 'Hits',
    flagsNote: 'An address may carry several flags: the shares need not add up to 100 %.',
    unknown: 'Unknown',
    noneFlagged: 'None flagged',
    other: (count: number) => `Other (${n(count)})`,
    number: (x: number) => n(x),
    percent: (share: number) => percent(f, share),
    /** The addresses' tables. */
    top: 'Top addresses by hits',
    colAddress: 'Address',
    colWhere: 'Where, who, flags',
    failed: 'failed',
    notAsked: 'not asked yet',
    unknownCountry: 'unknown country',
    unknownOrganisation: 'unknown organisation',
    flagsUnknown: 'unknown',
    flagsNone: 'none',
    threat: (score: number) => `threat ${score}`,
    lines: (first: number, last: number) => (first === last ? `line ${n(first)}` : `lines ${n(first)}–${n(last)}`),
    linesTitle: (first: number, last: number) => `lines ${n(first)}–${n(last)}`,
  };
};
