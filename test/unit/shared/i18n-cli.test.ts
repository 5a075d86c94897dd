/** The `cli` area in German: plurals, numbers in German digits, dates by the language's formatter. */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const DEC1 = Date.UTC(2026, 11, 1);

describe('the command line in German', () => {
  const de = wordsFor('de').w.cli;
  const en = wordsFor('en').w.cli;
  it('quota figures: German digits, the share, the reset day and time, the age', () => {
    expect(de.quota.left(9_512, 10_000)).toBe('9.512 von 10.000 übrig (95 %)');
    expect(en.quota.left(9_512, 10_000)).toBe('9,512 of 10,000 left (95 %)');
    expect(de.quota.monthRest(DEC1, NOW, 3 * 60_000, false)).toBe(
      ' · wieder voll am 1. Dez., 00:00 UTC (in 8 d 12 h) · aktualisiert vor 3 Min.',
    );
    expect(de.quota.forecast({ kind: 'runs-out', runsOutAt: Date.UTC(2026, 10, 27), pace: 1.4 } as never, NOW)).toBe(
      'in diesem Tempo ist das Monatskontingent am 27. Nov. aufgebraucht (Tempo 1.4×)',
    );
  });
  it('plurals: cached answers, profiles served, days ago', () => {
    expect(de.cache.cleared(1, 'Arbeit')).toBe('1 gespeicherte Antwort des Profils „Arbeit“ entfernt.');
    expect(de.cache.cleared(1_200, 'Arbeit')).toBe('1.200 gespeicherte Antworten des Profils „Arbeit“ entfernt.');
    expect(en.cache.cleared(1, 'Work')).toBe('Removed 1 cached answer of profile "Work".');
    expect(en.cache.cleared(2, 'Work')).toBe('Removed 2 cached answers of profile "Work".');
    expect(de.serve.serving(1, 'http://127.0.0.1:9100/metrics')).toBe(
      'Metriken von 1 Profil unter http://127.0.0.1:9100/metrics (Strg+C beendet)',
    );
    expect(de.lookup.fromCache('8.8.8.8', 50 * 3_600_000)).toBe(
      '8.8.8.8: aus dem Zwischenspeicher (abgerufen vor 2 Tagen): keine Anfrage verbraucht. --refresh fragt den Dienst.',
    );
  });
});
