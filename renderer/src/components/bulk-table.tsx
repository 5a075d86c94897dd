import { useCallback, useEffect, useRef, useState } from 'react';
import type { BulkItemStatus, BulkResultRow, BulkResultsFilter, BulkResultsSort } from '../../../shared/ipc';
import type { BulkRowError } from '../../../shared/bulk';
import { useApi } from '../api-context';
import { useWords } from '../words-context';
import type { UiBulkWords } from '../../../shared/i18n/words';
import { THREAT_FROM } from '../../../shared/report';
import { securityWords } from '../bulk-words';
import { BlockListSave } from './block-list-save';
import { BulkNarrow, type RowQuery, queryKey } from './bulk-narrow';

/**
 * Three lines a row (address and result; where and who; flags), so the location, organisation and flags are not cut
 * at 380 px.
 */
const ROW = 58;
const PAGE = 200;
const HEIGHT = 348;
const OVERSCAN = 7;

function where(r: BulkResultRow): string {
  const f = r.fields;
  return [f.city, f.country_code ?? f.country].filter((v) => v !== null && v !== undefined && v !== '').join(', ');
}

/** The row's status in the words of the CSV's `status` and `source` columns and of the command: done, pending, failed. */
function outcome(r: BulkResultRow, w: UiBulkWords, say: (e: BulkRowError) => string): string {
  if (r.status === 'failed') {
    const why = r.errorFact ? say(r.errorFact) : r.error;
    return why ? w.failedWith(why) : w.failed;
  }
  if (r.status === 'pending') return w.pending;
  return r.source === 'cache' ? w.doneCache : w.done;
}

/** How many times the address occurs in the input. */
function hitsOf(r: BulkResultRow): number {
  return Number.isFinite(r.hits) ? r.hits : 1;
}

/** One row of the table at its place in the scrolled list ("…" until its page is in). */
function BulkRow({ index, row }: { index: number; row: BulkResultRow | undefined }) {
  const { w: words } = useWords();
  const w = words.uiBulk;
  const why = (e: BulkRowError) => words.bulkNote.rowError(e);
  const security = row ? securityWords(row, w) : null;
  const s = row?.status === 'done' ? row.security : undefined;
  const threat = !!s && s.threatScore !== null && s.threatScore >= THREAT_FROM;
  const quiet = row?.status === 'done' && (!s || (!threat && s.flags.length === 0));
  return (
    <div
      className={`bulk-row${row?.status === 'failed' ? ' failed' : ''}`}
      role="row"
      aria-rowindex={index + 2}
      style={{ position: 'absolute', top: index * ROW, height: ROW, left: 0, right: 0 }}
    >
      <span role="cell" title={row ? (row.hits > 1 ? w.lines(row.line, row.lastLine) : w.line(row.line)) : undefined}>
        <span translate="no">{row?.ip ?? '…'}</span>
        {row && hitsOf(row) > 1 && (
          <span className="bulk-hits">
            <span aria-hidden="true">{w.hitsShort(hitsOf(row))}</span>
            <span className="sr-only">{w.hits(hitsOf(row))}</span>
          </span>
        )}
      </span>
      <span role="cell" translate="no">
        {row ? where(row) : ''}
      </span>
      <span role="cell" translate="no" title={row ? String(row.fields.organization ?? '') : undefined}>
        {row ? String(row.fields.organization ?? '') : ''}
      </span>
      <span
        role="cell"
        translate={row?.error && (!row.errorFact || row.errorFact.kind === 'text') ? 'no' : undefined}
        title={row ? outcome(row, w, why) : undefined}
      >
        {row ? outcome(row, w, why) : ''}
      </span>
      <span
        role="cell"
        className={threat ? 'bulk-flags-threat' : quiet ? 'bulk-flags-quiet' : undefined}
        title={security?.full || undefined}
      >
        {security?.short ?? ''}
      </span>
    </div>
  );
}

/**
 * A job's rows most hits first (the default: the addresses worth a look on top) or in input order, narrowed by status, flag or country, virtualised: only the rows in view are in the page (about a dozen, whatever the
 * job's size), fetched in pages of 200 as the list scrolls. `version` changes when the job made progress.
 */
/** The flag and country a query narrows the rows to (the core's filter), or an empty object. */
function narrowOf({ flag, country }: Pick<RowQuery, 'flag' | 'country'>): BulkResultsFilter {
  return { ...(flag === 'any' ? {} : { flag }), ...(country ? { country } : {}) };
}

/** The results' status filter and what the table holds. */
function ResultsHead({
  filter,
  count,
  hitsFirst,
  onFilter,
}: {
  filter: BulkItemStatus | 'all';
  count: number;
  hitsFirst: boolean;
  onFilter: (status: BulkItemStatus | 'all') => void;
}) {
  const w = useWords().w.uiBulk;
  return (
    <div className="bulk-results-head">
      <label>
        {w.show}{' '}
        <select value={filter} onChange={(e) => onFilter(e.target.value as BulkItemStatus | 'all')}>
          <option value="all">{w.status.all}</option>
          <option value="done">{w.status.done}</option>
          <option value="failed">{w.status.failed}</option>
          <option value="pending">{w.status.pending}</option>
        </select>
      </label>
      <span className="hint">{w.rows(count, hitsFirst)}</span>
    </div>
  );
}

