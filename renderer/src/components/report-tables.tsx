import type { ReactNode } from 'react';
import type { ReportAsnRow, ReportRow, ReportTopAddress } from '../../../shared/report';
import { percentText } from '../../../shared/report';
import { formatCount } from '../format';
import { barWidth } from '../report-words';

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
  /** A row's words in the first column (countries: "Germany (DE)"). */
  label?: (r: ReportRow) => string;
}) {
  const widest = rows.reduce((m, r) => (r.key === 'unknown' ? m : Math.max(m, r.addresses)), 0);
  return (
    <section className="group report-breakdown" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{what}</th>
            <th scope="col">Addresses</th>
            <th scope="col">Share</th>
            <th scope="col">Hits</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.key === 'unknown' ? 'unknown' : undefined}>
              <th scope="row">
                {label(r)}
                {'organization' in r && r.organization && <span className="report-org"> {r.organization}</span>}
              </th>
              <td>{formatCount(r.addresses)}</td>
              <td className="report-share">
                <span className="report-bar" aria-hidden="true">
                  <span style={{ width: `${barWidth(r, widest)}%` }} />
                </span>
                {percentText(r.share)}
              </td>
              <td>{formatCount(r.hits)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {note && <p className="hint">{note}</p>}
    </section>
  );
}

function flagsText(a: ReportTopAddress): string {
  if (a.flags === null) return 'unknown';
  const threat = a.threatScore !== null && a.threatScore !== undefined ? [`threat ${a.threatScore}`] : [];
  return [...threat, ...a.flags].join(', ') || 'none';
}

/** "line 12", "lines 34–117". */
const linesText = (a: ReportTopAddress) => (a.line === a.lastLine ? `line ${a.line}` : `lines ${a.line}–${a.lastLine}`);

/**
 * Addresses with their hits: where each is, who runs it and what it hides (its threat score), with its first and
 * last line — the most hit ones, or those that need attention (`caption`).
 */
export function TopAddresses({
  top,
  caption = 'Top addresses by hits',
  children,
}: {
  top: ReportTopAddress[];
  caption?: string;
  children?: ReactNode;
}) {
  return (
    <section className="group report-breakdown report-top" aria-label={caption}>
      {top.length === 0 && <p className="report-caption">{caption}</p>}
      {top.length > 0 && (
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Hits</th>
              <th scope="col">Where, who, flags</th>
            </tr>
          </thead>
          <tbody>
            {top.map((a) => (
              <tr key={a.ip}>
                <th scope="row" title={`lines ${a.line}–${a.lastLine}`}>
                  {a.ip}
                </th>
                <td>{formatCount(a.hits)}</td>
                <td>
                  {a.status !== 'done' ? (
                    a.status === 'failed' ? (
                      'failed'
                    ) : (
                      'not asked yet'
                    )
                  ) : (
                    <>
                      {[a.countryCode ?? a.country ?? 'unknown country', a.organization ?? 'unknown organisation'].join(
                        ' · ',
                      )}
                      <span className="report-flags">{flagsText(a)}</span>
                      <span className="report-flags">{linesText(a)}</span>
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
