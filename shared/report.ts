/**
 * The report of a bulk job (issue 35): where its addresses are, who runs them, which hide. Computed in the core from
 * the answers state.db already holds (electron/core/bulk/report.ts; 0 requests), on a job in any state: its coverage
 * says how much of it was answered. What the answers do not say is counted as unknown (a row of its own), never
 * guessed. This file holds the report's types, its export formats and its Markdown rendering (pure: the window, the
 * core and the command line share it).
 */
import { makeFmt } from './i18n/fmt';
import { uiReport } from './i18n/en/ui-report';

let en: ReturnType<typeof uiReport> | null = null;
/** The Report view's English words (shared/i18n/en/ui-report.ts): the exports' sentences the view also says, once. */
const english = (): ReturnType<typeof uiReport> => (en ??= uiReport(makeFmt('en-US')));

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
export const DEMO_REPORT_NOTE =
  'DEMO: simulated answers from the demo service, not a real lookup. Its countries, networks and flags are made up.';

/** "Report: auth.log", and "— DEMO" after it for a demo job's report. */
export function reportTitle(r: Pick<BulkReport, 'label' | 'demo'>): string {
  return `Report: ${r.label}${r.demo ? ' — DEMO' : ''}`;
}

/** "12.5 %" (one decimal; "0 %" for none). */
export function percentText(share: number): string {
  return english().percent(share);
}

/** "1,234" (en-US grouping, without Intl). */
export function reportCount(n: number): string {
  return String(Math.max(0, Math.round(n))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A country's row label: "Germany (DE)"; the name alone when the answers give no code. */
export function countryLabel(row: ReportRow): string {
  return /^[A-Z]{2}$/.test(row.key) && row.label !== row.key ? `${row.label} (${row.key})` : row.label;
}

/** The coverage in one sentence: what the report is made of. */
export function coverageText(r: BulkReport): string {
  return english().coverage(r.coverage, r.state);
}

/** One breakdown as a table: its header and rows of cells (text as it is; each renderer escapes for where it goes). */
export interface ReportTable {
  title: string;
  /** A sentence under the title, or null. */
  note: string | null;
  /** What a table without rows says, when not the uiReport area's noneAnswered. */
  empty?: string;
  header: string[];
  /** Which columns are numbers (aligned right). */
  numeric: boolean[];
  rows: string[][];
}

const counts = (r: ReportRow) => [reportCount(r.addresses), percentText(r.share), reportCount(r.hits)];

const ADDRESS_HEADER = ['Address', 'Threat', 'Hits', 'Lines', 'Country', 'Organisation', 'Flags'];
const ADDRESS_NUMERIC = [false, true, true, false, false, false, false];

/** A row of an address table (Needs attention, top addresses): its threat score beside its hits. */
function addressCells(t: ReportTopAddress): string[] {
  return [
    t.ip,
    t.threatScore === null ? '' : String(t.threatScore),
    reportCount(t.hits),
    t.line === t.lastLine ? String(t.line) : `${t.line}–${t.lastLine}`,
    t.status === 'done' ? (t.country ?? 'Unknown') : t.status === 'failed' ? 'failed' : 'not asked yet',
    t.organization ?? '',
    t.flags === null ? (t.status === 'done' ? 'Unknown' : '') : t.flags.join(', ') || 'none',
  ];
}

/** The "Needs attention" section's note: what puts an address there, and how many the table leaves out. */
export function attentionNote(a: ReportAttention): string {
  return english().attentionNote(a.threshold, a.rows.length, a.total);
}

/** The "Needs attention" section as a table (the first of reportTables). */
export function attentionTable(r: BulkReport): ReportTable {
  const a = r.attention;
  return {
    title: english().attention,
    note: attentionNote(a),
    ...(r.coverage.answered > 0 ? { empty: english().noAttention } : {}),
    header: ADDRESS_HEADER,
    numeric: ADDRESS_NUMERIC,
    rows: a.rows.map(addressCells),
  };
}

/** The report's breakdowns as tables, in the order every front end shows them. */
export function reportTables(r: BulkReport): ReportTable[] {
  const n = [false, true, true, true];
  return [
    attentionTable(r),
    {
      title: 'Countries',
      note: null,
      header: ['Country', 'Addresses', 'Share', 'Hits'],
      numeric: n,
      rows: r.countries.map((x) => [countryLabel(x), ...counts(x)]),
    },
    {
      title: 'Networks',
      note: null,
      header: ['ASN', 'Organisation', 'Addresses', 'Share', 'Hits'],
      numeric: [false, ...n],
      rows: r.asns.map((x) => [x.label, x.organization ?? '', ...counts(x)]),
    },
    {
      title: 'Security flags',
      note: 'An address may carry several flags.',
      header: ['Flag', 'Addresses', 'Share', 'Hits'],
      numeric: n,
      rows: r.flags.map((x) => [x.label, ...counts(x)]),
    },
    {
      title: 'Threat score',
      note: null,
      header: ['Band', 'Addresses', 'Share', 'Hits'],
      numeric: n,
      rows: r.threat.map((x) => [x.label, ...counts(x)]),
    },
    {
      title: english().top,
      note: null,
      header: ADDRESS_HEADER,
      numeric: ADDRESS_NUMERIC,
      rows: r.top.map(addressCells),
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
