/**
 * `wordsFor(lang)`: every sentence of one language (shared/i18n/words.ts), with its formatter. The faces — the window,
 * the tray and its menu, notifications, the command line — ask for words once and put the core's facts in them.
 */
import { makeFmt, type Fmt } from './fmt';
import { LANG_LOCALE, type Lang } from './locale';
import { pseudoWords } from './pseudo';
import type { Words } from './words';
import * as en from './en/common';
import * as de from './de/common';
import * as ui from './ui';
import * as enOutcome from './en/outcome';
import * as deOutcome from './de/outcome';
import * as enAlerts from './en/alerts';
import * as deAlerts from './de/alerts';
import * as enTray from './en/tray';
import * as deTray from './de/tray';
import * as enCli from './en/cli';
import * as deCli from './de/cli';
import * as enCliBulk from './en/cli-bulk';
import * as deCliBulk from './de/cli-bulk';
import * as enReportTable from './en/report-table';
import * as deReportTable from './de/report-table';

export type { Words } from './words';
export type { Face } from './en/outcome';
export type { Fmt } from './fmt';
export { LANGS, LANG_CHOICES, appLang, commandLang, pickLang, type Lang, type LangChoice } from './locale';
export { windowLang } from './locale';

export type Catalog = { [A in keyof Words]: (f: Fmt) => Words[A] };

const CATALOGS: Record<Exclude<Lang, 'pseudo'>, Catalog> = {
  en: {
    common: en.common,
    outcome: enOutcome.outcome,
    alerts: enAlerts.alerts,
    tray: enTray.tray,
    cli: enCli.cli,
    cliBulk: enCliBulk.cliBulk,
    reportTable: enReportTable.reportTable,
    ...ui.en,
  },
  de: {
    common: de.common,
    outcome: deOutcome.outcome,
    alerts: deAlerts.alerts,
    tray: deTray.tray,
    cli: deCli.cli,
    cliBulk: deCliBulk.cliBulk,
    reportTable: deReportTable.reportTable,
    ...ui.de,
  },
};

export interface Speaker {
  lang: Lang;
  fmt: Fmt;
  w: Words;
}

const made = new Map<Lang, Speaker>();

/** The window's loader puts a catalog its build left out (scripts/lazy-words.ts) in place. */
export function addCatalog(lang: Exclude<Lang, 'pseudo' | 'en'>, catalog: Catalog): void {
  CATALOGS[lang] = catalog;
  made.delete(lang);
}

/** The words and formatter of `lang` (made once per process). */
export function wordsFor(lang: Lang): Speaker {
  let s = made.get(lang);
  if (s) return s;
  const fmt = makeFmt(LANG_LOCALE[lang]);
  const cat = CATALOGS[lang === 'pseudo' ? 'en' : lang];
  const w = Object.fromEntries(Object.entries(cat).map(([area, make]) => [area, make(fmt)])) as unknown as Words;
  s = { lang, fmt, w: lang === 'pseudo' ? pseudoWords(w) : w };
  made.set(lang, s);
  return s;
}
