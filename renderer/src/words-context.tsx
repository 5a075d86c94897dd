/**
 * The window's words: `useWords()` gives every component the catalog of the interface's language
 * (shared/i18n), `wordsFor(windowLang(setting, snapshot.systemLanguages, navigator.languages))`. The setting is
 * Settings → App → Language (`interfaceLanguage`); 'system' follows the operating system's languages the app read
 * (the snapshot's `systemLanguages`, Electron's app.getPreferredSystemLanguages() — the list the notifications and
 * the tray follow), else `navigator.languages` (the web preview: the browser's list). `<html lang>` follows the language.
 * German is loaded when first spoken (renderer/src/lang-catalog.ts); until then the provider suspends.
 */
import { createContext, use, useContext, useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { windowLang, wordsFor, type LangChoice, type Speaker } from '../../shared/i18n';
import { catalogLoad } from './lang-catalog';

const WordsContext = createContext<Speaker | null>(null);

/** The system's preferred languages as the page sees them (empty outside a browser). */
function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function WordsProvider({
  choice,
  system,
  children,
}: {
  choice: LangChoice;
  /** The system's languages the app read (the snapshot's); absent: the page's own list. */
  system?: readonly string[];
  children: ReactNode;
}) {
  const systemKey = system?.join(',') ?? '';
  const wanted = useMemo(
    () => windowLang(choice, systemKey ? systemKey.split(',') : undefined, systemLanguages()),
    [choice, systemKey],
  );
  // A language the build left out of the first bundle: wait for its chunk. At start the nearest Suspense holds the
  // window back (no English flash); on a switch (Settings → App → Language) the deferred value keeps the window in
  // the language it speaks until the new one is loaded, instead of blanking it.
  const lang = useDeferredValue(wanted);
  const load = catalogLoad(lang);
  if (load) use(load);
  const speaker = wordsFor(lang);
  useEffect(() => {
    // The pseudo-locale is English underneath.
    document.documentElement.lang = speaker.lang === 'pseudo' ? 'en' : speaker.lang;
  }, [speaker]);
  return <WordsContext value={speaker}>{children}</WordsContext>;
}

/** The words of the window's language; English outside a WordsProvider (a component rendered on its own). */
export function useWords(): Speaker {
  return useContext(WordsContext) ?? wordsFor('en');
}
