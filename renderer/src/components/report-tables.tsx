import type { ReactNode } from 'react';
import type { ReportAsnRow, ReportRow, ReportTopAddress } from '../../../shared/report';
import { barWidth } from '../report-words';
import { useWords } from '../words-context';
import type { UiReportWords } from '../../../shared/i18n/words';

/**
 * One breakdown of the report as a table whose share column is also its bar chart: the bars are drawn by CSS
 * beside the figures, so keyboard and screen-reader users read the same table (caption, headers, every number).
 */
export function BreakdownTable({
  caption,
  rows,
  what,
  note,
  label = (r) => r.label,
}: {
  caption: string;
  rows: (ReportRow | ReportAsnRow)[];
  /** The first column's header: "Country", "ASN", "Flag", "Threat score". */
  what: string;
  note?: string;
  /** A row's words in the first column (countries: "Germany (DE)"), or its data (marked translate="no"). */
  label?: (r: ReportRow) => ReactNode;
}) {
  const w = useWords().w.uiReport;
  const widest = rows.reduce((m, r) => (r.key === 'unknown' ? m : Math.max(m, r.addresses)), 0);
  return (
    <section className="group report-breakdown" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">{w.colAddresses}</th>
            <th scope="col">{w.colShare}</th>
            <th scope="col">{w.colHits}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.key === 'unknown' ? 'unknown' : undefined}>
              <th scope="row">
                {r.key === 'unknown' ? w.unknown : r.key === 'other' ? w.other(r.others ?? 0) : label(r)}
                {'organization' in r && r.organization && (
                  <span className="report-org" translate="no">
                    {' '}
                    {r.organization}
                  </span>
                )}
              </th>
              <td>{w.number(r.addresses)}</td>
              <td className="report-share">
                <span className="report-bar" aria-hidden="true">
                  <span style={{ width: `${barWidth(r, widest)}%` }} />
                </span>
                {w.percent(r.share)}
              </td>
              <td>{w.number(r.hits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="hint">{note}</p>}
    </section>
  );
}

function flagsText(a: ReportTopAddress, w: UiReportWords, flagName: (label: string) => string): string {
  if (a.flags === null) return w.flagsUnknown;
  const threat = a.threatScore !== null && a.threatScore !== undefined ? [w.threat(a.threatScore)] : [];
  return [...threat, ...a.flags.map(flagName)].join(', ') || w.flagsNone;
}

/**
 * Addresses with their hits: where each is, who runs it and what it hides (its threat score), with its first and
 * last line — the most hit ones, or those that need attention (`caption`).
 */
export function TopAddresses({
  top,
  caption,
  children,
}: {
  top: ReportTopAddress[];
  /** The table's caption (default: the top addresses by hits). */
  caption?: string;
  children?: ReactNode;
}) {
  const { w: words } = useWords();
  const w = words.uiReport;
  caption ??= w.top;
  return (
    <section className="group report-breakdown report-top" aria-label={caption}>
      {top.length === 0 && <p className="report-caption">{caption}</p>}
      {top.length > 0 && (
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{w.colAddress}</th>
              <th scope="col">{w.colHits}</th>
              <th scope="col">{w.colWhere}</th>
            </tr>
          </thead>
          <tbody>
            {top.map((a) => (
              <tr key={a.ip}>
                <th scope="row" title={w.linesTitle(a.line, a.lastLine)} translate="no">
                  {a.ip}
                </th>
                <td>{w.number(a.hits)}</td>
                <td>
                  {a.status !== 'done' ? (
                    a.status === 'failed' ? (
                      w.failed
                    ) : (
                      w.notAsked
                    )
                  ) : (
                    <>
                      {(a.countryCode ?? a.country) === null ? (
                        w.unknownCountry
                      ) : (
                        <span translate="no">{a.countryCode ?? a.country}</span>
                      )}
                      {' · '}
                      {a.organization === null ? w.unknownOrganisation : <span translate="no">{a.organization}</span>}
                      <span className="report-flags">{flagsText(a, w, words.uiBulk.flagName)}</span>
                      <span className="report-flags">{w.lines(a.line, a.lastLine)}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {children}
    </section>
  );
}
