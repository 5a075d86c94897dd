/**
 * The report as a terminal shows it (electron/cli/report-text.ts, then processIo's terminalSafe): Needs attention
 * first, the threat score in its address tables, and a service's text with control characters, escapes and line
 * breaks kept to one harmless line of each row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { computeReport } from '../../../electron/core/bulk/report';
import type { ReportItem } from '../../../electron/core/storage/state-db-bulk';
import type { BulkJobInfo } from '../../../shared/bulk';

const HOSTILE = 'Evil\x1b[2J\x1b]0;pwned\x07 Corp\u009b31m\nsecond line\r\n| *x*';

const item = (ip: string, score: number, hits: number): ReportItem => ({
  ip,
  line: hits,
  lastLine: hits + 3,
  hits,
  flag: null,
  status: 'done',
  body: {
    data: {
      location: { country: { alpha2: 'NL', name: 'Netherlands' } },
      connection: { asn: 64500, organization: HOSTILE },
      security: { is_tor: score > 90, is_vpn: false, is_proxy: false, threat_score: score },
    },
  },
});

describe('the report in a terminal', () => {
  const r = computeReport(
    { id: 'j', label: 'auth\x1b[31m.log', state: 'finished' } as BulkJobInfo,
    [item('203.0.113.1', 10, 50), item('203.0.113.2', 95, 2), item('203.0.113.3', 80, 7)],
    0,
  );
  let text = '';
  let lines: string[] = [];
  beforeAll(async () => {
    // The command's modules load as the command loads them (nothing imports electron/cli/ statically).
    const { reportText } = await import('../../../electron/cli/report-text');
    const { terminalSafe } = await import('../../../electron/cli/output');
    text = terminalSafe(reportText(r));
    lines = text.split('\n');
  });

  it('Needs attention right after the coverage, highest threat first, each address on one line with its threat', () => {
    const at = lines.findIndex((l) => l.startsWith('Needs attention (flagged Tor, proxy or VPN'));
    expect(lines.slice(0, at)).toEqual([lines[0], expect.stringMatching(/^3 addresses /), '']);
    expect(lines[at + 1]).toMatch(/^Address +Threat +Hits +Lines +Country +Organisation +Flags$/);
    expect(lines[at + 2]).toMatch(
      /^203\.0\.113\.2 +95 +2 +2–5 +Netherlands +Evil\[2J\]0;pwned Corp31m second line \| \*x\* +Tor$/,
    );
    expect(lines[at + 3]).toMatch(/^203\.0\.113\.3 +80 +7 +7–10 /);
    expect(lines[at + 4]).toBe('');
    expect(text.indexOf('\nTop addresses by hits\nAddress  ')).toBeGreaterThan(at);
  });

  it('no control character of the service or the label reaches the terminal', () => {
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(lines[0]).toBe('Report: auth[31m.log');
  });
});
