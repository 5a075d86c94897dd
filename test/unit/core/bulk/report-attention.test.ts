/**
 * The report's "Needs attention" section (electron/core/bulk/report-attention.ts): the answered public addresses
 * flagged Tor, proxy or VPN, or scoring at or above the threshold, highest threat first, then most hits; the same
 * rows first in Markdown, HTML and the terminal's tables, with the threat score in every address table, and the
 * service's text escaped for each.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { computeReport } from '../../../../electron/core/bulk/report';
import { reportToHtml } from '../../../../electron/core/bulk/report-html';
import { extractAddresses } from '../../../../electron/core/bulk/extract';
import type { ReportItem } from '../../../../electron/core/storage/state-db-bulk';
import type { BulkJobInfo } from '../../../../shared/bulk';
import { MAX_ATTENTION, reportTables, reportToMarkdown } from '../../../../shared/report';
import { startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

const JOB = { id: 'j', label: 'auth.log', state: 'finished' } as BulkJobInfo;

let line = 0;
function item(ip: string, sec: Record<string, unknown> | null, over: Partial<ReportItem> = {}): ReportItem {
  line += 10;
  const body = {
    data: {
      location: { country: { alpha2: 'NL', name: 'Netherlands' }, city: { name: 'Amsterdam' } },
      connection: { asn: 60781, organization: 'LeaseWeb <b>B.V.</b> | *x*' },
      ...(sec ? { security: sec } : {}),
    },
  };
  return { ip, line, lastLine: line + 5, hits: 1, flag: null, status: 'done', body, ...over };
}

const rows = () => [
  ((line = 0), item('203.0.113.1', { is_tor: false, is_vpn: false, is_proxy: false, threat_score: 10 }, { hits: 500 })),
  item('203.0.113.2', { is_tor: true, threat_score: 40 }, { hits: 9 }),
  item('203.0.113.3', { threat_score: 70 }, { hits: 2 }),
  item('203.0.113.4', { threat_score: 95 }, { hits: 1 }),
  item('203.0.113.5', { threat_score: 70 }, { hits: 30 }),
  item('203.0.113.6', { is_vpn: true }, { hits: 100 }), // no score: after every scored one
  item('203.0.113.7', { is_proxy: true, threat_score: 69 }, { hits: 3 }),
  item('203.0.113.8', { threat_score: 69 }, { hits: 1000 }), // below the threshold, no flag: not there
  // Counted apart, never in the section: private (kept at input), pending, failed.
  item('10.0.0.1', { is_tor: true, threat_score: 100 }, { flag: 'Private network', hits: 7 }),
  item('203.0.113.9', null, { status: 'pending', body: null }),
  item('203.0.113.10', null, { status: 'failed', body: null }),
];

describe('Needs attention', () => {
  it('Tor, proxy, VPN or a threat score at or above 70: by threat (none last), then hits, with hits and lines', () => {
    const a = computeReport(JOB, rows(), 0).attention;
    expect(a.rows.map((r) => [r.ip, r.threatScore, r.hits])).toEqual([
      ['203.0.113.4', 95, 1],
      ['203.0.113.5', 70, 30],
      ['203.0.113.3', 70, 2],
      ['203.0.113.7', 69, 3],
      ['203.0.113.2', 40, 9],
      ['203.0.113.6', null, 100],
    ]);
    expect(a).toMatchObject({ threshold: 70, total: 6, hits: 145 });
    expect(a.rows[0]).toMatchObject({
      line: 40,
      lastLine: 45,
      flags: null,
      organization: 'LeaseWeb <b>B.V.</b> | *x*',
    });
  });

  it('the threshold is the caller’s: 95 keeps the flagged ones and the 95; 40 adds the scores from 40', () => {
    expect(computeReport(JOB, rows(), 0, { threatThreshold: 95 }).attention.rows.map((r) => r.ip)).toEqual([
      '203.0.113.4',
      '203.0.113.7',
      '203.0.113.2',
      '203.0.113.6',
    ]);
    const low = computeReport(JOB, rows(), 0, { threatThreshold: 10 }).attention;
    expect(low.threshold).toBe(10);
    expect(low.rows.map((r) => r.ip)).toContain('203.0.113.8');
    expect(low.rows.map((r) => r.ip)).toContain('203.0.113.1');
  });

  it(`at most ${MAX_ATTENTION} rows whatever the job's size; the total and hits are of all`, () => {
    const many = Array.from({ length: 1000 }, (_, i) =>
      item(`198.51.${i >> 8}.${i & 255}`, { threat_score: 70 + (i % 30) }, { hits: (i % 7) + 1 }),
    );
    const a = computeReport(JOB, many, 0).attention;
    expect(a.total).toBe(1000);
    expect(a.hits).toBe(many.reduce((n, r) => n + r.hits, 0));
    // The first 100 of all 1000 in the section's order (threat, hits, line), kept as the pass met them.
    const all = many
      .map((r, i) => ({ ip: r.ip, threat: 70 + (i % 30), hits: r.hits, line: r.line }))
      .sort((x, y) => y.threat - x.threat || y.hits - x.hits || x.line - y.line);
    expect(a.rows.map((r) => r.ip)).toEqual(all.slice(0, MAX_ATTENTION).map((r) => r.ip));
  });

  it('first in every output, the threat score in every address table, the service text escaped for each', () => {
    const r = computeReport(JOB, rows(), 0);
    const tables = reportTables(r);
    expect(tables[0]!.title).toBe('Needs attention');
    expect(tables.filter((t) => t.header[0] === 'Address').map((t) => t.header.slice(0, 3))).toEqual([
      ['Address', 'Threat', 'Hits'],
      ['Address', 'Threat', 'Hits'],
    ]);
    const md = reportToMarkdown(r);
    const sections = md.split('\n').filter((l) => l.startsWith('## '));
    expect(sections[0]).toBe('## Needs attention');
    expect(md).toContain(
      '| 203.0.113.4 | 95 | 1 | 40–45 | Netherlands | LeaseWeb \\<b\\>B.V.\\</b\\> \\| \\*x\\* | Unknown |',
    );
    expect(md).toContain('| 203.0.113.6 |  | 100 |');
    const html = reportToHtml(r);
    expect(html.indexOf('<h2>Needs attention</h2>')).toBeLessThan(html.indexOf('<h2>Map</h2>'));
    expect(html).toContain('LeaseWeb &lt;b&gt;B.V.&lt;/b&gt; | *x*');
    expect(html).not.toContain('<b>B.V.');
  });

  it('none flagged: the section says so (not "none answered yet"), in each output', () => {
    const r = computeReport(JOB, [rows()[0]!], 0);
    expect(r.attention).toEqual({ threshold: 70, total: 0, hits: 0, rows: [] });
    expect(reportToMarkdown(r)).toContain(
      '## Needs attention\n\nFlagged Tor, proxy or VPN, or a threat score of 70 or more',
    );
    expect(reportToMarkdown(r)).toContain('_No answered address needs attention._');
    expect(reportToHtml(r)).toContain('<p class="muted">No answered address needs attention.</p>');
  });
});

describe('Needs attention in the sshd sample against the simulator', () => {
  let h: BulkHarness | null = null;
  afterEach(async () => {
    await h?.closeAll();
    h = null;
  });

  it('the Tor exit and the known attackers come first, not at ranks 7, 12 and 13', async () => {
    h = await startBulk({ plan: { monthLimit: 10_000, minuteLimit: null } });
    const log = readFileSync(new URL('../../../fixtures/logs/sshd/openssh.log', import.meta.url), 'utf8');
    const job = h.bulk.create({ addresses: extractAddresses(log).addresses })!;
    expect((await h.drive(job.id)).state).toBe('finished');
    const r = h.bulk.report(job.id)!;
    const a = r.attention.rows;
    expect(a.length).toBeGreaterThan(0);
    expect(a.some((x) => x.flags?.includes('Tor'))).toBe(true);
    for (const x of a)
      expect((x.threatScore ?? 0) >= 70 || ['Tor', 'Proxy', 'VPN'].some((f) => x.flags?.includes(f)), x.ip).toBe(true);
    // Every top address that is flagged or scores 70+ is in the section.
    const flagged = r.top.filter(
      (x) => (x.threatScore ?? 0) >= 70 || ['Tor', 'Proxy', 'VPN'].some((f) => x.flags?.includes(f)),
    );
    expect(flagged.length).toBeGreaterThan(0);
    for (const x of flagged) expect(a.map((y) => y.ip)).toContain(x.ip);
  });
});
