/**
 * The groups of the Settings form: a control for each setting (settings-draft.ts says which group each is in).
 * A nested group's labels are a table over its fields: a field added to the schema fails the typecheck here.
 */
import type { ReactNode } from 'react';
import { autoCheckCostPerDay } from '../../../shared/auto-check';
import type { Settings } from '../../../shared/ipc';
import type { StatusCheckSupport } from '../../../shared/quota';
import { FORM_KEYS, range, SETTINGS_EDITORS, type FormGroup, type FormKey, type FormKeyOf } from '../settings-draft';
import type { SettingsDraft } from '../use-settings-draft';
import { CheckField, DurationField, NumberField, SelectField, ShortcutField, TextField } from './fields';
import { UpdateControls } from './update-controls';
import { LANG_CHOICES, type LangChoice } from '../../../shared/i18n';
import { useWords } from '../words-context';
import type { UiChecksWords } from '../../../shared/i18n/words';

export interface GroupProps {
  draft: SettingsDraft['draft'];
  set: SettingsDraft['set'];
  setIn: SettingsDraft['setIn'];
  /** The message of a field (`baseUrl`, `thresholds.monthLow`, …), if any. */
  err: (field: string) => string | undefined;
  statusCheck: StatusCheckSupport;
  /** More than one profile. */
  severalProfiles: boolean;
  /** "Now" on the core's clock (the update status's ages). */
  serviceNow: () => number;
}

/** The service's answer languages, each named in its own language (not translated). */
const LANGUAGES: [string, string, string][] = [
  ['en', 'English', 'en'],
  ['de', 'Deutsch', 'de'],
  ['es', 'Español', 'es'],
  ['fr', 'Français', 'fr'],
  ['it', 'Italiano', 'it'],
  ['ja', '日本語', 'ja'],
  ['nl', 'Nederlands', 'nl'],
  ['pt', 'Português', 'pt'],
  ['ru', 'Русский', 'ru'],
  ['zh', '中文', 'zh'],
];

function BaseUrlControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  return (
    <TextField
      label={w.uiSettings.baseUrl}
      type="url"
      placeholder="https://api.example.com"
      value={draft.baseUrl}
      error={err('baseUrl')}
      onChange={(v) => set('baseUrl', v)}
    />
  );
}

function LanguageControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  const known: ([string, string] | [string, string, string])[] = [['', w.uiSettings.serviceDefault], ...LANGUAGES];
  return (
    <SelectField
      label={w.uiSettings.answerLanguage}
      value={draft.answerLanguage}
      options={
        known.some(([c]) => c === draft.answerLanguage)
          ? known
          : [...known, [draft.answerLanguage, draft.answerLanguage]]
      }
      error={err('answerLanguage')}
      onChange={(v) => set('answerLanguage', v)}
    />
  );
}

/** Settings → App → Language: the interface's language, each choice named in its own language. */
function InterfaceLanguageControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  return (
    <SelectField
      label={w.uiSettings.interfaceLanguage}
      value={draft.interfaceLanguage}
      options={LANG_CHOICES.map((c): [string, string] | [string, string, string] =>
        c === 'system' ? [c, w.common.langChoice[c]] : [c, w.common.langChoice[c], c],
      )}
      error={err('interfaceLanguage')}
      onChange={(v) => set('interfaceLanguage', v as LangChoice)}
    />
  );
}

function MonthResetDayControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  return (
    <NumberField
      {...range('monthResetDay')}
      label={w.uiSettings.monthResetDay}
      value={draft.monthResetDay}
      error={err('monthResetDay')}
      hint={w.uiSettings.monthResetDayHint}
      onChange={(v) => set('monthResetDay', v)}
    />
  );
}

type Threshold = keyof Settings['thresholds'];
/** Shown in pairs: low and critical side by side. */
const THRESHOLD_PAIRS: [Threshold, Threshold][] = [
  ['monthLow', 'monthCritical'],
  ['minuteLow', 'minuteCritical'],
];

function ThresholdsControl({ draft, setIn, err }: GroupProps) {
  const { w } = useWords();
  const labels: Record<Threshold, string> = w.uiSettings.thresholds;
  return (
    <>
      <p className="hint">{w.uiSettings.thresholdsHint}</p>
      {THRESHOLD_PAIRS.map((pair) => (
        <div className="pair" key={pair[0]}>
          {pair.map((k) => (
            <NumberField
              key={k}
              {...range(`thresholds.${k}`)}
              label={labels[k]}
              unit="%"
              value={draft.thresholds[k]}
              error={err(`thresholds.${k}`)}
              onChange={(v) => setIn('thresholds', k, v)}
            />
          ))}
        </div>
      ))}
    </>
  );
}

