/**
 * The catalogs the window's build leaves out of its initial bundle (scripts/lazy-words.ts): German is loaded as its
 * own chunk the first time it is spoken (at start for a German user, or when Settings → App → Language turns to it).
 * `catalogLoad(lang)` is null when `wordsFor(lang)` is ready, else the promise of its load (the same one each time,
 * for React's `use()`). A language without a loader here is in the initial bundle.
 */
import { addCatalog, type Catalog, type Lang } from '../../shared/i18n';

type LazyLang = Parameters<typeof addCatalog>[0];

const LAZY: { [L in LazyLang]: () => Promise<Catalog> } = {
  de: () => import('./words-de').then((m) => m.deCatalog),
};

const ready = new Set<Lang>();
const loads = new Map<LazyLang, Promise<void>>();

const isLazy = (lang: Lang): lang is LazyLang => Object.hasOwn(LAZY, lang);

export function catalogLoad(lang: Lang): Promise<void> | null {
  if (!isLazy(lang) || ready.has(lang)) return null;
  let p = loads.get(lang);
  if (!p) {
    p = LAZY[lang]().then((catalog) => {
      addCatalog(lang, catalog);
      ready.add(lang);
    });
    loads.set(lang, p);
  }
  return p;
}
