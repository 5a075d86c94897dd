/** The History area (shared/i18n/{en,de}/ui-history.ts): German numbers and days, English unchanged. */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';

const JAN_1 = Date.UTC(2027, 0, 1);
const FEB_1 = Date.UTC(2027, 1, 1);
const NOW = Date.UTC(2027, 0, 18, 9);

describe('History’s words', () => {
  it('German groups thousands with a point and writes days “1. Jan.”; English as before', () => {
    const de = wordsFor('de').w.uiHistory;
    const en = wordsFor('en').w.uiHistory;
    expect(de.thisMonth(JAN_1, FEB_1, NOW, 2_088, 10_000, 7_424)).toBe(
      'Dieser Monat (1. Jan. bis 1. Feb.): 2.088 von 10.000 übrig; 7.424 verbraucht seit der ersten Zahl.',
    );
    expect(en.thisMonth(JAN_1, FEB_1, NOW, 2_088, 10_000, 7_424)).toBe(
      'This month (Jan 1 to Feb 1): 2,088 of 10,000 left; 7,424 used since the first figure.',
    );
    expect(de.behind(4_395, 2_307)).toBe(
      'Bei gleichmäßigem Verbrauch wären heute 4.395 übrig: Sie liegen 2.307 zurück.',
    );
    expect(de.busiest(JAN_1, NOW, 1_508)).toBe(
      'Verbrauchte Anfragen pro Tag; der meiste Verbrauch war am 1. Jan. mit 1.508.',
    );
    expect([de.axisNumber(10_000), en.axisNumber(10_000), en.axisNumber(2_500)]).toEqual(['10.000', '10K', '2.5K']);
  });
});
