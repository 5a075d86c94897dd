/**
 * The report of a bulk job (shared/report.ts), computed from the answers state.db holds: one pass over the job's rows,
 * no request. Each answer is read through shared/answer.ts `readAnswer` (the one answer model); what it does not say
 * (no country, no ASN, no security object, a threat score out of range) is counted in an 'unknown' row, never guessed.
 * Works on a job in any state: pending and failed addresses, and the private or reserved ones a job kept, are counted
 * apart in its coverage and in none of the breakdowns.
 */
import { SECURITY_FLAGS, type Answer } from '../../../shared/answer';
import {
  DEFAULT_THREAT_THRESHOLD,
  MAX_ROWS,
  MAX_TOP,
  REPORT_FLAGS,
  THREAT_BANDS,
  THREAT_FROM,
  type BulkReport,
  type ReportAsnRow,
  type ReportCoverage,
  type ReportPlaceFlag,
  type ReportRow,
  type ReportTopAddress,
} from '../../../shared/report';
import type { BulkJobInfo } from '../../../shared/bulk';
import {
  BLOCK_LIST_FORMATS,
  REPORT_FORMATS,
  type BlockListFormat,
  type ReportFormat,
} from '../../../shared/file-formats';
import { exportFileName } from './export';
import type { ReportItem } from '../storage/state-db-bulk';
import { Attention, addressEntry, reportAnswer } from './report-attention';
import { Places } from './report-places';

export const UNKNOWN = 'unknown';

/** A row being counted: its label, its addresses and hits, and (ASNs) the organisations named for it. */
interface Tally {
  label: string;
  addresses: number;
  hits: number;
  names?: Map<string, number>;
}

class Tallies {
  readonly map = new Map<string, Tally>();

  add(key: string, label: string, hits: number, name?: string | null): void {
    let t = this.map.get(key);
    if (!t) {
      t = { label, addresses: 0, hits: 0 };
      this.map.set(key, t);
    }
    t.addresses++;
    t.hits += hits;
    if (name) {
      t.names ??= new Map();
      t.names.set(name, (t.names.get(name) ?? 0) + 1);
    }
  }
}

const share = (n: number, of: number): number => (of > 0 ? n / of : 0);

/** Most addresses first, then most hits, then by label. */
const byWeight = (a: [string, Tally], b: [string, Tally]) =>
  b[1].addresses - a[1].addresses || b[1].hits - a[1].hits || a[1].label.localeCompare(b[1].label);

/** The organisation named most often for an ASN (the first named among equals). */
function mostNamed(names: Map<string, number> | undefined): string | null {
  let best: string | null = null;
  let n = 0;
  for (const [name, c] of names ?? []) if (c > n) [best, n] = [name, c];
  return best;
}

/**
 * A breakdown's rows: the known keys by weight (at most MAX_ROWS; the rest summed as 'other'), then 'unknown'.
 * Every answered address is in exactly one row, so the rows' addresses add up to `answered`.
 */
function ranked(t: Tallies, answered: number): ReportAsnRow[] {
  const known = [...t.map].filter(([k]) => k !== UNKNOWN).sort(byWeight);
  const row = (key: string, x: Tally): ReportAsnRow => ({
    key,
    label: x.label,
    addresses: x.addresses,
    hits: x.hits,
    share: share(x.addresses, answered),
    organization: mostNamed(x.names),
  });
  const rows = known.slice(0, MAX_ROWS).map(([k, x]) => row(k, x));
  const rest = known.slice(MAX_ROWS);
  if (rest.length) {
    const sum = rest.reduce((s, [, x]) => ({ ...s, addresses: s.addresses + x.addresses, hits: s.hits + x.hits }), {
      label: `Other (${rest.length})`,
      addresses: 0,
      hits: 0,
    });
    rows.push({ ...row('other', sum), others: rest.length });
  }
  const unknown = t.map.get(UNKNOWN);
  if (unknown) rows.push(row(UNKNOWN, unknown));
  return rows;
}

/** Rows in a fixed order (flags, bands), each shown even when empty. */
function fixed(t: Tallies, keys: readonly { key: string; label: string }[], answered: number): ReportRow[] {
  return keys.map(({ key, label }) => {
    const x = t.map.get(key);
    return { key, label, addresses: x?.addresses ?? 0, hits: x?.hits ?? 0, share: share(x?.addresses ?? 0, answered) };
  });
}

const FLAG_ROWS = [
  ...REPORT_FLAGS.map((id) => ({ key: id, label: SECURITY_FLAGS.find((f) => f.id === id)?.label ?? id })),
  { key: 'none', label: 'None flagged' },
  { key: UNKNOWN, label: 'Unknown' },
];
const THREAT_ROWS = [...THREAT_BANDS.map(({ key, label }) => ({ key, label })), { key: UNKNOWN, label: 'Unknown' }];

/** Which of the report's flags an answer sets; null when it says nothing of them (no security, or none said). */
function reportFlagsOf(a: Answer | null): string[] | null {
  const s = a?.security;
  if (!s || REPORT_FLAGS.every((f) => s.flags[f] === null)) return null;
  return REPORT_FLAGS.filter((f) => s.flags[f] === true);
}

function bandOf(score: number | null): string {
  if (score === null) return UNKNOWN;
  return [...THREAT_BANDS].reverse().find((b) => score >= b.min)?.key ?? UNKNOWN;
}

