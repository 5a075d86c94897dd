import { afterEach, describe, expect, it } from 'vitest';
import { exportFileName, exportToString, summaryFields, writeExport } from '../../../../electron/core/bulk/export';
import { NONE_STRINGS_ANSWER } from '../../../fixtures/answers/none-strings';
import type { BulkItemRow } from '../../../../electron/core/storage/state-db-bulk';
import { addresses, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

function row(seq: number, ip: string, over: Partial<BulkItemRow> = {}): BulkItemRow {
  return {
    seq,
    ip,
    line: seq + 1,
    lastLine: seq + 1,
    hits: 1,
    flag: null,
    status: 'done',
    source: 'network',
    kind: 'ok',
    error: null,
    body: {
      data: {
        ip,
        connection: { asn: 64500, organization: 'Example Net', isp: 'Example ISP' },
        location: { country: { alpha2: 'DE', name: 'Germany' }, city: { name: 'Berlin' }, longitude: -3.5 },
        security: { threat_score: 3, is_vpn: false },
      },
    },
    answeredAt: 1,
    ...over,
  };
}

describe('bulk export', () => {
  it('CSV: the chosen columns in the order given, rows in input order, quoting by the CSV library', () => {
    const csv = exportToString(
      [
        row(0, '8.8.8.8'),
        row(1, '1.1.1.1', {
          body: { data: { connection: { organization: 'Acme, "Ltd"' }, location: { city: { name: 'Zürich' } } } },
        }),
        row(2, '9.9.9.9', {
          status: 'failed',
          source: null,
          body: null,
          error: 'The service refused the input (422).',
        }),
      ],
      { format: 'csv', columns: ['ip', 'organization', 'city', 'is_vpn', 'longitude', 'error'] },
    );
    expect(csv).toBe(
      'ip,organization,city,is_vpn,longitude,error\n' +
        '8.8.8.8,Example Net,Berlin,false,-3.5,\n' +
        '1.1.1.1,"Acme, ""Ltd""",Zürich,,,\n' +
        '9.9.9.9,,,,,The service refused the input (422).\n',
    );
  });

  it('CSV: cells beginning with =, +, -, @, tab or CR are escaped so no spreadsheet runs them as formulas', () => {
    const evil = ['=HYPERLINK("http://x","y")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];
    const rows = evil.map((org, i) =>
      row(i, `8.8.8.${i + 1}`, { body: { data: { connection: { organization: org } } } }),
    );
    const lines = exportToString(rows, { format: 'csv', columns: ['organization'] }).split('\n');
    expect(lines.slice(1, 7)).toEqual([
      `"'=HYPERLINK(""http://x"",""y"")"`,
      "'+1+2",
      "'-2+3",
      "'@SUM(A1)",
      "'\tcmd",
      `"'\rcmd"`,
    ]);
  });

  it('JSON and NDJSON: one record per address in input order, with the whole answer', () => {
    const rows = [row(0, '8.8.8.8'), row(1, '1.1.1.1', { status: 'pending', source: null, body: null })];
    const json = JSON.parse(exportToString(rows, { format: 'json' })) as unknown[];
    expect(json).toEqual([
      {
        ip: '8.8.8.8',
        line: 1,
        last_line: 1,
        hits: 1,
        status: 'done',
        source: 'network',
        error: null,
        answer: rows[0]!.body,
      },
      { ip: '1.1.1.1', line: 2, last_line: 2, hits: 1, status: 'pending', source: null, error: null, answer: null },
    ]);
    const nd = exportToString(rows, { format: 'ndjson' }).trimEnd().split('\n');
    expect(nd.map((l) => (JSON.parse(l) as { ip: string }).ip)).toEqual(['8.8.8.8', '1.1.1.1']);
    expect(JSON.parse(exportToString([], { format: 'json' }))).toEqual([]);
    expect(exportToString([], { format: 'csv', columns: ['ip'] })).toBe('ip\n');
  });

  it('an unknown value is one empty cell in CSV and null in the JSON fields, whether missing or sent as "None"', () => {
    const real = row(0, '134.201.250.155', { body: NONE_STRINGS_ANSWER });
    const cols = ['ip', 'hostname', 'threat_score', 'is_vpn', 'is_tor', 'is_proxy', 'city'] as const;
    expect(exportToString([real], { format: 'csv', columns: cols }).split('\n')[1]).toBe(
      '134.201.250.155,,,,,,Los Angeles',
    );
    expect(summaryFields(real, cols)).toEqual({
      ip: '134.201.250.155',
      hostname: null,
      threat_score: null,
      is_vpn: null,
      is_tor: null,
      is_proxy: null,
      city: 'Los Angeles',
    });
    // JSON and NDJSON: the answer as sent, its "None"s null — the body itself untouched.
    for (const format of ['json', 'ndjson'] as const) {
      const text = exportToString([real], { format });
      const rec = (format === 'json' ? (JSON.parse(text) as unknown[])[0] : JSON.parse(text)) as {
        answer: {
          data: { hostname: unknown; security: Record<string, unknown>; location: { city: { name: string } } };
        };
      };
      expect(rec.answer.data.hostname).toBeNull();
      expect(rec.answer.data.security.is_tor).toBeNull();
      expect(rec.answer.data.security.threat_score).toBeNull();
      expect(rec.answer.data.security).not.toHaveProperty('is_vpn'); // not said: not made up
      expect(rec.answer.data.location.city.name).toBe('Los Angeles');
      expect(text).not.toContain('"None"');
    }
    expect(NONE_STRINGS_ANSWER.data.hostname).toBe('None');
  });

  it('CSV with bom: one byte-order mark before the header, none in a later chunk; without: none at all', () => {
    const rows = Array.from({ length: 1200 }, (_, i) =>
      row(i, `10.0.${i >> 8}.${i & 255}`, { body: { data: { location: { city: { name: 'São Paulo' } } } } }),
    );
    const chunks: string[] = [];
    writeExport(rows, { format: 'csv', columns: ['ip', 'city'], bom: true }, (c) => chunks.push(c));
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]!.startsWith('\uFEFFip,city\n')).toBe(true);
    expect(chunks.join('').split('\uFEFF')).toHaveLength(2);
    expect(Buffer.from(chunks.join(''), 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(exportToString(rows.slice(0, 1), { format: 'csv', columns: ['city'] })).toBe('city\nSão Paulo\n');
    expect(exportToString(rows.slice(0, 1), { format: 'json', bom: true }).startsWith('[')).toBe(true);
  });

  it('names the file after the job', () => {
    expect(exportFileName('sign-ups', Date.UTC(2026, 10, 23, 12, 3, 47), 'ndjson')).toBe(
      'bulk-sign-ups-20261123-120347.ndjson',
    );
    // Two exports in one minute get two names; a label of odd characters leaves a plain file name.
    expect(exportFileName('sign-ups', Date.UTC(2026, 10, 23, 12, 3, 48), 'ndjson')).not.toBe(
      exportFileName('sign-ups', Date.UTC(2026, 10, 23, 12, 3, 47), 'ndjson'),
    );
    expect(exportFileName('../../évé nts: 12 addresses', Date.UTC(2026, 10, 23), 'csv')).toBe(
      'bulk-eve-nts-12-addresses-20261123-000000.csv',
    );
  });
});

describe('bulk export of a real job (simulator answers, state.db)', () => {
  let h: BulkHarness | null = null;
  afterEach(async () => {
    await h?.closeAll();
    h = null;
  });

  it('exports a job run against the simulator in input order, streamed in chunks', async () => {
    h = await startBulk({ plan: { monthLimit: 10_000, minuteLimit: null } });
    const ips = addresses(600);
    const job = h.bulk.create({ addresses: ips })!;
    await h.drive(job.id);
    const chunks: string[] = [];
    expect(
      h.bulk.export(job.id, { format: 'csv', columns: ['ip', 'status', 'country_code'] }, (c) => chunks.push(c)),
    ).toBe(600);
    expect(chunks.length).toBeGreaterThan(1);
    const lines = chunks.join('').trimEnd().split('\n');
    expect(lines[0]).toBe('ip,status,country_code');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ips);
    expect(lines.slice(1).filter((l) => !/^[\d.]+,done,[A-Z]{2}$/.test(l))).toEqual([]);
    expect(h.bulk.export('nope', { format: 'json' }, () => {})).toBeNull();
  }, 60_000);
});

describe('the web preview saves exports without writing over one', () => {
  it('a name already taken gets -2, -3 before its extension; the first file is kept as it was', async () => {
    const { mkdtempSync, readFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join, basename } = await import('node:path');
    const { previewSaveTextFile } = await import('../../../../electron/preview/save-file');
    const dir = mkdtempSync(join(tmpdir(), 'lt-save-'));
    try {
      const save = previewSaveTextFile(dir);
      const a = await save('bulk-x-20261123-120347.csv', 'first');
      const b = await save('bulk-x-20261123-120347.csv', 'second');
      const c = await save('bulk-x-20261123-120347.csv', 'third');
      expect([a, b, c].map((p) => basename(p))).toEqual([
        'bulk-x-20261123-120347.csv',
        'bulk-x-20261123-120347-2.csv',
        'bulk-x-20261123-120347-3.csv',
      ]);
      expect(readFileSync(a, 'utf8')).toBe('first');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
