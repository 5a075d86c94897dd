import { describe, expect, it } from 'vitest';
import { commandLang, appLang, pickLang, wordsFor } from '../../../shared/i18n';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../../shared/i18n/pseudo';

describe('which language the faces speak', () => {
  it('the command follows LC_ALL, then LC_MESSAGES, then LANG; --lang overrides; C and unknown languages are English', () => {
    expect(commandLang({ LANG: 'de_DE.UTF-8' })).toBe('de');
    expect(commandLang({ LANG: 'de_DE.UTF-8', LC_ALL: 'C' })).toBe('en');
    expect(commandLang({ LANG: 'en_US.UTF-8', LC_MESSAGES: 'de_AT.UTF-8' })).toBe('de');
    expect(commandLang({ LC_ALL: 'de_CH.UTF-8', LC_MESSAGES: 'en_GB' })).toBe('de');
    expect(commandLang({ LANG: 'fr_FR.UTF-8' })).toBe('en');
    expect(commandLang({ LANG: 'fr_FR.UTF-8', LANGUAGE: 'fr:de' })).toBe('de');
    expect(commandLang({ LANG: 'C.UTF-8', LANGUAGE: 'de' })).toBe('en');
    expect(commandLang({})).toBe('en');
    expect(commandLang({ LANG: 'de_DE.UTF-8' }, 'en')).toBe('en');
    expect(commandLang({ LANG: 'en_US.UTF-8' }, 'system')).toBe('en');
    expect(commandLang({ LANG: 'en_US.UTF-8' }, 'de')).toBe('de');
  });
  it('the app follows the setting, else the system languages in order', () => {
    expect(appLang('system', ['de-AT', 'en-US'])).toBe('de');
    expect(appLang('system', ['fr-FR', 'en-US'])).toBe('en');
    expect(appLang('en', ['de-DE'])).toBe('en');
    expect(appLang('de', [])).toBe('de');
    expect(pickLang([undefined, '', 'DE'])).toBe('de');
  });
});

describe('the catalogs', () => {
  it('plural forms by each language’s rules, numbers in its digits', () => {
    const en = wordsFor('en').w.common;
    const de = wordsFor('de').w.common;
    expect([en.addresses(1), en.addresses(0), en.addresses(12_345)]).toEqual([
      '1 address',
      '0 addresses',
      '12,345 addresses',
    ]);
    expect([de.addresses(1), de.addresses(2), de.addresses(12_345)]).toEqual([
      '1 Adresse',
      '2 Adressen',
      '12.345 Adressen',
    ]);
  });
  it('the pseudo-locale brackets, accents and lengthens every sentence and keeps digits', () => {
    const p = wordsFor('pseudo').w.common;
    const text = p.addresses(1234);
    expect(text.startsWith(PSEUDO_OPEN) && text.endsWith(PSEUDO_CLOSE)).toBe(true);
    expect(text).toContain('1,234');
    expect(text).not.toMatch(/address/);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('1,234 addresses'.length * 1.35));
    expect(p.langChoice.de.startsWith(PSEUDO_OPEN)).toBe(true);
  });
});
