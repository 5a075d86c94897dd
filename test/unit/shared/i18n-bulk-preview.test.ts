import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { noiseSentence, prepareBulk } from '../../../electron/core/bulk/prepare';
import { AddressExtractor } from '../../../electron/core/bulk/extract';
import { previewCost } from '../../../electron/core/bulk/cost';

/** The window's noise line as it reads: the sentence, the example as found, the end. */
const noiseLine = (lang: 'en' | 'de', count: number, example: string | null): string => {
  const w = wordsFor(lang).w.bulkPreview;
  return `${w.noise(count, example !== null)}${example === null ? '' : `${example}${w.noiseEnd}`}`;
};

describe('a checked list’s notes, from facts (bulkPreview)', () => {
  it('English reads as the core’s sentence did (the command line still prints that one)', () => {
    for (const [noise, noiseExample] of [
      [1, '120.0.6099.109'],
      [600000, '1.2.3.4.5'],
      [2, null],
    ] as const)
      expect(noiseLine('en', noise, noiseExample)).toBe(noiseSentence({ noise, noiseExample }));
    // The core wrote the counts with thin spaces for the window to re-group (renderer/src/format.ts sameNumbers).
    const x = new AddressExtractor({ expandRanges: true, maxExpanded: 65536 });
    x.write('198.18.0.0/15\n45.0.0.0/30\n');
    const r = x.end();
    const regrouped = r.rangeMessage?.replace(/(\d) (?=\d{3})/g, '$1,');
    expect(wordsFor('en').w.bulkPreview.rangeLimit(r.rangeAddresses, 65536)).toBe(regrouped);
    expect(regrouped).toBe(
      'The ranges hold 131,076 addresses; at most 65,536 can be expanded. Narrow the ranges or split the list.',
    );
  });
  it('German: plurals by its rules, numbers in its digits', () => {
    expect(noiseLine('de', 1, '120.0.6099.109')).toBe('1 versionsähnliches Token übersprungen, z. B. 120.0.6099.109.');
    expect(noiseLine('de', 600000, null)).toBe('600.000 versionsähnliche Tokens übersprungen.');
    expect(wordsFor('de').w.bulkPreview.rangeLimit(131081, 65536)).toBe(
      'Die Bereiche enthalten 131.081 Adressen; höchstens 65.536 lassen sich erweitern. Bereiche eingrenzen oder die Liste teilen.',
    );
  });
  it('an entry’s problem: the fact words as the core’s English did, and in German', () => {
    const x = new AddressExtractor();
    x.write('8.8.8.8\nexample.com\n300.1.1.1\n');
    const { invalid } = prepareBulk(x.end(), null, 'Expand ranges');
    expect(invalid.map((i) => i.problem?.kind)).toEqual(['not-ip', 'bad-v4']);
    for (const i of invalid) expect(i.problem && wordsFor('en').w.outcome.ipProblem(i.problem)).toBe(i.message);
    const bad = invalid[1]?.problem;
    expect(bad && wordsFor('de').w.outcome.ipProblem(bad)).toContain('300.1.1.1');
  });
});

describe('a job’s cost, from facts (bulkPreview.cost)', () => {
  const quota = {
    month: { limit: 10_000, remaining: 1, resetAt: 0, estimated: false },
    minute: { limit: 60, remaining: 60, resetAt: 0 },
    minutePlan: 'limited',
    asOf: 0,
  } as unknown as Parameters<typeof previewCost>[0]['quota'];

  it('English is the core’s preview line for line; the command’s floor line names --budget-floor', () => {
    const c = previewCost({ unique: 1, fromCache: 0, quota, floor: { count: 0 } });
    const w = wordsFor('en').w.bulkPreview.cost(c, 'cli');
    expect([w.first, w.month, w.floor, w.stops, w.time].filter((l) => l !== null)).toEqual(
      c.lines.map((l) => (l.startsWith('Budget floor:') ? l.replace(/\.$/, ' (--budget-floor sets it).') : l)),
    );
    expect(w.first).toBe('1 unique address: 0 answered from the cache (free), 1 to send.');
    expect(w.floor).toBe('Budget floor: keeps 0 requests for single lookups (--budget-floor sets it).');
  });

  it('German: its plurals and digits, the floor as a share of the month', () => {
    const c = previewCost({ unique: 3, fromCache: 0, quota, floor: { percent: 5 } });
    const w = wordsFor('de').w.bulkPreview.cost(c);
    expect(w.first).toBe('3 eindeutige Adressen: 0 aus dem Cache beantwortet (kostenlos), 3 zu senden.');
    expect(w.month).toBe('Monat: jetzt 1 von 10.000 übrig, danach 1.');
    expect(w.floor).toBe('Budgetuntergrenze: behält 500 Anfragen (5 % von 10.000) für einzelne Abfragen.');
    expect(w.stops).toBe(
      'Nur 0 können vor der Budgetuntergrenze gesendet werden: Der Auftrag hält dort an und behält, was er gefunden hat.',
    );
    expect(wordsFor('de').w.bulkPreview.duration(130 * 60_000)).toBe('etwa 2 Std. 10 Min.');
  });
});
