/** The window's areas (`ui<View>`) of each catalog, listed once for shared/i18n/index.ts. */
import { uiAbout as enAbout } from './en/ui-about';
import { uiNav as enNav } from './en/ui-nav';
import { uiSettings as enSettings } from './en/ui-settings';
import { uiAbout as deAbout } from './de/ui-about';
import { uiNav as deNav } from './de/ui-nav';
import { uiSettings as deSettings } from './de/ui-settings';

export const en = { uiNav: enNav, uiAbout: enAbout, uiSettings: enSettings };
export const de = { uiNav: deNav, uiAbout: deAbout, uiSettings: deSettings };
