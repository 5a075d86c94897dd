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
import { uiResult as enResult } from './en/ui-result';
import { uiResult as deResult } from './de/ui-result';
import { uiQuota as enQuota } from './en/ui-quota';
import { uiQuota as deQuota } from './de/ui-quota';
import { notices as enNotices } from './en/notices';
import { notices as deNotices } from './de/notices';
import { settingProblem as enSettingProblem } from './en/setting-problem';
import { settingProblem as deSettingProblem } from './de/setting-problem';
import { uiChecks as enChecks } from './en/ui-checks';
import { uiChecks as deChecks } from './de/ui-checks';
import { uiForm as enForm } from './en/ui-form';
import { uiForm as deForm } from './de/ui-form';
import { uiKey as enKey } from './en/ui-key';
import { uiKey as deKey } from './de/ui-key';
import { uiProfiles as enProfiles } from './en/ui-profiles';
import { uiProfiles as deProfiles } from './de/ui-profiles';
import { uiData as enData } from './en/ui-data';
import { uiData as deData } from './de/ui-data';
import { uiSaved as enSaved } from './en/ui-saved';
import { uiSaved as deSaved } from './de/ui-saved';
/** Not the window's alone: a bulk job's notes (the window and the command line word them). */
import { bulkNote as enBulkNote } from './en/bulk-note';
import { bulkNote as deBulkNote } from './de/bulk-note';
import { uiUpdate as enUpdate } from './en/ui-update';
import { uiUpdate as deUpdate } from './de/ui-update';
import { bulkPreview as enBulkPreview } from './en/bulk-preview';
import { bulkPreview as deBulkPreview } from './de/bulk-preview';

export const en = {
  uiNav: enNav,
  uiAbout: enAbout,
  uiSettings: enSettings,
  uiLookup: enLookup,
  uiHistory: enHistory,
  uiBulk: enBulk,
  uiReport: enReport,
  uiResult: enResult,
  uiQuota: enQuota,
  notices: enNotices,
  settingProblem: enSettingProblem,
  uiChecks: enChecks,
  uiForm: enForm,
  uiKey: enKey,
  uiProfiles: enProfiles,
  uiData: enData,
  uiSaved: enSaved,
  bulkNote: enBulkNote,
  uiUpdate: enUpdate,
  bulkPreview: enBulkPreview,
};
export const de = {
  uiNav: deNav,
  uiAbout: deAbout,
  uiSettings: deSettings,
  uiLookup: deLookup,
  uiHistory: deHistory,
  uiBulk: deBulk,
  uiReport: deReport,
  uiResult: deResult,
  uiQuota: deQuota,
  notices: deNotices,
  settingProblem: deSettingProblem,
  uiChecks: deChecks,
  uiForm: deForm,
  uiKey: deKey,
  uiProfiles: deProfiles,
  uiData: deData,
  uiSaved: deSaved,
  bulkNote: deBulkNote,
  uiUpdate: deUpdate,
  bulkPreview: deBulkPreview,
};
