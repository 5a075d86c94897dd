/**
 * The report of a bulk job (issue 35): where its addresses are, who runs them, which hide. Computed in the core from
 * the answers state.db already holds (electron/core/bulk/report.ts; 0 requests), on a job in any state: its coverage
 * says how much of it was answered. What the answers do not say is counted as unknown (a row of its own), never
 * guessed. This file holds the report's types, its export formats and its Markdown rendering (pure: the window, the
 * core and the command line share it).
 */
import { makeFmt } from './i18n/fmt';
import { uiReport } from './i18n/en/ui-report';
import { reportTable } from './i18n/en/report-table';
import { uiResult } from './i18n/en/ui-result';
import { SECURITY_FLAGS, type SecurityFlagId } from './answer';

/**
 * The words a report's text is made of: the Report view's sentences both say (uiReport: coverage, attention), the
 * tables' own (reportTable) and the flags' names (uiResult). The exported files use English (englishSpeech); the
 * command line its language.
 */
export interface ReportSpeech {
  ui: ReturnType<typeof uiReport>;
  table: ReturnType<typeof reportTable>;
  flag: Record<SecurityFlagId, string>;
}

let en: ReportSpeech | null = null;
/** The exports' words: English, once (shared/i18n/en/*: the Report view's sentences written once). */
export const englishSpeech = (): ReportSpeech => {
  if (en) return en;
  const f = makeFmt('en-US');
  return (en = { ui: uiReport(f), table: reportTable(f), flag: uiResult(f).flag });
};
const english = (): ReturnType<typeof uiReport> => englishSpeech().ui;

/** One line of a breakdown. `share`: of the answered addresses (0–1; 0 when none was answered). */
export interface ReportRow {
  /** Stable key: a country code, an ASN, a flag id, a band id; 'unknown' for the answers that do not say. */
  key: string;
  label: string;
  /** Unique addresses in the row. */
  addresses: number;
  /** How many times they occur in the input, summed. */
  hits: number;
  share: number;
  /** The 'other' row: how many rows it sums (its label says "Other (N)"). */
  others?: number;
}

export interface ReportAsnRow extends ReportRow {
  /** The organisation the answers name for it (the most frequent), or null. */
  organization: string | null;
}

/** The flag a point of the map and a top address is drawn in, most telling first. */
export type ReportPlaceFlag = 'threat' | 'anonymizer' | 'datacenter' | 'none' | 'unknown';

/** Threat-score bands (0–100), lowest first. `min` is the band's lowest score. */
export const THREAT_BANDS = [
  { key: '0-24', label: '0–24', min: 0 },
  { key: '25-49', label: '25–49', min: 25 },
  { key: '50-74', label: '50–74', min: 50 },
  { key: '75-100', label: '75–100', min: 75 },
] as const;

/** The score from which an address counts as a threat on the map (the top band). */
export const THREAT_FROM = 75;

/** The security flags a report breaks down by, in this order (ids of shared/answer.ts SECURITY_FLAGS). */
export const REPORT_FLAGS = ['vpn', 'tor', 'proxy', 'datacenter'] as const;

export type ReportFlag = (typeof REPORT_FLAGS)[number];

export interface ReportTopAddress {
  ip: string;
  hits: number;
  /** First and last line of the input it occurs on. */
  line: number;
  lastLine: number;
  status: 'pending' | 'done' | 'failed';
  country: string | null;
  countryCode: string | null;
  organization: string | null;
  /** Labels of the security flags set ("VPN", "Tor"…); null when the answer says none of its flags ("Unknown"). */
  flags: string[] | null;
  threatScore: number | null;
}

/** A point of the map: the located addresses at one place (rounded coordinates). */
export interface ReportPlace {
  lat: number;
  lon: number;
  hits: number;
  addresses: number;
  flag: ReportPlaceFlag;
  /** "Mountain View, United States", or the coordinates when the answers name no place. */
  label: string;
}

/**
 * The report's first section: the answered addresses flagged Tor, proxy or VPN, or with a threat score at or above
 * `threshold` (the setting Bulk reports → "Needs attention from threat score", `report --threat-threshold N`), highest
 * threat first (no score last), then most hits, then first line.
 */