/** The notification switches, in the order shown (the catalog's, shared/i18n/en/ui-settings.ts). */
function NotificationsControl({ draft, setIn, err }: GroupProps) {
  const { w } = useWords();
  const labels: Record<keyof Settings['notifications'], string> = w.uiSettings.notifications;
  return (
    <>
      {(Object.keys(labels) as (keyof Settings['notifications'])[]).map((k) => (
        <CheckField
          key={k}
          label={labels[k]}
          checked={draft.notifications[k]}
          error={err(`notifications.${k}`)}
          onChange={(v) => setIn('notifications', k, v)}
        />
      ))}
    </>
  );
}

/** What automatic checks cost, with the requests a day at this interval when it is a number. */
function costHint(t: UiChecksWords, support: StatusCheckSupport, interval: number): string {
  const perDay = Number.isFinite(interval) && interval > 0 ? autoCheckCostPerDay(interval * 60_000) : null;
  const cost = perDay === null ? '' : t.perDay(perDay, interval);
  if (support === 'supported') return t.free;
  if (support === 'unknown') return t.unknown(cost);
  return t.none(cost);
}

function AutoCheckControl({ draft, setIn, err, statusCheck }: GroupProps) {
  const t = useWords().w.uiChecks;
  const labels: Record<keyof Settings['autoCheck'], string> = t.autoCheck;
  const autoOn = draft.autoCheck.enabled ?? statusCheck === 'supported';
  return (
    <>
      <CheckField
        label={labels.enabled}
        checked={autoOn}
        error={err('autoCheck.enabled')}
        onChange={(v) => setIn('autoCheck', 'enabled', v)}
      />
      <NumberField
        {...range('autoCheck.intervalMinutes')}
        label={labels.intervalMinutes}
        unit={t.minutes}
        value={draft.autoCheck.intervalMinutes}
        error={err('autoCheck.intervalMinutes')}
        onChange={(v) => setIn('autoCheck', 'intervalMinutes', v)}
      />
      <CheckField
        label={labels.allowSpending}
        checked={draft.autoCheck.allowSpending}
        error={err('autoCheck.allowSpending')}
        hint={costHint(t, statusCheck, draft.autoCheck.intervalMinutes)}
        onChange={(v) => setIn('autoCheck', 'allowSpending', v)}
      />
    </>
  );
}

function CacheControl({ draft, setIn, err }: GroupProps) {
  const t = useWords().w.uiChecks;
  const labels: Record<keyof Settings['cache'], string> = t.cache;
  return (
    <div className="pair">
      <DurationField
        label={labels.ttlMinutes}
        minutes={draft.cache.ttlMinutes}
        error={err('cache.ttlMinutes')}
        onChange={(v) => setIn('cache', 'ttlMinutes', v)}
      />
      <NumberField
        {...range('cache.maxEntries')}
        label={labels.maxEntries}
        unit={t.lookups}
        value={draft.cache.maxEntries}
        error={err('cache.maxEntries')}
        onChange={(v) => setIn('cache', 'maxEntries', v)}
      />
    </div>
  );
}

const TRAY_SHOWS: Settings['trayShows'][] = ['selected', 'closest'];

function LaunchAtLoginControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  return (
    <CheckField
      label={w.uiSettings.launchAtLogin}
      checked={draft.launchAtLogin}
      error={err('launchAtLogin')}
      onChange={(v) => set('launchAtLogin', v)}
    />
  );
}

function ShortcutControl({ draft, set, err }: GroupProps) {
  const { w } = useWords();
  return (
    <ShortcutField
      label={w.uiSettings.shortcut}
      value={draft.shortcut}
      error={err('shortcut')}
      onChange={(v) => set('shortcut', v)}
    />
  );
}

