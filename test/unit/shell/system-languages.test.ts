/** Which of the system's languages the app follows: the whole preferred list, the app's locale without one. */
import { describe, expect, it } from 'vitest';
import { systemLanguages } from '../../../electron/shell/system-languages';
import { appLang, windowLang } from '../../../shared/i18n';

const source = (preferred: string[] | (() => string[]), locale = 'en-US') => ({
  getPreferredSystemLanguages: typeof preferred === 'function' ? preferred : () => preferred,
  getLocale: () => locale,
});

describe('the system languages the app follows', () => {
  it("['fr-FR', 'de-DE'] speaks German: the first language with a catalog, not only the first one", () => {
    const list = systemLanguages(source(['fr-FR', 'de-DE'], 'fr'));
    expect(list).toEqual(['fr-FR', 'de-DE']);
    expect(appLang('system', list)).toBe('de');
    expect(appLang('en', list)).toBe('en'); // the setting still wins
  });

  it("the app's locale when the system gives no list (or the call fails)", () => {
    expect(systemLanguages(source([], 'de-AT'))).toEqual(['de-AT']);
    expect(
      systemLanguages(
        source(() => {
          throw new Error('not supported');
        }, 'de'),
      ),
    ).toEqual(['de']);
  });

  it("the window: the app's list when it has one, else the page's (the web preview's browser)", () => {
    expect(windowLang('system', ['fr-FR', 'de-DE'], ['en-US'])).toBe('de');
    expect(windowLang('system', undefined, ['de-CH', 'en'])).toBe('de');
    expect(windowLang('system', [], ['en-US'])).toBe('en');
    expect(windowLang('en', ['de-DE'], ['de-DE'])).toBe('en');
  });
});
