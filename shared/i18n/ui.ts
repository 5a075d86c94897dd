/** The window's areas (`ui<View>`) of each catalog, listed once for shared/i18n/index.ts. */
import { uiAbout as enAbout } from './en/ui-about';
import { uiNav as enNav } from './en/ui-nav';
import { uiSettings as enSettings } from './en/ui-settings';
import { uiLookup as enLookup } from './en/ui-lookup';
import { uiAbout as deAbout } from './de/ui-about';
import { uiNav as deNav } from './de/ui-nav';
import { uiSettings as deSettings } from './de/ui-settings';
import { uiLookup as deLookup } from './de/ui-lookup';
import { uiHistory as enHistory } from './en/ui-history';
import { uiHistory as deHistory } from './de/ui-history';
import { uiBulk as enBulk } from './en/ui-bulk';
import { uiBulk as deBulk } from './de/ui-bulk';
import { uiReport as enReport } from './en/ui-report';
import { uiReport as deReport } from './de/ui-report';
/** Not the window's alone: a bulk job's notes (the window and the command line word them). */
import { bulkNote as enBulkNote } from './en/bulk-note';
import { bulkNote as deBulkNote } from './de/bulk-note';

export const en = {
  uiNav: enNav,
  uiAbout: enAbout,
  uiSettings: enSettings,
  uiLookup: enLookup,
  uiHistory: enHistory,
  uiBulk: enBulk,
  uiReport: enReport,
  bulkNote: enBulkNote,
};
export const de = {
  uiNav: deNav,
  uiAbout: deAbout,
  uiSettings: deSettings,
  uiLookup: deLookup,
  uiHistory: deHistory,
  uiBulk: deBulk,
  uiReport: deReport,
  bulkNote: deBulkNote,
};