export function BulkTable({ jobId, total, version }: { jobId: string; total: number; version: number }) {
  const api = useApi();
  const w = useWords().w.uiBulk;
  const [query, setQuery] = useState<RowQuery>({ status: 'all', sort: 'hits', flag: 'any', country: '' });
  const filter = query.status;
  const narrowed = queryKey(query);
  const [count, setCount] = useState(total);
  const [pages, setPages] = useState<Map<number, BulkResultRow[]>>(new Map());
  const [scrollTop, setScrollTop] = useState(0);
  const asked = useRef(new Set<string>());
  const box = useRef<HTMLDivElement>(null);

  // A few rows beyond the view on each side (about 300 px): scrolling shows no blank rows.
  const first = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const last = Math.min(count, Math.ceil((scrollTop + HEIGHT) / ROW) + OVERSCAN);

  // Answers can come back out of order (the web preview carries calls on separate connections): a page shows only
  // the answer to its latest call for the job and filter in view, never an older one (another job's rows).
  const shown = useRef(`${jobId}\n${narrowed}`);
  const latest = useRef(new Map<number, number>());
  const calls = useRef(0);

  const load = useCallback(
    async (page: number, key: string) => {
      if (asked.current.has(key)) return;
      asked.current.add(key);
      const call = ++calls.current;
      latest.current.set(page, call);
      const forView = `${jobId}\n${narrowed}`;
      try {
        const narrow = narrowOf({ flag: query.flag, country: query.country });
        const sort: BulkResultsSort = query.sort;
        const r = await api.bulkResults({
          id: jobId,
          offset: page * PAGE,
          limit: PAGE,
          ...(filter === 'all' ? {} : { status: filter }),
          ...(sort === 'input' ? {} : { sort }),
          ...(Object.keys(narrow).length > 0 ? { filter: narrow } : {}),
        });
        if (shown.current !== forView || latest.current.get(page) !== call) return;
        setCount(r.total);
        setPages((m) => new Map(m).set(page, r.rows));
      } catch {
        asked.current.delete(key);
      }
    },
    [api, jobId, filter, query.sort, query.flag, query.country, narrowed],
  );

  // New progress or another filter: the rows in view are asked for again.
  useEffect(() => {
    asked.current.clear();
  }, [version, narrowed, jobId]);
  useEffect(() => {
    shown.current = `${jobId}\n${narrowed}`;
    latest.current.clear();
    setPages(new Map());
    setScrollTop(0);
    if (box.current) box.current.scrollTop = 0;
  }, [narrowed, jobId]);
  useEffect(() => {
    const from = Math.floor(first / PAGE);
    const to = Math.floor(Math.max(first, last - 1) / PAGE);
    for (let p = from; p <= to; p++) void load(p, `${jobId}:${version}:${narrowed}:${p}`);
  }, [first, last, load, version, narrowed, jobId]);
  useEffect(() => {
    if (narrowed === queryKey({ status: 'all', sort: query.sort, flag: 'any', country: '' })) setCount(total);
  }, [total, narrowed, query.sort]);

  const rows: { index: number; row: BulkResultRow | undefined }[] = [];
  for (let i = first; i < last; i++) rows.push({ index: i, row: pages.get(Math.floor(i / PAGE))?.[i % PAGE] });

  return (
    <>
      <BulkNarrow query={query} onChange={setQuery} />
      {Object.keys(narrowOf(query)).length > 0 && <BlockListSave jobId={jobId} filter={narrowOf(query)} what="shown" />}
      <div className="bulk-results">
        <ResultsHead
          filter={filter}
          count={count}
          hitsFirst={query.sort === 'hits'}
          onFilter={(status) => setQuery((q) => ({ ...q, status }))}
        />
        <div className="bulk-table" role="table" aria-label={w.table} aria-rowcount={count + 1}>
          <div className="bulk-row bulk-row-head" role="row" aria-rowindex={1}>
            <span role="columnheader">{w.col.ip}</span>
            <span role="columnheader">{w.col.where}</span>
            <span role="columnheader">{w.col.organisation}</span>
            <span role="columnheader">{w.col.result}</span>
            <span role="columnheader">{w.col.flags}</span>
          </div>
          <div
            ref={box}
            className="bulk-scroll"
            style={{ height: Math.min(HEIGHT, Math.max(ROW, count * ROW)) }}
            onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
            tabIndex={0}
            aria-label={w.scroll}
            role="rowgroup"
          >
            <div style={{ height: count * ROW, position: 'relative' }}>
              {rows.map(({ index, row }) => (
                <BulkRow key={index} index={index} row={row} />
              ))}
            </div>
          </div>
        </div>
      </div>
    </>
  );
}
