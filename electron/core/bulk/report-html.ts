/**
 * The report of a bulk job as one self-contained HTML page: its CSS inline, the world map as inline SVG
 * (shared/world-map.ts), no script, no link, no remote resource (its Content-Security-Policy forbids them too), every
 * text from the answers or the input escaped. It opens in any browser with JavaScript off.
 */
import { MAP_FLAGS, drawInset, escapeXml, insetSvg, worldMapSvg } from '../../../shared/world-map';
import {
  DEMO_REPORT_NOTE,
  coverageText,
  percentText,
  reportCount,
  reportTables,
  reportTitle,
  type BulkReport,
  type ReportTable,
} from '../../../shared/report';

const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const STYLE = `
:root { color-scheme: light dark; --fg: #1b1f23; --muted: #57606a; --line: #d0d7de; --bar: #1f6fd1; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9da7b3; --line: #3d444d; --bar: #4c9aff; }
  .map-sea { fill: #16202b; stroke: #3d4f61; } .map-land { fill: #3b444e; stroke: #56616d; }
  .map-point { stroke: #0d1117; } .map-frame { stroke: #e6edf3; } }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 2rem auto;
  max-width: 980px; padding: 0 1rem; }
h1 { font-size: 1.5rem; margin-bottom: .25rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
p.muted, figcaption, .note { color: var(--muted); }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem;
  border-bottom: 1px solid var(--line); vertical-align: top; } td.n, th.n { text-align: right;
  font-variant-numeric: tabular-nums; white-space: nowrap; }
th, td { overflow-wrap: break-word; } td.r { white-space: nowrap; } .wide { overflow-x: auto; }
td.bar { width: 30%; min-width: 2rem; } td.bar span { display: block; height: .7rem; background: var(--bar); border-radius: 2px; }
figure { margin: 1rem 0; } svg { max-width: 100%; height: auto; }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .5rem 1.25rem; }
@media (max-width: 600px) { body { margin: 1rem auto; padding: 0 .5rem; } th, td { padding: .25rem .3rem; } }
ul.legend span { display: inline-block; width: .75rem; height: .75rem; border-radius: 50%; margin-right: .35rem; }
`;

const e = escapeXml;
const RANGE = /^[\d,. ]+–[\d,. ]+$/;

/** A table with a bar per row (the share) when the table has a Share column. */
function tableHtml(t: ReportTable, shares: number[] | null): string {
  const head = t.header
    .map((h, i) => `<th scope="col"${t.numeric[i] ? ' class="n"' : ''}>${e(h)}</th>`)
    .concat(shares ? ['<th scope="col"><span hidden>Bar</span></th>'] : [])
    .join('');
  const rows = t.rows.map((row, r) => {
    const cells = row.map((c, i) =>
      i === 0
        ? `<th scope="row">${e(c)}</th>`
        : // A number or a range of them ("34–117") never breaks across lines.
          `<td${t.numeric[i] ? ' class="n"' : RANGE.test(c) ? ' class="r"' : ''}>${e(c)}</td>`,
    );
    if (shares) {
      const w = Math.round(Math.min(1, Math.max(0, shares[r] ?? 0)) * 1000) / 10;
      cells.push(`<td class="bar" aria-hidden="true"><span style="width:${w}%"></span></td>`);
    }
    return `<tr>${cells.join('')}</tr>`;
  });
  return [
    `<h2>${e(t.title)}</h2>`,
    t.note ? `<p class="note">${e(t.note)}</p>` : '',
    t.rows.length === 0
      ? `<p class="muted">${e(t.empty ?? 'None answered yet.')}</p>`
      : `<div class="wide"><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`,
  ].join('\n');
}

function mapHtml(r: BulkReport): string {
  if (r.places.length === 0) return '<h2>Map</h2>\n<p class="muted">No answered address has a location.</p>';
  const located = r.places.reduce((n, p) => n + p.addresses, 0);
  const top = r.places.slice(0, 10);
  // Where points crowd into one blob (Germany, the Netherlands, Great Britain on a phone), that region enlarged.
  const inset = drawInset(r.places, 960, 960, 450);
  return [
    '<h2>Map</h2>',
    '<figure>',
    worldMapSvg(r.places, 960, `World map: ${located} located addresses at ${r.places.length} places`, inset),
    inset ? insetSvg(inset, `Enlarged: the ${inset.points.length} places in the box on the world map`) : '',
    `<figcaption>${e(`${reportCount(located)} located addresses at ${reportCount(r.places.length)} places; a point's size grows with its hits.`)}</figcaption>`,
    '</figure>',
    `<ul class="legend">${MAP_FLAGS.map((f) => `<li><span style="background:${f.colour}"></span>${e(f.label)}</li>`).join('')}</ul>`,
    '<p>Top places by hits:</p>',
    `<ol>${top.map((p) => `<li>${e(`${p.label}: ${reportCount(p.hits)} hits, ${reportCount(p.addresses)} address${p.addresses === 1 ? '' : 'es'}`)}</li>`).join('')}</ol>`,
  ].join('\n');
}

/** The whole page. */
export function reportToHtml(r: BulkReport): string {
  const tables = reportTables(r);
  // Needs attention has no share column; the four breakdowns that follow it do.
  const shares = [null, ...[r.countries, r.asns, r.flags, r.threat].map((rows) => rows.map((x) => x.share))];
  const made = new Date(r.madeAt).toISOString().replace('T', ' ').slice(0, 16);
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${e(reportTitle(r))}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${e(reportTitle(r))}</h1>`,
    r.demo ? `<p><strong>${e(DEMO_REPORT_NOTE)}</strong></p>` : '',
    `<p class="muted">${e(`Made ${made} UTC by Lookup Tray from the answers it holds. ${coverageText(r)}`)}</p>`,
    `<p>${e(`Answered: ${percentText(r.coverage.share)} of the job's addresses.`)}</p>`,
    // Needs attention first, above the map and the breakdowns.
    ...tables.slice(0, 1).map((t) => tableHtml(t, null)),
    mapHtml(r),
    ...tables.slice(1).map((t, i) => tableHtml(t, shares[i + 1] ?? null)),
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
