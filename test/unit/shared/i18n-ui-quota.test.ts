/**
 * The `uiQuota` area (shared/i18n/en/ui-quota.ts, de/ui-quota.ts): the gauges, the cooldown and the quota's
 * announcements — numbers grouped and durations in the plural the language needs — in English and in German.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';

const en = wordsFor('en').w.uiQuota;
const de = wordsFor('de').w.uiQuota;
const NOW = Date.UTC(2026, 10, 20, 12);

describe('the quota in words', () => {
  it('groups the figures the language’s way', () => {
    expect(en.gauge('month', 2500, 10_000)).toBe('2,500 of 10,000 left this month');
    expect(de.gauge('month', 2500, 10_000)).toBe('2.500 von 10.000 übrig im Monat');
    expect(de.monthLevel('low', 1234, 10_000)).toBe('Monatskontingent wird knapp: 1.234 von 10.000 übrig.');
  });

  it('says a rough duration with the plural the language needs', () => {
    const at = (ms: number) => NOW + ms;
    expect(en.cooldownSpoken('minute', NOW, at(1000))).toMatch(/^Minute limit reached — resets in about 1 second, at/);
    expect(en.cooldownSpoken('minute', NOW, at(42_000))).toMatch(/about 42 seconds,/);
    expect(de.cooldownSpoken('minute', NOW, at(1000))).toMatch(/in etwa 1 Sekunde, um \d\d:\d\d\.$/);
    expect(de.cooldownSpoken('minute', NOW, at(3 * 3_600_000))).toMatch(/in etwa 3 Stunden,/);
    expect(de.cooldownStarts('minute', 1)).toBe('Minutenlimit erreicht: Abfragen gehen in etwa 1 Sekunde wieder.');
    expect(de.cooldownStarts('minute', 30)).toContain('in etwa 30 Sekunden');
  });

  it('says the reset day in the language, and the check’s result by how it was checked', () => {
    expect(en.resetsOn(Date.UTC(2026, 11, 1), NOW)).toBe('resets Dec 1, 00:00 UTC');
    expect(de.resetsOn(Date.UTC(2026, 11, 1), NOW)).toMatch(/^zurückgesetzt am 1\. Dez\./);
    expect(en.checked('lookup')).toBe('Quota checked with one lookup (1 request spent).');
    expect(de.checked('status')).toBe('Kontingent mit der kostenlosen Statusabfrage geprüft.');
    expect(en.valueText('0 of 5 left this minute', 'Exhausted', 'resets in 0:42', null)).toBe(
      '0 of 5 left this minute, exhausted, resets in 0:42',
    );
  });
});
