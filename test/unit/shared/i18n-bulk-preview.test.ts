import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { prepareBulk } from '../../../electron/core/bulk/prepare';
import { AddressExtractor } from '../../../electron/core/bulk/extract';
import { previewCost } from '../../../electron/core/bulk/cost';

/** The window's noise line as it reads: the sentence, the example as found, the end. */
const noiseLine = (lang: 'en' | 'de', count: number, example: string | null): string => {
  const w = wordsFor(lang).w.bulkPreview;
  return `${w.noise(count, example !== null)}${example === null ? '' : `${example}${w.noiseEnd}`}`;
};

describe('a checked list’s notes, from facts (bulkPreview)', () => {
  it('English reads as the core’s sentence did (the window and the command line print the same)', () => {
    expect(noiseLine('en', 1, '120.0.6099.109')).toBe('1 version-like token skipped, e.g. 120.0.6099.109.');
    expect(noiseLine('en', 600000, '1.2.3.4.5')).toBe('600,000 version-like tokens skipped, e.g. 1.2.3.4.5.');
    expect(noiseLine('en', 2, null)).toBe('2 version-like tokens skipped.');
    const x = new AddressExtractor({ expandRanges: true, maxExpanded: 65536 });
    x.write('198.18.0.0/15\n45.0.0.0/30\n');
    const r = x.end();
    expect(r.rangeLimit).toEqual({ total: 131076, max: 65536 });
    expect(wordsFor('en').w.bulkPreview.rangeLimit(r.rangeAddresses, 65536)).toBe(
      'The ranges hold 131,076 addresses; at most 65,536 can be expanded. Narrow the ranges or split the list.',
    );
  });
  it('German: plurals by its rules, numbers in its digits', () => {
    expect(noiseLine('de', 1, '120.0.6099.109')).toBe('1 versionsähnliches Token übersprungen, z. B. 120.0.6099.109.');
    expect(noiseLine('de', 600000, null)).toBe('600.000 versionsähnliche Tokens übersprungen.');
    expect(wordsFor('de').w.bulkPreview.rangeLimit(131081, 65536)).toBe(
      'Die Bereiche enthalten 131.081 Adressen; höchstens 65.536 lassen sich auflösen. Bereiche eingrenzen oder die Liste teilen.',
    );
  });
  it('the ranges left out, refusals and a follow’s end: German plurals and numbers, the window’s checkbox named', () => {
    const de = wordsFor('de').w;
    const one = { count: 1, shown: ['45.0.0.0/30'], total: 4, max: 65536 };
    expect(de.bulkPreview.rangesNote(one)).toBe(
      '1 Bereich (45.0.0.0/30) enthält 4 Adressen: „Bereiche auflösen“ fragt ihn mit ab (bis zu 4 weitere Anfragen).',
    );
    const many = { count: 5, shown: ['198.18.0.0/15', '45.0.0.0/30', '45.1.0.0/30'], total: 131084, max: 65536 };
    expect(de.bulkPreview.notCounted(de.bulkPreview.rangesNote(many, 'cli'))).toBe(
      'Oben nicht gezählt: 5 Bereiche (198.18.0.0/15, 45.0.0.0/30, 45.1.0.0/30, … 2 weitere) enthalten 131.084 Adressen, mehr als die 65.536, die sich auflösen lassen: sie eingrenzen oder die Liste teilen.',
    );
    expect(wordsFor('en').w.bulkPreview.rangesNote(many)).toBe(
      '5 ranges (198.18.0.0/15, 45.0.0.0/30, 45.1.0.0/30, … 2 more) hold 131,084 addresses, more than the 65,536 that can be expanded: narrow them or split the list.',
    );
    expect(de.bulkNote.refusal({ kind: 'range-limit', total: 131084, max: 65536 })).toContain('131.084 Adressen');
    expect(de.bulkNote.refusal({ kind: 'cannot-read', name: 'auth.log', code: 'EACCES' })).toBe(
      'auth.log kann nicht gelesen werden (EACCES).',
    );
    expect(de.bulkNote.followEnd({ kind: 'job', note: { kind: 'paused' } })).toBe(de.bulkNote.say({ kind: 'paused' }));
    expect(de.bulkPreview.entryProblem({ kind: 'prefix', prefix: 33, version: 4 })).toBe(
      '/33 ist keine gültige Präfixlänge für IPv4 (0–32).',
    );
    expect(de.bulkPreview.moreEntries(1)).toBe('… und 1 weiterer Eintrag, der keine Adresse ist.');
  });
  it('an entry’s problem: the fact words as the core’s English did, and in German', () => {
    const x = new AddressExtractor();
    x.write('8.8.8.8\nexample.com\n300.1.1.1\n');
    const { invalid } = prepareBulk(x.end(), null);
    expect(invalid.map((i) => i.problem.kind)).toEqual(['not-ip', 'bad-v4']);
    expect(invalid.map((i) => wordsFor('en').w.bulkPreview.entryProblem(i.problem))).toEqual([
      '“example.com” is not an IP address. Hostnames are not looked up: enter an IPv4 or IPv6 address.',
      '“300.1.1.1” is not a valid IPv4 address.',
    ]);
    const bad = invalid[1]?.problem;
    expect(bad && wordsFor('de').w.bulkPreview.entryProblem(bad)).toContain('300.1.1.1');
  });
});

describe('a job’s cost, from facts (bulkPreview.cost)', () => {
  const quota = {
    month: { limit: 10_000, remaining: 1, resetAt: 0, estimated: false },
    minute: { limit: 60, remaining: 60, resetAt: 0 },
    minutePlan: 'limited',
    asOf: 0,
  } as unknown as Parameters<typeof previewCost>[0]['quota'];

  it('English, line by line; the command’s floor line names --budget-floor', () => {
    const c = previewCost({ unique: 1, fromCache: 0, quota, floor: { count: 0 } });
    const w = wordsFor('en').w.bulkPreview.cost(c, 'cli');
    expect([w.first, w.month, w.floor, w.stops, w.time].filter((l) => l !== null)).toEqual([
      '1 unique address: 0 answered from the cache (free), 1 to send.',
      'Month: 1 of 10,000 left now, 0 after.',
      'Budget floor: keeps 0 requests for single lookups (--budget-floor sets it).',
      'Time at 60 a minute: under a minute.',
    ]);
    expect(wordsFor('en').w.bulkPreview.cost(c).floor).toBe('Budget floor: keeps 0 requests for single lookups.');
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
