/**
 * The shape of a catalog: English defines it (shared/i18n/en/*.ts, one file per area), every other language gives
 * the same shape (`de/<area>.ts` returns `<Area>Words`), so a sentence missing from a language, or a parameter of
 * another type, fails `tsc`. An area is a function of the language's formatter (shared/i18n/fmt.ts) returning its
 * sentences: plain strings, nested groups, and functions of typed parameters.
 *
 * Adding an area: `en/<area>.ts`, its type here, its member in `Words`, `de/<area>.ts`, and both catalogs' lists
 * in shared/i18n/index.ts (docs/how-to.md, "Add a sentence").
 */
import type { common } from './en/common';
import type { uiNav } from './en/ui-nav';
import type { uiAbout } from './en/ui-about';
import type { uiSettings } from './en/ui-settings';
import type { uiLookup } from './en/ui-lookup';
import type { outcome } from './en/outcome';
import type { alerts } from './en/alerts';
import type { tray } from './en/tray';
import type { cli } from './en/cli';

export type CommonWords = ReturnType<typeof common>;
export type UiNavWords = ReturnType<typeof uiNav>;
export type UiAboutWords = ReturnType<typeof uiAbout>;
export type UiSettingsWords = ReturnType<typeof uiSettings>;
export type UiLookupWords = ReturnType<typeof uiLookup>;
export type OutcomeWords = ReturnType<typeof outcome>;
export type AlertsWords = ReturnType<typeof alerts>;
export type TrayWords = ReturnType<typeof tray>;
export type CliWords = ReturnType<typeof cli>;

/** Every sentence of one language, by area. */
export interface Words {
  common: CommonWords;
  uiNav: UiNavWords;
  uiAbout: UiAboutWords;
  uiSettings: UiSettingsWords;
  uiLookup: UiLookupWords;
  outcome: OutcomeWords;
  alerts: AlertsWords;
  tray: TrayWords;
  cli: CliWords;
}
