/**
 * Which language the faces speak: the languages with a catalog, and how a user's wish (a setting, `--lang`, the
 * operating system's locale, `LANG`/`LC_ALL`/`LC_MESSAGES`) picks one of them. Pure: the callers pass what they read.
 */

/** The languages with a complete catalog; 'pseudo' is the generated test locale (shared/i18n/pseudo.ts). */
export const LANGS = ['en', 'de'] as const;
export type Lang = (typeof LANGS)[number] | 'pseudo';

/** The setting's and `--lang`'s values: a language, or 'system' (follow the operating system / the environment). */
export const LANG_CHOICES = ['system', ...LANGS] as const;
export type LangChoice = (typeof LANG_CHOICES)[number];

/** The locale each language formats values for. */
export const LANG_LOCALE: Record<Lang, string> = { en: 'en-US', de: 'de-DE', pseudo: 'en-US' };

/**
 * The first of `wanted` (BCP 47 tags or POSIX locales: "de-AT", "de_CH.UTF-8", "C") that has a catalog, by its
 * language subtag; English when none has. "pseudo" is honoured (the test locale).
 */
export function pickLang(wanted: readonly (string | undefined | null)[]): Lang {
  for (const w of wanted) {
    if (!w) continue;
    const base =
      w
        .trim()
        .split(/[-_.@]/)[0]
        ?.toLowerCase() ?? '';
    if (base === 'pseudo') return 'pseudo';
    if ((LANGS as readonly string[]).includes(base)) return base as Lang;
    if (base === 'c' || base === 'posix') return 'en';
  }
  return 'en';
}

/**
 * The command's language: `--lang` when given (not 'system'), else the environment as POSIX orders it — LC_ALL, then
 * LC_MESSAGES, then LANG (each only when set and not empty) — and GNU's LANGUAGE list before LANG/LC_MESSAGES when
 * the locale is not "C". English when nothing names a language with a catalog.
 */
export function commandLang(env: Readonly<Record<string, string | undefined>>, flag?: string): Lang {
  if (flag && flag !== 'system') return pickLang([flag]);
  const set = (k: string): string | undefined => (env[k] ? env[k] : undefined);
  const locale = set('LC_ALL') ?? set('LC_MESSAGES') ?? set('LANG');
  if (!locale || /^(c|posix)([._@].*)?$/i.test(locale)) return 'en';
  const list = (set('LANGUAGE') ?? '').split(':').filter(Boolean);
  return pickLang([...list, locale]);
}

/**
 * The window's language: as `appLang`, with the system's languages the app read (the snapshot's `systemLanguages`)
 * when it knows them, else the page's own list (navigator.languages: the web preview's browser).
 */
export function windowLang(
  choice: LangChoice,
  fromApp: readonly string[] | undefined,
  fromPage: readonly string[],
): Lang {
  return appLang(choice, fromApp?.length ? fromApp : fromPage);
}

/** The app's language: the setting unless 'system', else the operating system's preferred languages in order. */
export function appLang(choice: LangChoice, systemLocales: readonly string[]): Lang {
  return choice === 'system' ? pickLang(systemLocales) : pickLang([choice]);
}