export interface ReportAttention {
  threshold: number;
  /** How many addresses need attention (`rows` holds the first MAX_ATTENTION of them). */
  total: number;
  /** Their hits, summed. */
  hits: number;
  rows: ReportTopAddress[];
}

/** The threat score from which an address needs attention when no setting says otherwise. */
export const DEFAULT_THREAT_THRESHOLD = 70;
/** The flags that always make an address need attention (ids of shared/answer.ts SECURITY_FLAGS). */
export const ATTENTION_FLAGS = ['tor', 'proxy', 'vpn'] as const;
/** Rows of the "Needs attention" section shown (a block list takes them all: electron/core/bulk/block-list.ts). */
export const MAX_ATTENTION = 100;

/** Whether an answer's security needs attention: a flag of ATTENTION_FLAGS set, or a threat score ≥ threshold. */
export function needsAttention(
  s: { flags: Partial<Record<string, boolean | null>>; threatScore: number | null } | null | undefined,
  threshold: number,
): boolean {
  if (!s) return false;
  return ATTENTION_FLAGS.some((f) => s.flags[f] === true) || (s.threatScore !== null && s.threatScore >= threshold);
}

/** Needs attention first: highest threat (none last), then most hits, then the first line. */
export function attentionOrder(a: ReportTopAddress, b: ReportTopAddress): number {
  return (b.threatScore ?? -1) - (a.threatScore ?? -1) || b.hits - a.hits || a.line - b.line;
}

export interface ReportCoverage {
  /** Unique addresses in the job. */
  total: number;
  /** Answered (network or cache). */
  answered: number;
  failed: number;
  /** Not asked yet (a stopped, paused or running job). */
  pending: number;
  /** Answered addresses that are private, reserved or loopback (kept at input): counted apart from the breakdowns. */
  privateOrReserved: number;
  /** Addresses not looked up: private/reserved + failed + pending. */
  notLookedUp: number;
  /** Input occurrences of all the job's addresses (the sum of hits). */
  hits: number;
  /** answered / total (0–1). */
  share: number;
}

export interface BulkReport {
  jobId: string;
  label: string;
  /** The job ran in demo mode: its answers are simulated, and every export of the report says so. */
  demo?: true;
  state: 'ready' | 'running' | 'paused' | 'stopped' | 'finished' | 'cancelled';
  /** When the report was made (local clock, ms). */
  madeAt: number;
  /** A report never sends anything. */
  requests: 0;
  coverage: ReportCoverage;
  /** The addresses that matter first (Tor, proxy, VPN, a high threat score). */
  attention: ReportAttention;
  /** Most addresses first; then 'unknown' (answers without a country). */
  countries: ReportRow[];
  /** Most addresses first (at most MAX_ROWS, the rest summed as 'other'); then 'unknown'. */
  asns: ReportAsnRow[];
  /** One row per REPORT_FLAGS entry (an address may be in several), then 'none' and 'unknown' (no security answer). */
  flags: ReportRow[];
  /** One row per THREAT_BANDS entry, then 'unknown'. */
  threat: ReportRow[];
  /** The most hit addresses (at most MAX_TOP), most hits first, then input order. */
  top: ReportTopAddress[];
  /** Located places, most hits first (at most MAX_PLACES). */
  places: ReportPlace[];
}

/** Rows of a breakdown before the rest is summed as "Other". */
export const MAX_ROWS = 20;
export const MAX_TOP = 20;
export const MAX_PLACES = 2_000;

export type { ReportFormat } from './file-formats';

/** Sort of a job's results table: input order, or most hits first (input order among equals). */
export type BulkResultsSort = 'input' | 'hits';

/**
 * Filter of a job's results table: a flag the answer sets ('threat': a threat score ≥ `threatMin`, default
 * THREAT_FROM), and/or a country (ISO alpha-2, or 'unknown' for answered rows naming none). Both given: both hold.
 */
export interface BulkResultsFilter {
  flag?: ReportFlag | 'threat';
  threatMin?: number;
  country?: string;
}

