/**
 * The report of a bulk job (issue 35): where its addresses are, who runs them, which hide. Computed in the core from
 * the answers state.db already holds (electron/core/bulk/report.ts; 0 requests), on a job in any state: its coverage
 * says how much of it was answered. What the answers do not say is counted as unknown (a row of its own), never
 * guessed. This file holds the report's types, its export formats and its Markdown rendering (pure: the window, the
 * core and the command line share it).
 */

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

export type ThreatBand = (typeof THREAT_BANDS)[number]['key'];

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
  /** Labels of the security flags set ("VPN", "Tor"…); null when the answer says nothing of security. */
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
  state: 'ready' | 'running' | 'paused' | 'stopped' | 'finished' | 'cancelled';
  /** When the report was made (local clock, ms). */
  madeAt: number;
  /** A report never sends anything. */
  requests: 0;
  coverage: ReportCoverage;
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

/** The report's export formats (the job's own rows export as BulkExportFormat). */
export const REPORT_FORMATS = [
  { id: 'markdown', extension: 'md', label: 'Markdown' },
  { id: 'html', extension: 'html', label: 'HTML' },
] as const;

export type ReportFormat = (typeof REPORT_FORMATS)[number]['id'];

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
