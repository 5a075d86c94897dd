/**
 * The report's "Needs attention" section (issue 41, "the addresses that matter first"): the answered public addresses
 * flagged Tor, proxy or VPN, or with a threat score at or above the threshold (shared/report.ts `needsAttention`),
 * highest threat first, then most hits, then first line. Counted in the report's one pass; the rows kept are bounded
 * (MAX_ATTENTION) whatever the job's size, the total and hits are of all of them.
 */
import { SECURITY_FLAGS, answerFromFacts, readAnswer, type Answer } from '../../../shared/answer';
import {
  MAX_ATTENTION,
  attentionOrder,
  needsAttention,
  type ReportAttention,
  type ReportTopAddress,
} from '../../../shared/report';
import type { ReportItem } from '../storage/state-db-bulk';

/** The answer a report reads of a row: its stored facts, or its body (recorded before facts were kept); null unless done. */
export function reportAnswer(r: ReportItem): Answer | null {
  if (r.status !== 'done') return null;
  return r.facts ? answerFromFacts(r.facts) : readAnswer(r.body);
}

/**
 * Every address of a job that needs attention (not only the rows a report shows), in the section's order: what a
 * block list of the report holds. Answered public addresses only (a private one kept at input is not asked).
 */
export function attentionAddresses(rows: Iterable<ReportItem>, threshold: number): string[] {
  const all: ReportTopAddress[] = [];
  for (const r of rows) {
    if (r.status !== 'done' || r.flag !== null) continue;
    const a = reportAnswer(r);
    if (needsAttention(a?.security, threshold)) all.push(addressEntry(r, a));
  }
  return all.sort(attentionOrder).map((x) => x.ip);
}

/** An address's row in the report's address tables (top addresses, needs attention). */
export function addressEntry(r: ReportItem, a: Answer | null): ReportTopAddress {
  const s = a?.security;
  return {
    ip: r.ip,
    hits: r.hits,
    line: r.line,
    lastLine: r.lastLine,
    status: r.status,
    country: a?.country?.name ?? a?.country?.code ?? null,
    countryCode: a?.country?.code ?? null,
    organization: a?.organization ?? null,
    // Flags no answer said (missing, or sent as "None") are unknown, not "none": null, as without security.
    flags:
      s && SECURITY_FLAGS.some((f) => s.flags[f.id] !== null)
        ? SECURITY_FLAGS.filter((f) => s.flags[f.id] === true).map((f) => f.label)
        : null,
    threatScore: s?.threatScore ?? null,
  };
}

/** The addresses that need attention, counted as the report's pass meets them. */
export class Attention {
  private readonly rows: ReportTopAddress[] = [];
  private total = 0;
  private hits = 0;

  constructor(private readonly threshold: number) {}

  /** An answered public address (its hits already made sane). */
  add(r: ReportItem, a: Answer | null): void {
    if (!needsAttention(a?.security, this.threshold)) return;
    this.total++;
    this.hits += r.hits;
    const entry = addressEntry(r, a);
    const last = this.rows.at(-1);
    if (this.rows.length >= MAX_ATTENTION && last && attentionOrder(last, entry) <= 0) return;
    let i = this.rows.length;
    while (i > 0 && attentionOrder(this.rows[i - 1] as ReportTopAddress, entry) > 0) i--;
    this.rows.splice(i, 0, entry);
    if (this.rows.length > MAX_ATTENTION) this.rows.pop();
  }

  result(): ReportAttention {
    return { threshold: this.threshold, total: this.total, hits: this.hits, rows: this.rows };
  }
}
