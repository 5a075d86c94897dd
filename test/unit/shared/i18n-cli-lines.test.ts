/**
 * The command line's last English lines in the catalog (issue 43, cli area): `demo`'s, `config get`'s read-only
 * note, `key set`'s, `profile remove`'s consent, `lookup`'s lines about an address read from standard input,
 * `report --block-list`'s count and what `-` reads. English as the command printed it before; German with its own
 * numbers and plurals.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';

const en = wordsFor('en').w.cli;
const de = wordsFor('de').w.cli;

describe('the command line’s lines', () => {
  it('English: as the command said them', () => {
    expect(en.demo.plan(60, 1000)).toBe(
      'Plan: 60 requests a minute, 1,000 a month — simulated answers, no real quota; the key works only while this runs.',
    );
    expect(en.key.saved('••••1111', 'https://api.example.com', null, true)).toBe(
      'Key ••••1111 saved in your system keychain for https://api.example.com (verified).',
    );
    expect(en.key.saved('••••1111', 'https://api.example.com', 'Work', false)).toBe(
      'Key ••••1111 saved in your system keychain for https://api.example.com (profile "Work") (not verified).',
    );
    expect(en.profile.needsYes('"Lab"')).toBe(
      'Removing "Lab" deletes its key, figures and history: add --yes to go ahead.',
    );
    expect(en.lookup.line(12, 'nope')).toBe('line 12: nope');
    expect(en.lookup.threatScore(85)).toBe('85 of 100');
    expect(en.report.attention(1, 'auth.log', null)).toBe('1 address needs attention in "auth.log".');
    expect(en.report.attention(3, 'auth.log', 'out.txt')).toBe(
      '3 addresses need attention in "auth.log": written to out.txt.',
    );
    expect(en.input.stopped(en.input.stdin)).toBe('Stopped reading standard input (Ctrl+C): nothing was sent.');
  });

  it('German: numbers with German separators, a plural by the count, the profile in German quotes', () => {
    expect(de.demo.plan(1, 10000)).toBe(
      'Tarif: 1 Anfrage pro Minute, 10.000 pro Monat – simulierte Antworten, kein echtes Kontingent; der Schlüssel gilt nur, solange dies läuft.',
    );
    expect(de.demo.plan(60, 1000)).toMatch(/^Tarif: 60 Anfragen pro Minute, 1\.000 pro Monat/);
    expect(de.key.saved('••••1111', 'https://api.example.com', 'Work', false)).toBe(
      'Schlüssel ••••1111 im Schlüsselbund des Systems für https://api.example.com gespeichert (Profil „Work“) (nicht geprüft).',
    );
    expect(de.lookup.line(1234, 'nope')).toBe('Zeile 1.234: nope');
    expect(de.lookup.threatScore(85)).toBe('85 von 100');
    expect(de.report.attention(1, 'auth.log', null)).toBe('1 Adresse braucht Aufmerksamkeit in „auth.log“.');
    expect(de.report.attention(1200, 'auth.log', 'a.txt')).toBe(
      '1.200 Adressen brauchen Aufmerksamkeit in „auth.log“: nach a.txt geschrieben.',
    );
    expect(de.config.readOnly).toBe('schreibgeschützt: mit „lookup-tray profile use NAME“ ändern');
  });
});
