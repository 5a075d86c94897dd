import type { BulkItemStatus, BulkResultsSort, ReportFlag } from '../../../shared/ipc';
import { THREAT_FROM } from '../../../shared/report';

/** What the results table shows: a status, an order, a flag the answer sets, a country. */
export interface RowQuery {
  status: BulkItemStatus | 'all';
  sort: BulkResultsSort;
  flag: ReportFlag | 'threat' | 'any';
  /** ISO alpha-2 code, 'unknown', or '' for any country. */
  country: string;
}

/** One key per distinct query: the table asks its pages again when it changes. */
export function queryKey(q: RowQuery): string {
  return `${q.status}|${q.sort}|${q.flag}|${q.country}`;
}

const FLAG_CHOICES: { value: RowQuery['flag']; label: string }[] = [
  { value: 'any', label: 'any' },
  { value: 'vpn', label: 'VPN' },
  { value: 'tor', label: 'Tor' },
  { value: 'proxy', label: 'Proxy' },
  { value: 'datacenter', label: 'Datacenter' },
  { value: 'threat', label: `Threat ${THREAT_FROM}+` },
];

/** A typed country: two letters (upper-cased) or "unknown"; anything else narrows nothing yet. */
export function countryQuery(typed: string): string {
  const t = typed.trim();
  if (/^[a-z]{2}$/i.test(t)) return t.toUpperCase();
  if (/^unknown$/i.test(t)) return 'unknown';
  return '';
}

/** The results table's order and its narrowing by flag and country (the core sorts and filters: electron/core/bulk). */
export function BulkNarrow({
  query,
  onChange,
}: {
  query: RowQuery;
  onChange: (q: (cur: RowQuery) => RowQuery) => void;
}) {
  return (
    <div className="bulk-narrow">
      <label>
        Order{' '}
        <select
          value={query.sort}
          onChange={(e) => onChange((q) => ({ ...q, sort: e.target.value as BulkResultsSort }))}
        >
          <option value="hits">most hits first</option>
          <option value="input">input order</option>
        </select>
      </label>
      <label>
        Flag{' '}
        <select
          value={query.flag}
          onChange={(e) => onChange((q) => ({ ...q, flag: e.target.value as RowQuery['flag'] }))}
        >
          {FLAG_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Country{' '}
        <input
          className="narrow"
          size={7}
          maxLength={7}
          placeholder="e.g. DE"
          defaultValue={query.country}
          aria-describedby="bulk-country-hint"
          onChange={(e) => {
            const country = countryQuery(e.target.value);
            onChange((q) => (q.country === country ? q : { ...q, country }));
          }}
        />
      </label>
      <span id="bulk-country-hint" className="sr-only">
        Two-letter country code, or unknown
      </span>
    </div>
  );
}
