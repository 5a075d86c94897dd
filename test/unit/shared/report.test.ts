/** The report as Markdown (shared/report.ts): its tables, its coverage sentence, and text from outside escaped. */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, percentText, reportToMarkdown, type BulkReport } from '../../../shared/report';

const report: BulkReport = {
  jobId: 'j',
  label: 'auth.log | *bold*',
  state: 'stopped',
  madeAt: 0,
  requests: 0,
  coverage: {
    total: 5,
    answered: 3,
    failed: 1,
    pending: 0,
    privateOrReserved: 1,
    notLookedUp: 2,
    hits: 1234,
    share: 0.6,
  },
  attention: { threshold: 70, total: 0, hits: 0, rows: [] },
  countries: [
    { key: 'DE', label: 'Germany', addresses: 2, hits: 1200, share: 2 / 3 },
    { key: 'unknown', label: 'Unknown', addresses: 1, hits: 4, share: 1 / 3 },
  ],
  asns: [{ key: 'AS3320', label: 'AS3320', organization: 'Evil | <b>Corp</b>', addresses: 3, hits: 1204, share: 1 }],
  flags: [],
  threat: [],
  top: [
    {
      ip: '203.0.113.1',
      hits: 1200,
      line: 3,
      lastLine: 990,
      status: 'done',
      country: 'Germany',
      countryCode: 'DE',
      organization: 'Evil | <b>Corp</b>',
      flags: ['VPN', 'Tor'],
      threatScore: 80,
    },
  ],
  places: [],
};

describe('the report as Markdown', () => {
  const md = reportToMarkdown(report);

  it('says what it covers, then one table per breakdown, numbers aligned right', () => {
    expect(md.split('\n').slice(0, 3)).toEqual([
      '# Report: auth.log \\| \\*bold\\*',
      '',
      '5 addresses (1,234 hits), 3 answered (60.0 %); not looked up: 1 private or reserved, 1 failed. The job is stopped; the report sent no request.',
    ]);
    expect(md).toContain(
      [
        '## Countries',
        '',
        '| Country | Addresses | Share | Hits |',
        '| --- | --: | --: | --: |',
        '| Germany (DE) | 2 | 66.7 % | 1,200 |',
        '| Unknown | 1 | 33.3 % | 4 |',
      ].join('\n'),
    );
    expect(md).toContain('## Security flags\n\nAn address may carry several flags.\n\n_None answered yet._');
    expect(md).toContain('| 203.0.113.1 | 80 | 1,200 | 3–990 | Germany | Evil \\| \\<b\\>Corp\\</b\\> | VPN, Tor |');
  });

  it("an answer's bare links, e-mail addresses, @mentions and #references stay text: nothing links or notifies", () => {
    const org = 'Pay at https://evil.example/x or WWW.evil.example, mail a@b.example, ping @octocat on #123 (_www.x_)';
    const cell = escapeMarkdown(org);
    // What GFM autolinks and GitHub's mention and issue filters read, none left in the text…
    expect(cell).not.toMatch(/[a-z]+:\/\/|www\.|@[\p{L}\p{N}]|#\d/iu);
    // …which reads as it did: only invisible word joiners were added to the usual escapes.
    expect(cell.replaceAll('\u2060', '')).toBe(org.replace(/[_]/g, '\\_'));
    const md = reportToMarkdown({ ...report, label: 'see https://evil.example @octocat #1' });
    expect(md.split('\n')[0]).toBe('# Report: see https:\u2060//evil.example @\u2060octocat #\u20601');
  });

  it('escapes what Markdown or HTML would read as markup, and keeps each cell on one line', () => {
    expect(escapeMarkdown('a|b\n<i>c</i> [x](y) `z` _w_ #1 & ~')).toBe(
      'a\\|b \\<i\\>c\\</i\\> \\[x\\](y) \\`z\\` \\_w\\_ #\u20601 \\& \\~',
    );
    expect(percentText(0)).toBe('0 %');
    expect(percentText(1)).toBe('100.0 %');
  });
});
