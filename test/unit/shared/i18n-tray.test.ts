/** The `tray` area in German: numbers in German digits, plurals, reset dates by the language's formatter. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { buildTrayModel } from '../../../electron/shell/tray-words';
import { levelFor } from '../../../shared/quota';
import type { BulkProgress } from '../../../shared/bulk';
import { DEC1, NOW, snapshot } from '../../helpers/fake-core';

const win = (remaining: number, limit: number, resetAt = DEC1) => ({
  limit,
  remaining,
  observedAt: NOW - 2 * 60_000,
  resetAt,
  level: levelFor(remaining, limit),
  estimated: false,
});

describe('the tray in German', () => {
  it('month and minute lines: German digits, the reset day as German writes it, the level in words', () => {
    const s = snapshot({}, { month: win(2_100, 10_000), minute: win(4, 5, NOW + 30_000), minutePlan: 'limited' });
    const m = buildTrayModel(s, NOW, { lang: 'de' });
    expect(m.statusLines).toEqual([
      'Monat: 2.100 von 10.000 übrig (knapp) · wieder voll am 1. Dez.',
      'Minute: 4 von 5 übrig',
      'Aktualisiert vor 2 Min.',
    ]);
    expect(m.tooltip).toBe(
      'Lookup Tray\nMonat: 2.100 von 10.000 übrig (knapp) · wieder voll am 1. Dez.\nMinute: 4 von 5 übrig',
    );
    expect(m.checkQuotaLabel).toBe('Kontingent prüfen (kostet 1 Anfrage)');
  });

  it('a far reset date shows its year; ages count days with their plural', () => {
    const t = wordsFor('de').w.tray;
    const far = Date.UTC(2028, 0, 1);
    expect(t.line({ kind: 'month-out', resetAt: far, now: NOW })).toBe(
      'Monat: Kontingent aufgebraucht · wieder voll am 1. Jan. 2028',
    );
    expect(t.line({ kind: 'updated', ageMs: 30_000 })).toBe('Aktualisiert gerade eben');
    expect(t.line({ kind: 'updated', ageMs: 3 * 3_600_000 })).toBe('Aktualisiert vor 3 Std.');
    expect(t.line({ kind: 'updated', ageMs: 49 * 3_600_000 })).toBe('Aktualisiert vor 2 Tagen');
    expect(t.line({ kind: 'minute-hit', limit: 1_200 })).toBe('Minute: Limit erreicht (0 von 1.200 übrig)');
  });

  it('the bulk line: counts, its plural, the time left', () => {
    const t = wordsFor('de').w.tray;
    const p = {
      jobId: 'j',
      label: 'x',
      profile: 'default',
      state: 'running',
      reason: null,
      message: null,
      minuteLimit: 60,
      ratePerMinute: 60,
      etaMs: 130 * 60_000,
      waitingUntil: null,
      total: 12_000,
      done: 1_500,
      failed: 20,
      left: 10_480,
    } as unknown as BulkProgress;
    expect(t.bulk(p, 'Arbeit')).toBe('Stapel (Arbeit): 1.520 von 12.000 · noch 2 Std. 10 Min.');
    expect(t.bulk({ ...p, state: 'ready', total: 1 })).toBe('Stapel: bereit, 1 Adresse');
    expect(wordsFor('en').w.tray.bulk(p, 'Work')).toBe('Bulk (Work): 1,520 of 12,000 · 2 h 10 min left');
  });
});

describe("an age's words are written once, in the tray area", () => {
  it('shared/format.ts holds no copy of the ages ("3 min ago") the tray and the command line say', () => {
    expect(readFileSync('shared/format.ts', 'utf8')).not.toMatch(/min ago|just now/);
    expect(wordsFor('en').w.tray.line({ kind: 'updated', ageMs: 3 * 60_000 })).toBe('Updated 3 min ago');
  });
});