/** The most telling flag of an answer, for its point on the map. */
export function placeFlagOf(a: Answer | null): ReportPlaceFlag {
  const s = a?.security;
  if (!s) return 'unknown';
  if (s.threatScore !== null && s.threatScore >= THREAT_FROM) return 'threat';
  if (s.flags.vpn || s.flags.tor || s.flags.proxy) return 'anonymizer';
  if (s.flags.datacenter) return 'datacenter';
  const said = reportFlagsOf(a) !== null || s.threatScore !== null;
  return said ? 'none' : 'unknown';
}

/** The top addresses by hits, kept as they come (input order among equals: the first seen stays). */
class Top {
  readonly rows: ReportTopAddress[] = [];

  add(r: ReportItem, a: Answer | null): void {
    const last = this.rows.at(-1);
    if (this.rows.length >= MAX_TOP && last && last.hits >= r.hits) return;
    const entry = addressEntry(r, a);
    let i = this.rows.length;
    while (i > 0 && (this.rows[i - 1] as ReportTopAddress).hits < r.hits) i--;
    this.rows.splice(i, 0, entry);
    if (this.rows.length > MAX_TOP) this.rows.pop();
  }
}

/** What one pass over the rows counts. */
class Count {
  readonly coverage: ReportCoverage = {
    total: 0,
    answered: 0,
    failed: 0,
    pending: 0,
    privateOrReserved: 0,
    notLookedUp: 0,
    hits: 0,
    share: 0,
  };
  readonly countries = new Tallies();
  readonly asns = new Tallies();
  readonly flags = new Tallies();
  readonly threat = new Tallies();
  readonly places = new Places();
  readonly top = new Top();
  readonly attention: Attention;

  constructor(threatThreshold: number) {
    this.attention = new Attention(threatThreshold);
  }

  add(r: ReportItem): void {
    const c = this.coverage;
    const hits = Number.isSafeInteger(r.hits) && r.hits > 0 ? r.hits : 1;
    c.total++;
    c.hits += hits;
    const a = reportAnswer(r);
    this.top.add({ ...r, hits }, a);
    if (r.status === 'pending') c.pending++;
    else if (r.status === 'failed') c.failed++;
    else if (r.flag !== null) c.privateOrReserved++;
    else {
      c.answered++;
      this.answered(a, hits);
      this.attention.add({ ...r, hits }, a);
    }
  }

  private answered(a: Answer | null, hits: number): void {
    const country = a?.country;
    if (country) this.countries.add(country.code ?? country.name ?? UNKNOWN, country.name ?? country.code ?? '', hits);
    else this.countries.add(UNKNOWN, 'Unknown', hits);
    if (a?.asn) this.asns.add(a.asn, a.asn, hits, a.organization);
    else this.asns.add(UNKNOWN, 'Unknown', hits);
    const flags = reportFlagsOf(a);
    if (flags === null) this.flags.add(UNKNOWN, 'Unknown', hits);
    else if (flags.length === 0) this.flags.add('none', 'None flagged', hits);
    else for (const f of flags) this.flags.add(f, f, hits);
    this.threat.add(bandOf(a?.security?.threatScore ?? null), '', hits);
    if (a) this.places.add(a, hits, placeFlagOf(a));
  }
}

/** What a report is made with: the threat score from which an address needs attention (default 70). */
export interface ReportOptions {
  threatThreshold?: number;
}

/** The report of `job` from its rows (any order; each address once). Sends nothing. */
export function computeReport(
  job: BulkJobInfo,
  rows: Iterable<ReportItem>,
  madeAt: number,
  opts: ReportOptions = {},
): BulkReport {
  const count = new Count(opts.threatThreshold ?? DEFAULT_THREAT_THRESHOLD);
  for (const r of rows) count.add(r);
  const c = count.coverage;
  c.notLookedUp = c.privateOrReserved + c.failed + c.pending;
  c.share = share(c.answered, c.total);
  return {
    jobId: job.id,
    label: job.label,
    ...(job.demo ? { demo: true as const } : {}),
    state: job.state,
    madeAt,
    requests: 0,
    coverage: c,
    attention: count.attention.result(),
    countries: ranked(count.countries, c.answered).map(({ organization: _o, ...row }) => row),
    asns: ranked(count.asns, c.answered),
    flags: fixed(count.flags, FLAG_ROWS, c.answered),
    threat: fixed(count.threat, THREAT_ROWS, c.answered),
    top: count.top.rows,
    places: count.places.list(),
  };
}

/** "blocklist-auth-log-20261126-133000.nft": as a job's export is named, with the block list's own extension. */
export function blockListFileName(label: string, at: number, format: BlockListFormat): string {
  const ext = BLOCK_LIST_FORMATS[format].extension;
  return exportFileName(label, at, 'csv')
    .replace(/^bulk-/, format === 'fail2ban' ? 'fail2ban-' : 'blocklist-')
    .replace(/\.csv$/, `.${ext}`);
}

/** "report-auth-log-20261126-133000.md": as a job's export is named (export.ts), with the report's own extension. */
export function reportFileName(label: string, at: number, format: ReportFormat): string {
  const ext = REPORT_FORMATS[format].extension;
  return exportFileName(label, at, 'csv')
    .replace(/^bulk-/, 'report-')
    .replace(/\.csv$/, `.${ext}`);
}
