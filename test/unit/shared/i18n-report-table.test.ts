/** A report's tables in a command's language (reportTable), the exported files' English unchanged (issue 43). */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { englishSpeech, reportTables, type BulkReport, type ReportSpeech } from '../../../shared/report';

const speech = (lang: 'en' | 'de'): ReportSpeech => {
  const { w } = wordsFor(lang);
  return { ui: w.uiReport, table: w.reportTable, flag: w.uiResult.flag };
};

const row = (key: string, label: string, addresses: number) => ({
  key,
  label,
  addresses,
  hits: addresses * 2,
  share: 0.5,
});
const report = {
  coverage: { total: 3, answered: 2, failed: 0, pending: 1, hits: 6 },
  state: 'paused',
  attention: { threshold: 75, total: 0, rows: [] },
  countries: [row('DE', 'Germany', 1200), row('unknown', 'Unknown', 1)],
  asns: [{ ...row('other', 'Other (25)', 3), others: 25 }],
  flags: [row('tor', 'Tor', 1), row('none', 'None flagged', 1)],
  threat: [row('0-24', '0–24', 2)],
  top: [],
} as unknown as BulkReport;

describe('reportTables', () => {
  it('in English the command line says what the exported files say', () => {
    expect(reportTables(report, speech('en'))).toEqual(reportTables(report, englishSpeech()));
    const [, countries, networks, flags] = reportTables(report);
    expect(countries?.rows).toEqual([
      ['Germany (DE)', '1,200', '50.0 %', '2,400'],
      ['Unknown', '1', '50.0 %', '2'],
    ]);
    expect(networks?.rows[0]?.[0]).toBe('Other (25)');
    expect(flags?.inline).toBe('an address may carry several flags');
  });

  it('in German: titles, headers, the rows the report names, its digits; countries as the service named them', () => {
    const [attention, countries, networks, flags, threat] = reportTables(report, speech('de'));
    expect(attention?.title).toBe(wordsFor('de').w.uiReport.attention);
    expect(attention?.inline).toMatch(/^als Tor, Proxy oder VPN markiert oder mit einem Bedrohungswert ab 75;/);
    expect(countries?.title).toBe('Länder');
    expect(countries?.header).toEqual(['Land', 'Adressen', 'Anteil', 'Treffer']);
    expect(countries?.rows).toEqual([
      ['Germany (DE)', '1.200', '50,0 %', '2.400'],
      ['Unbekannt', '1', '50,0 %', '2'],
    ]);
    expect(networks?.rows[0]?.[0]).toBe('Andere (25)');
    expect(flags?.rows.map((r) => r[0])).toEqual(['Tor', 'Ohne Merkmal']);
    expect(threat?.header[0]).toBe('Bereich');
  });
});
