/**
 * The `outcome` area (shared/i18n/en/outcome.ts, de/outcome.ts): an outcome's facts in words, the same sentences
 * for the window and the command line but for what to do next, in English and in German.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { isRefused, refusedWords } from '../../../shared/outcome-table';
import { ALL_OUTCOME_SAMPLES } from '../../helpers/outcome-samples';

const en = wordsFor('en').w.outcome;
const de = wordsFor('de').w.outcome;

describe('an outcome in words', () => {
  it('every outcome has a German sentence of its own, in the window and on the command line', () => {
    for (const o of ALL_OUTCOME_SAMPLES) {
      for (const face of ['window', 'cli'] as const) {
        expect(de.message(o, face), `${o.kind} ${face}`).toMatch(/\S/);
        expect(de.message(o, face), `${o.kind} ${face}`).not.toBe(en.message(o, face));
      }
      if (isRefused(o)) {
        const w = refusedWords(o, de);
        expect(w.title, o.kind).not.toBe(refusedWords(o, en).title);
        expect(w.spoken, o.kind).toContain(de.message(o));
        if (w.action) expect(w.action.label, o.kind).not.toBe(refusedWords(o, en).action?.label);
      }
    }
  });

  it('says a limit in German, with the reset day in German', () => {
    const minute = { kind: 'rate-limited', scope: 'minute', resetAt: 61_000, at: 1_000 } as const;
    expect(de.message(minute)).toBe('Minutenlimit erreicht – wieder frei in 1:00.');
    const dec1 = Date.UTC(2026, 11, 1);
    const month = { kind: 'cooldown', scope: 'month', resetAt: dec1, at: dec1 - 3 * 86_400_000 } as const;
    expect(de.message(month, 'cli')).toBe(
      'Monatskontingent aufgebraucht – wieder frei am 1. Dez., 00:00 UTC. Wechseln Sie zu einem größeren Tarif oder warten Sie. Nichts wurde gesendet; mit --force wird trotzdem gesendet.',
    );
    expect(en.message(month, 'cli')).toBe(
      'Monthly quota exhausted — resets Dec 1, 00:00 UTC. Upgrade your plan or wait. Nothing was sent; use --force to send regardless.',
    );
  });

  it("keeps the service's own words as they came (data), in German too", () => {
    const o = { kind: 'invalid-input', status: 422, said: 'The ip must be valid.' } as const;
    expect(de.message(o)).toBe('Der Dienst hat die Eingabe abgelehnt (422): The ip must be valid.');
  });
});