/** What a demo job's report says under its title, in every format (the window shows DEMO as everywhere in it). */
export const DEMO_REPORT_NOTE = englishSpeech().table.demoNote;

/** "Report: auth.log", and "— DEMO" after it for a demo job's report. */
export function reportTitle(r: Pick<BulkReport, 'label' | 'demo'>, s = englishSpeech()): string {
  return s.table.title(r.label, r.demo === true);
}

/** "12.5 %" (one decimal; "0 %" for none). */
export function percentText(share: number, s = englishSpeech()): string {
  return s.ui.percent(share);
}

/** "1,234" (en-US grouping in the exports). */
export function reportCount(n: number, s = englishSpeech()): string {
  return s.table.count(n);
}

/** A country's row label: "Germany (DE)"; the name alone when the answers give no code. */
export function countryLabel(row: ReportRow): string {
  return /^[A-Z]{2}$/.test(row.key) && row.label !== row.key ? `${row.label} (${row.key})` : row.label;
}

/** The coverage in one sentence: what the report is made of. */
export function coverageText(r: BulkReport, s = englishSpeech()): string {
  return s.ui.coverage(r.coverage, r.state);
}

/** One breakdown as a table: its header and rows of cells (text as it is; each renderer escapes for where it goes). */
export interface ReportTable {
  title: string;
  /** A sentence under the title, or null. */
  note: string | null;
  /** The same as a terminal says it, in parentheses after the title. */
  inline?: string;
  /** What a table without rows says, when not the uiReport area's noneAnswered. */
  empty?: string;
  header: string[];
  /** Which columns are numbers (aligned right). */
  numeric: boolean[];
  rows: string[][];
}

const counts = (r: ReportRow, s: ReportSpeech) => [
  reportCount(r.addresses, s),
  percentText(r.share, s),
  reportCount(r.hits, s),
];

const ADDRESS_NUMERIC = [false, true, true, false, false, false, false];

/** A flag's name ("VPN", "Tor"; the report keeps the English label) in the speech's words. */
function flagName(label: string, s: ReportSpeech): string {
  const id = SECURITY_FLAGS.find((f) => f.label === label)?.id;
  return id ? s.flag[id] : label;
}

/**
 * A breakdown's row label in the speech's words: a flag, "None flagged", "Unknown", "Other (N)"; a country, an ASN or a
 * band as the report has it (data).
 */
function rowLabel(x: ReportRow, s: ReportSpeech): string {
  if (x.key === 'none') return s.table.noneFlagged;
  if (x.key === 'unknown') return s.table.unknown;
  if (x.key === 'other' && x.others !== undefined) return s.table.other(x.others);
  return flagName(x.label, s);
}

/** A row of an address table (Needs attention, top addresses): its threat score beside its hits. */
function addressCells(t: ReportTopAddress, s: ReportSpeech): string[] {
  const w = s.table;
  return [
    t.ip,
    t.threatScore === null ? '' : String(t.threatScore),
    reportCount(t.hits, s),
    t.line === t.lastLine ? String(t.line) : `${t.line}–${t.lastLine}`,
    t.status === 'done' ? (t.country ?? w.unknown) : t.status === 'failed' ? w.failed : w.notAsked,
    t.organization ?? '',
    t.flags === null ? (t.status === 'done' ? w.unknown : '') : t.flags.map((f) => flagName(f, s)).join(', ') || w.none,
  ];
}

const addressHeader = (s: ReportSpeech) => {
  const h = s.table.header;
  return [h.address, h.threat, h.hits, h.lines, h.country, h.organisation, h.flags];
};

/** The "Needs attention" section's note: what puts an address there, and how many the table leaves out. */
export function attentionNote(a: ReportAttention, s = englishSpeech()): string {
  return s.ui.attentionNote(a.threshold, a.rows.length, a.total);
}