/** Shown with more than one profile (or a choice other than the default made before). */
function TrayShowsControl({ draft, set, err, severalProfiles }: GroupProps) {
  const { w } = useWords();
  if (!severalProfiles && draft.trayShows === 'selected') return null;
  return (
    <SelectField
      label={w.uiSettings.trayShows}
      value={draft.trayShows}
      options={TRAY_SHOWS.map((c): [string, string] => [c, w.uiSettings.trayShowsChoice[c]])}
      error={err('trayShows')}
      hint={w.uiSettings.trayShowsHint}
      onChange={(v) => set('trayShows', v as Settings['trayShows'])}
    />
  );
}

function AutoUpdateControl({ draft, set, err, serviceNow }: GroupProps) {
  return (
    <UpdateControls
      checked={draft.autoUpdate}
      error={err('autoUpdate')}
      onChange={(v) => set('autoUpdate', v)}
      serviceNow={serviceNow}
    />
  );
}

const PROXY_CHOICES: Settings['network']['proxy'][] = ['system', 'none', 'url'];

/** Settings → Network: the proxy the app's requests take (shared/proxy-setting.ts). */
function NetworkControl({ draft, setIn, err }: GroupProps) {
  const { w } = useWords();
  const t = w.uiSettings;
  return (
    <>
      <SelectField
        label={t.proxy}
        value={draft.network.proxy}
        options={PROXY_CHOICES.map((c): [string, string] => [c, t.proxyChoice[c]])}
        error={err('network.proxy')}
        hint={draft.network.proxy === 'system' ? t.proxySystemHint : null}
        onChange={(v) => setIn('network', 'proxy', v as Settings['network']['proxy'])}
      />
      {(draft.network.proxy === 'url' || draft.network.proxyUrl !== '') && (
        <TextField
          label={t.proxyUrl}
          type="url"
          placeholder="http://proxy.example:3128"
          value={draft.network.proxyUrl}
          error={err('network.proxyUrl')}
          hint={draft.network.proxy === 'url' ? t.proxyUrlHint : t.proxyUrlKept}
          onChange={(v) => setIn('network', 'proxyUrl', v)}
        />
      )}
    </>
  );
}

/** A setting's control in its group's fieldset. */
type Control = (props: GroupProps) => ReactNode;

/** Settings → Bulk reports: from which threat score a report's address needs attention. */
function ReportsControl({ draft, setIn, err }: GroupProps) {
  const { w } = useWords();
  return (
    <NumberField
      {...range('reports.threatThreshold')}
      label={w.uiSettings.threatThreshold}
      value={draft.reports.threatThreshold}
      error={err('reports.threatThreshold')}
      hint={w.uiSettings.threatThresholdHint}
      onChange={(v) => setIn('reports', 'threatThreshold', v)}
    />
  );
}

/**
 * The control of every setting the form edits, keyed by the settings a table of editors gives a form group: a
 * setting given a group in SETTINGS_EDITORS fails the typecheck here until it has its control (it is never invisible).
 */
export type SettingControls<E = typeof SETTINGS_EDITORS> = { [K in FormKeyOf<E>]: Control };

const SETTING_CONTROLS = {
  baseUrl: BaseUrlControl,
  answerLanguage: LanguageControl,
  interfaceLanguage: InterfaceLanguageControl,
  monthResetDay: MonthResetDayControl,
  thresholds: ThresholdsControl,
  notifications: NotificationsControl,
  autoCheck: AutoCheckControl,
  cache: CacheControl,
  launchAtLogin: LaunchAtLoginControl,
  shortcut: ShortcutControl,
  trayShows: TrayShowsControl,
  autoUpdate: AutoUpdateControl,
  network: NetworkControl,
  reports: ReportsControl,
} satisfies SettingControls;
/** The controls as they are (a type test checks a setting added to a group without one fails). */
export type SettingControlsNow = typeof SETTING_CONTROLS;

/** The settings of a group, in SETTINGS_EDITORS' order (the order shown). */
function groupKeys(group: FormGroup): FormKey[] {
  return FORM_KEYS.filter((k) => SETTINGS_EDITORS[k] === group);
}

/** One group of the Settings form: its fieldset, legend and the control of each of its settings. */
export function SettingsGroup({ group, ...props }: GroupProps & { group: FormGroup }) {
  const { w } = useWords();
  const legends: Record<FormGroup, string> = w.uiSettings.group;
  return (
    <fieldset className="group" data-group={group}>
      <legend>{legends[group]}</legend>
      {groupKeys(group).map((k) => {
        const Field = SETTING_CONTROLS[k];
        return <Field key={k} {...props} />;
      })}
    </fieldset>
  );
}
