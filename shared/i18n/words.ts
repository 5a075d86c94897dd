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
import type { uiHistory } from './en/ui-history';
import type { uiBulk } from './en/ui-bulk';
import type { uiReport } from './en/ui-report';
import type { uiResult } from './en/ui-result';
import type { uiQuota } from './en/ui-quota';
import type { notices } from './en/notices';
import type { settingProblem } from './en/setting-problem';
import type { uiChecks } from './en/ui-checks';
import type { uiForm } from './en/ui-form';
import type { uiKey } from './en/ui-key';
import type { uiProfiles } from './en/ui-profiles';
import type { uiData } from './en/ui-data';
import type { uiSaved } from './en/ui-saved';
import type { tray } from './en/tray';
import type { bulkNote } from './en/bulk-note';
import type { uiUpdate } from './en/ui-update';
import type { cli } from './en/cli';
import type { cliBulk } from './en/cli-bulk';
import type { reportTable } from './en/report-table';
import type { bulkPreview } from './en/bulk-preview';

export type CommonWords = ReturnType<typeof common>;
export type UiNavWords = ReturnType<typeof uiNav>;
export type UiAboutWords = ReturnType<typeof uiAbout>;
export type UiSettingsWords = ReturnType<typeof uiSettings>;
export type UiLookupWords = ReturnType<typeof uiLookup>;
export type OutcomeWords = ReturnType<typeof outcome>;
export type AlertsWords = ReturnType<typeof alerts>;
export type UiHistoryWords = ReturnType<typeof uiHistory>;
export type UiBulkWords = ReturnType<typeof uiBulk>;
export type UiReportWords = ReturnType<typeof uiReport>;
export type UiResultWords = ReturnType<typeof uiResult>;
export type UiQuotaWords = ReturnType<typeof uiQuota>;
export type NoticesWords = ReturnType<typeof notices>;
export type SettingProblemWords = ReturnType<typeof settingProblem>;
export type UiChecksWords = ReturnType<typeof uiChecks>;
export type UiFormWords = ReturnType<typeof uiForm>;
export type UiKeyWords = ReturnType<typeof uiKey>;
export type UiProfilesWords = ReturnType<typeof uiProfiles>;
export type UiDataWords = ReturnType<typeof uiData>;
export type UiSavedWords = ReturnType<typeof uiSaved>;
export type TrayWords = ReturnType<typeof tray>;
export type BulkNoteWords = ReturnType<typeof bulkNote>;
export type UiUpdateWords = ReturnType<typeof uiUpdate>;
export type CliWords = ReturnType<typeof cli>;
export type CliBulkWords = ReturnType<typeof cliBulk>;
export type ReportTableWords = ReturnType<typeof reportTable>;
export type BulkPreviewWords = ReturnType<typeof bulkPreview>;

/** Every sentence of one language, by area. */
export interface Words {
  common: CommonWords;
  uiNav: UiNavWords;
  uiAbout: UiAboutWords;
  uiSettings: UiSettingsWords;
  uiLookup: UiLookupWords;
  outcome: OutcomeWords;
  alerts: AlertsWords;
  uiHistory: UiHistoryWords;
  uiBulk: UiBulkWords;
  uiReport: UiReportWords;
  uiResult: UiResultWords;
  uiQuota: UiQuotaWords;
  notices: NoticesWords;
  settingProblem: SettingProblemWords;
  uiChecks: UiChecksWords;
  uiForm: UiFormWords;
  uiKey: UiKeyWords;
  uiProfiles: UiProfilesWords;
  uiData: UiDataWords;
  uiSaved: UiSavedWords;
  tray: TrayWords;
  bulkNote: BulkNoteWords;
  uiUpdate: UiUpdateWords;
  cli: CliWords;
  cliBulk: CliBulkWords;
  reportTable: ReportTableWords;
  bulkPreview: BulkPreviewWords;
}
