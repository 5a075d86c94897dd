/** The Bulk area (shared/i18n/{en,de}/ui-bulk.ts): German plurals, numbers and flag names; English unchanged. */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { securityWords, startPlan } from '../../../renderer/src/bulk-words';
import type { CostPreview } from '../../../shared/bulk';

const BLOCKED: CostPreview = {
  unique: 10,
  fromCache: 0,
  toSend: 10,
  month: { limit: 10_000, remainingBefore: 1, remainingAfter: 1, estimated: false },
  floor: { percent: 5 },
  budgetFloor: 1_500,
  sendable: 0,
  stopsEarly: true,
  minutePlan: 'limited',
  minuteLimit: 60,
  estimatedMs: null,
};

describe('Bulk’s words', () => {
  const de = wordsFor('de').w.uiBulk;
  const en = wordsFor('en').w.uiBulk;
  it('German plurals (1 Anfrage ist / 2 Anfragen sind) and thousands with a point', () => {
    expect([de.startSend(1), de.startSend(12_345)]).toEqual([
      'Starten (verbraucht bis zu 1 Anfrage)',
      'Starten (verbraucht bis zu 12.345 Anfragen)',
    ]);
    expect(startPlan(BLOCKED, de)).toEqual({
      kind: 'blocked',
      why: 'Nichts kann gesendet werden: In diesem Monat ist 1 Anfrage übrig, und die Budgetuntergrenze behält 1.500 für einzelne Abfragen. Senken Sie die Untergrenze, um zu starten.',
    });
    expect(startPlan(BLOCKED, en)).toEqual({
      kind: 'blocked',
      why: 'Nothing can be sent: 1 request is left this month and the budget floor keeps 1,500 for single lookups. Lower the floor to start.',
    });
    expect([de.notAddresses(1), de.notAddresses(2)]).toEqual([
      '1 Eintrag ist keine Adresse (ausgelassen)',
      '2 Einträge sind keine Adressen (ausgelassen)',
    ]);
    expect(de.counts(1_234, 0, 5, 1)).toBe('1.234 fertig · 0 offen · 5 aus dem Cache · 1 fehlgeschlagen');
    expect(de.readProgress({ bytes: 1_200_000, total: 5_000_000, found: 1, leftMs: null })).toBe(
      '1,2 MB von 5,0 MB gelesen, 1 Adresse',
    );
  });
  it('a row’s flags in German, the threat first', () => {
    const row = { status: 'done' as const, security: { flags: ['Datacenter', 'VPN'], threatScore: 90 } };
    expect(securityWords(row, de)).toEqual({
      short: 'Bedrohung 90, Rechenzentrum, VPN',
      full: 'Merkmale: Rechenzentrum, VPN; Bedrohungswert 90.',
    });
    expect(securityWords(row, en).short).toBe('Threat 90, Datacenter, VPN');
  });
});
