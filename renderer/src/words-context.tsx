/**
 * The window's words: `useWords()` gives every component the catalog of the interface's language
 * (shared/i18n), `wordsFor(appLang(setting, navigator.languages))`. The setting is Settings → App → Language
 * (`interfaceLanguage`); 'system' follows `navigator.languages` — in the web preview the browser's list, in
 * Electron the app's locale (docs/i18n-window.md says why). `<html lang>` follows the language.
 */
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { appLang, wordsFor, type LangChoice, type Speaker } from '../../shared/i18n';

const WordsContext = createContext<Speaker | null>(null);

/** The system's preferred languages as the page sees them (empty outside a browser). */
function systemLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

export function WordsProvider({ choice, children }: { choice: LangChoice; children: ReactNode }) {
  const speaker = useMemo(() => wordsFor(appLang(choice, systemLanguages())), [choice]);
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
