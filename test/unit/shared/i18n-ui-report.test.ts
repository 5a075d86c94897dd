/** The Report area (shared/i18n/{en,de}/ui-report.ts): German plurals, numbers and shares; English as the exports. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { coverageText, type BulkReport } from '../../../shared/report';

const COVERAGE: BulkReport['coverage'] = {
  total: 1_234,
  hits: 1,
  answered: 1_200,
  share: 1_200 / 1_234,
  privateOrReserved: 3,
  failed: 1,
  pending: 30,
  notLookedUp: 34,
};

describe('Report’s words', () => {
  const de = wordsFor('de').w.uiReport;
  const en = wordsFor('en').w.uiReport;
  it('the coverage in German (12.345 → 1.234, 97,2 %, 1 Treffer); English as the shared sentence', () => {
    expect(de.coverage(COVERAGE, 'stopped')).toBe(
      '1.234 Adressen (1 Treffer), 1.200 beantwortet (97,2 %); nicht abgefragt: 3 privat oder reserviert, 1 fehlgeschlagen, 30 noch nicht abgefragt. Die Abfrage ist angehalten; der Bericht hat keine Anfrage gesendet.',
    );
    const report = { coverage: COVERAGE, state: 'stopped' } as BulkReport;
    expect(en.coverage(COVERAGE, 'stopped')).toBe(coverageText(report));
  });
  it('shared/report.ts words its exports through this area: no copy of the coverage, attention or empty-table sentences', () => {
    const source = readFileSync('shared/report.ts', 'utf8');
    // The sentences' runs anywhere; the short titles as a string the code would hold (comments may name them).
    for (const said of ['; not looked up: ', 'the report sent no request', 'highest threat first, then most hits'])
      expect(source, said).not.toContain(said);
    for (const said of [en.noAttention, en.noneAnswered, en.top, en.attention])
      for (const quoted of [`'${said}'`, `\`${said}\``]) expect(source, quoted).not.toContain(quoted);
  });
  it('places and the rows that sum the rest', () => {
    expect(de.place('Lima, Peru', 1, 2)).toBe('Lima, Peru: 1 Treffer von 2 Adressen');
    expect(de.place('Lima, Peru', 2, 1)).toBe('Lima, Peru: 2 Treffer von 1 Adresse');
    expect([en.other(10), de.other(1_000)]).toEqual(['Other (10)', 'Andere (1.000)']);
    expect(de.attentionNote(70, 50, 1_200)).toContain('Die ersten 50 von 1.200 werden gezeigt.');
  });
});