/** The "Needs attention" section as a table (the first of reportTables). */
export function attentionTable(r: BulkReport, s = englishSpeech()): ReportTable {
  const a = r.attention;
  return {
    title: s.ui.attention,
    note: attentionNote(a, s),
    inline: s.table.attentionInline(a.threshold, a.rows.length, a.total),
    ...(r.coverage.answered > 0 ? { empty: s.ui.noAttention } : {}),
    header: addressHeader(s),
    numeric: ADDRESS_NUMERIC,
    rows: a.rows.map((t) => addressCells(t, s)),
  };
}

/** The report's breakdowns as tables, in the order every front end shows them (English unless `s` says otherwise). */
export function reportTables(r: BulkReport, s = englishSpeech()): ReportTable[] {
  const n = [false, true, true, true];
  const w = s.table;
  const h = w.header;
  return [
    attentionTable(r, s),
    {
      title: w.countries,
      note: null,
      header: [h.country, h.addresses, h.share, h.hits],
      numeric: n,
      rows: r.countries.map((x) => [
        x.key === 'unknown' || x.key === 'other' ? rowLabel(x, s) : countryLabel(x),
        ...counts(x, s),
      ]),
    },
    {
      title: w.networks,
      note: null,
      header: [h.asn, h.organisation, h.addresses, h.share, h.hits],
      numeric: [false, ...n],
      rows: r.asns.map((x) => [rowLabel(x, s), x.organization ?? '', ...counts(x, s)]),
    },
    {
      title: w.flags,
      note: w.flagsNote,
      inline: w.flagsNoteInline,
      header: [h.flag, h.addresses, h.share, h.hits],
      numeric: n,
      rows: r.flags.map((x) => [rowLabel(x, s), ...counts(x, s)]),
    },
    {
      title: w.threat,
      note: null,
      header: [h.band, h.addresses, h.share, h.hits],
      numeric: n,
      rows: r.threat.map((x) => [rowLabel(x, s), ...counts(x, s)]),
    },
    {
      title: s.ui.top,
      note: null,
      header: addressHeader(s),
      numeric: ADDRESS_NUMERIC,
      rows: r.top.map((t) => addressCells(t, s)),
    },
  ];
}

/** U+2060 WORD JOINER: invisible, and no link, mention or reference reads across it. */
const JOIN = '\u2060';

/**
 * Text for a Markdown table cell or a line that does not begin one: every character Markdown or HTML could read as
 * markup there escaped (emphasis, code, links and images — their brackets —, HTML tags and entities, a cell's pipe,
 * strike-through), and kept on one line. What renderers turn into links or notifications by themselves is broken
 * with an invisible word joiner: bare `https://…` and `www.…` (GFM's autolinks, linkify), `name@host` and `@name`
 * (an e-mail link, a GitHub mention that notifies that user), `#123` (a GitHub issue reference). A service's answer
 * is data: in a ticket it must read as text, not ping anyone or link anywhere.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_{}[\]<>|~&]/g, '\\$&')
    .replace(/\s+/g, ' ')
    .replace(/:\/\//g, `:${JOIN}//`)
    .replace(/(www)\./gi, `$1${JOIN}.`)
    .replace(/@(?=[\p{L}\p{N}])/gu, `@${JOIN}`)
    .replace(/#(?=\d)/g, `#${JOIN}`);
}

/** The report as Markdown (GitHub-flavoured tables), for tickets and scripts. */
export function reportToMarkdown(r: BulkReport): string {
  const out = [`# ${escapeMarkdown(reportTitle(r))}`, ''];
  if (r.demo) out.push(`**${escapeMarkdown(DEMO_REPORT_NOTE)}**`, '');
  out.push(escapeMarkdown(coverageText(r)));
  for (const t of reportTables(r)) {
    out.push('', `## ${t.title}`, '');
    if (t.note) out.push(escapeMarkdown(t.note), '');
    if (t.rows.length === 0) {
      out.push(`_${escapeMarkdown(t.empty ?? english().noneAnswered)}_`);
      continue;
    }
    const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
    out.push(line(t.header), line(t.numeric.map((num) => (num ? '--:' : '---'))));
    for (const row of t.rows) out.push(line(row.map(escapeMarkdown)));
  }
  return `${out.join('\n')}\n`;
}
