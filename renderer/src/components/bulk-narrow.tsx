import type { BulkItemStatus, BulkResultsSort, ReportFlag } from '../../../shared/ipc';
import { THREAT_FROM } from '../../../shared/report';
import { useWords } from '../words-context';

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

/** The flags to narrow by, each with its English name (shared/answer.ts), worded by the catalog's flagName. */
const FLAG_CHOICES: { value: Exclude<RowQuery['flag'], 'any' | 'threat'>; label: string }[] = [
  { value: 'vpn', label: 'VPN' },
  { value: 'tor', label: 'Tor' },
  { value: 'proxy', label: 'Proxy' },
  { value: 'datacenter', label: 'Datacenter' },
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
  const w = useWords().w.uiBulk;
  return (
    <div className="bulk-narrow">
      <label>
        {w.order}{' '}
        <select
          value={query.sort}
          onChange={(e) => onChange((q) => ({ ...q, sort: e.target.value as BulkResultsSort }))}
        >
          <option value="hits">{w.sort.hits}</option>
          <option value="input">{w.sort.input}</option>
        </select>
      </label>
      <label>
        {w.flag}{' '}
        <select
          value={query.flag}
          onChange={(e) => onChange((q) => ({ ...q, flag: e.target.value as RowQuery['flag'] }))}
        >
          <option value="any">{w.flagAny}</option>
          {FLAG_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {w.flagName(c.label)}
            </option>
          ))}
          <option value="threat">{w.threatFrom(THREAT_FROM)}</option>
        </select>
      </label>
      <label>
        {w.country}{' '}
        <input
          className="narrow"
          size={7}
          maxLength={7}
          placeholder={w.countryPlaceholder}
          defaultValue={query.country}
          aria-describedby="bulk-country-hint"
          onChange={(e) => {
            const country = countryQuery(e.target.value);
            onChange((q) => (q.country === country ? q : { ...q, country }));
          }}
        />
      </label>
      <span id="bulk-country-hint" className="sr-only">
        {w.countryHint}
      </span>
    </div>
  );
}
