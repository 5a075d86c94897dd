/**
 * Which rows of a job's results table a filter keeps: a security flag the answer sets (VPN, Tor, proxy, data centre),
 * a threat score from a band up, a country. Each answer is read through shared/answer.ts (the one answer model); an
 * answer that does not say is not kept by a flag or threat filter (unknown is not "yes"), and is kept by the country
 * filter 'unknown' only when it was answered.
 */
import { readAnswer } from '../../../shared/answer';
import { THREAT_FROM, type BulkResultsFilter } from '../../../shared/report';
import type { BulkItemRow } from '../storage/state-db-bulk';

/** Whether `filter` asks anything (an empty object keeps every row). */
export function filters(filter: BulkResultsFilter | undefined): filter is BulkResultsFilter {
  return !!filter && (filter.flag !== undefined || filter.country !== undefined);
}

/** The filter as a predicate over a stored row. */
export function rowFilter(filter: BulkResultsFilter): (r: BulkItemRow) => boolean {
  const country = filter.country?.trim().toUpperCase();
  const threatMin = filter.threatMin ?? THREAT_FROM;
  return (r) => {
    if (r.status !== 'done') return false;
    const a = readAnswer(r.body);
    if (filter.flag !== undefined) {
      const s = a?.security;
      if (!s) return false;
      if (filter.flag === 'threat') {
        if (s.threatScore === null || s.threatScore < threatMin) return false;
      } else if (s.flags[filter.flag] !== true) return false;
    }
    if (country !== undefined && country !== '') {
      const code = a?.country?.code ?? null;
      if (country === 'UNKNOWN' ? code !== null : code !== country) return false;
    }
    return true;
  };
}
