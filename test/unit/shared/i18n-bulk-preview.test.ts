import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { noiseSentence, prepareBulk } from '../../../electron/core/bulk/prepare';
import { AddressExtractor } from '../../../electron/core/bulk/extract';

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
