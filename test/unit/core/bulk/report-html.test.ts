/**
 * The HTML report (electron/core/bulk/report-html.ts): one self-contained page, no script and no remote resource,
 * every text from the answers or the input escaped, the map inline, each chart with its table.
 */
import { describe, expect, it } from 'vitest';
import { computeReport } from '../../../../electron/core/bulk/report';
import { reportToHtml } from '../../../../electron/core/bulk/report-html';
import type { BulkItemRow } from '../../../../electron/core/storage/state-db-bulk';
import type { BulkJobInfo } from '../../../../shared/bulk';

const HOSTILE = '<script>alert(1)</script><img src=https://evil.example/x.png onerror=alert(2)>';

const job = { id: 'j', label: `auth.log ${HOSTILE}`, state: 'finished' } as BulkJobInfo;
const row = (seq: number, org: string, lat: number, lon: number): BulkItemRow => ({
  seq,
  ip: `203.0.113.${seq}`,
  line: seq,
  lastLine: seq + 10,
  hits: seq,
  flag: null,
  status: 'done',
  source: 'network',
  kind: 'ok',
  error: null,
  answeredAt: 0,
  body: {
    data: {
      location: {
        country: { alpha2: 'FR', name: `France ${HOSTILE}` },
        // Two places: a city each (places are grouped by name).
        city: { name: `${HOSTILE} ${seq}` },
        latitude: lat,
        longitude: lon,
      },
      connection: { asn: 16276, organization: org },
      security: { is_vpn: seq === 2, is_tor: false, is_proxy: false, is_datacenter: true, threat_score: 90 },
    },
  },
});

describe('the HTML report', () => {
  const html = reportToHtml(computeReport(job, [row(1, HOSTILE, 48.85, 2.35), row(2, 'OVH "SAS" & co', 50.6, 3.1)], 0));

  it('has no script, no remote resource, and a policy forbidding both', () => {
    const tags = html.match(/<[a-z!][^>]*>/gi) ?? [];
    const names = new Set(tags.map((t) => /^<!?([a-z]+)/i.exec(t)![1]!.toLowerCase()));
    expect(
      [...names].filter((n) => ['script', 'img', 'link', 'iframe', 'object', 'embed', 'a', 'use'].includes(n)),
    ).toEqual([]);
    expect(tags.filter((t) => /\son[a-z]+\s*=/i.test(t))).toEqual([]);
    // The only URL in any tag is the SVG namespace (a name, never fetched).
    expect(tags.join('\n').match(/https?:\/\/[^\s"'<>]+/g)).toEqual(['http://www.w3.org/2000/svg']);
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
  });

  it('escapes every text from the answers and the input', () => {
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('OVH &quot;SAS&quot; &amp; co');
    expect(html).toContain('<title>Report: auth.log &lt;script&gt;');
  });

  it('draws the map inline with a point per place, its legend and its list of top places, and every table', () => {
    expect(html.match(/<svg[\s>]/g)).toHaveLength(1);
    expect(html.match(/<circle /g)).toHaveLength(2);
    expect(html).toContain('<ol><li>');
    for (const h of ['Countries', 'Networks', 'Security flags', 'Threat score', 'Top addresses by hits'])
      expect(html).toContain(`<h2>${h}</h2>`);
    expect(html).toContain('<th scope="row">203.0.113.2</th>');
  });
});
