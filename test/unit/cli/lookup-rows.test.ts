/**
 * `lookup`'s summary on a terminal (electron/cli/handlers/lookup.ts summaryRows): its labels and words are the
 * command's language's (shared/i18n cli.lookup), the service's texts shown as they came. The command prints these
 * rows only when stdout is a terminal and has no option forcing them, so the pseudo-locale check
 * (test/cli/pseudo-locale.test.ts) cannot see them: they are checked here, in English, German and the pseudo-locale.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { readAnswer } from '../../../shared/answer';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../shared/i18n/pseudo';

const body = (threat: number | null, tor: boolean | null) => ({
  data: {
    ip: '203.0.113.7',
    hostname: 'edge.example.net',
    type: 'ipv4',
    location: { city: { name: 'Mountain View' }, region: { name: 'California' }, country: { name: 'United States' } },
    connection: { asn: 15169, organization: 'Google LLC' },
    time_zone: { id: 'America/Los_Angeles' },
    security: { is_tor: tor, is_vpn: false, is_known_attacker: tor, threat_score: threat },
  },
});

async function rows(lang: 'en' | 'de' | 'pseudo', threat: number | null, tor: boolean | null) {
  const { setCliLang } = await import('../../../electron/cli/cli-words');
  const { summaryRows } = await import('../../../electron/cli/handlers/lookup');
  setCliLang(lang);
  const a = readAnswer(body(threat, tor));
  expect(a).not.toBeNull();
  return summaryRows(a!);
}

afterEach(async () => {
  const { setCliLang } = await import('../../../electron/cli/cli-words');
  setCliLang('en');
});

describe("lookup's summary rows", () => {
  it('English: the labels and words as they always were', async () => {
    const en = Object.fromEntries(await rows('en', 85, true));
    expect(en).toMatchObject({ location: 'Mountain View, California, United States', security: 'tor, known attacker' });
    expect(en.threat).toBe('85 of 100');
    expect(Object.fromEntries(await rows('en', null, false))).toMatchObject({
      security: 'nothing flagged',
      threat: 'unknown',
    });
  });

  it('German: German labels, flags and the score', async () => {
    const de = Object.fromEntries(await rows('de', 85, true));
    expect(de).toMatchObject({
      Ort: 'Mountain View, California, United States',
      Sicherheit: 'Tor, bekannter Angreifer',
      Bedrohung: '85 von 100',
    });
    expect(Object.fromEntries(await rows('de', null, false))).toMatchObject({
      Sicherheit: 'nichts markiert',
      Bedrohung: 'unbekannt',
    });
  });

  it('pseudo-locale: every label and word from the catalog, the service’s texts as they came', async () => {
    const data = new Set(['Mountain View, California, United States', 'edge.example.net', 'America/Los_Angeles']);
    for (const [threat, tor] of [
      [85, true],
      [null, false],
      [null, null],
    ] as const) {
      for (const [label, value] of await rows('pseudo', threat, tor)) {
        expect(label, label).toMatch(new RegExp(`^${PSEUDO_OPEN}.*${PSEUDO_CLOSE}$`));
        if (data.has(value) || /^Google LLC|^[\d.]+$/.test(value)) continue;
        // Words of the catalog, each bracketed; what is left between them is punctuation.
        const rest = value.replace(new RegExp(`${PSEUDO_OPEN}[^${PSEUDO_CLOSE}]*${PSEUDO_CLOSE}`, 'g'), '');
        expect(rest, `${label}: ${value}`).toMatch(/^[\s,]*$/);
      }
    }
  });
});
