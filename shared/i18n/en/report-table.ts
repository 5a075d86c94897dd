/**
 * English: a bulk job's report as tables (shared/report.ts reportTables) — the exported Markdown and HTML files (always
 * English: they go into tickets), and `lookup-tray report` / `bulk --report` in the command's language. The Report
 * view's own words are the uiReport area's; the sentences both say (coverage, attention) are taken from there.
 */
import type { Fmt } from '../fmt';

export const reportTable = (f: Fmt) => ({
  /** "Report: auth.log", "— DEMO" after it for a demo job's report. */
  title: (label: string, demo: boolean) => `Report: ${label}${demo ? ' — DEMO' : ''}`,
  demoNote:
    'DEMO: simulated answers from the demo service, not a real lookup. Its countries, networks and flags are made up.',
  countries: 'Countries',
  networks: 'Networks',
  flags: 'Security flags',
  flagsNote: 'An address may carry several flags.',
  /** The notes as a terminal shows them, in parentheses after the title. */
  flagsNoteInline: 'an address may carry several flags',
  attentionInline: (threshold: number, shown: number, total: number) =>
    `flagged Tor, proxy or VPN, or a threat score of ${f.num(threshold)} or more; highest threat first, then most hits${
      total > shown ? `. The ${f.num(shown)} first of ${f.num(total)} are shown` : ''
    }`,
  threat: 'Threat score',
  header: {
    address: 'Address',
    threat: 'Threat',
    hits: 'Hits',
    lines: 'Lines',
    country: 'Country',
    organisation: 'Organisation',
    flags: 'Flags',
    addresses: 'Addresses',
    share: 'Share',
    asn: 'ASN',
    flag: 'Flag',
    band: 'Band',
  },
  unknown: 'Unknown',
  noneFlagged: 'None flagged',
  /** The rows past the table's length, summed: "Other (12)". */
  other: (n: number) => `Other (${f.num(n)})`,
  failed: 'failed',
  notAsked: 'not asked yet',
  none: 'none',
  /** A count in a cell. */
  count: (n: number) => f.num(Math.max(0, Math.round(n))),
});
