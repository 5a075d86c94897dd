/**
 * The groups of the Settings form, one component each (settings-draft.ts says which settings each edits).
 * A nested group's labels are a table over its fields: a field added to the schema fails the typecheck here.
 */
import type { ReactNode } from 'react';
import { autoCheckCostPerDay } from '../../../shared/auto-check';
import type { Settings } from '../../../shared/ipc';
import type { StatusCheckSupport } from '../../../shared/quota';
import { formatCount, formatCountOf } from '../format';
import { range, type FormGroup } from '../settings-draft';
import type { SettingsDraft } from '../use-settings-draft';
import { CheckField, DurationField, NumberField, SelectField, ShortcutField, TextField } from './fields';
import { UpdateControls } from './update-controls';

export interface GroupProps {
  draft: SettingsDraft['draft'];
  set: SettingsDraft['set'];
  setIn: SettingsDraft['setIn'];
  /** The message of a field (`baseUrl`, `thresholds.monthLow`, …), if any. */
  err: (field: string) => string | undefined;
  statusCheck: StatusCheckSupport;
  /** More than one profile. */
  severalProfiles: boolean;
}

const LANGUAGES: [string, string][] = [
  ['', 'Service default'],
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'Español'],
  ['fr', 'Français'],
  ['it', 'Italiano'],
  ['ja', '日本語'],
  ['nl', 'Nederlands'],
  ['pt', 'Português'],
  ['ru', 'Русский'],
  ['zh', '中文'],
];

function ServiceGroup({ draft, set, err }: GroupProps) {
  return (
    <>
      <TextField
        label="Base URL"
        type="url"
        placeholder="https://api.example.com"
        value={draft.baseUrl}
        error={err('baseUrl')}
        onChange={(v) => set('baseUrl', v)}
      />
      <SelectField
        label="Language of results"
        value={draft.language}
        options={
          LANGUAGES.some(([c]) => c === draft.language) ? LANGUAGES : [...LANGUAGES, [draft.language, draft.language]]
        }
        error={err('language')}
        onChange={(v) => set('language', v)}
      />
      <NumberField
        {...range('monthResetDay')}
        label="Month quota resets on day"
        value={draft.monthResetDay}
        error={err('monthResetDay')}
        hint="Of each month, at 00:00 UTC (1 = calendar month)."
        onChange={(v) => set('monthResetDay', v)}
      />
    </>
  );
}

type Threshold = keyof Settings['thresholds'];
const THRESHOLD_LABELS = {
  monthLow: 'Month: low',
  monthCritical: 'Month: critical',
  minuteLow: 'Minute: low',
  minuteCritical: 'Minute: critical',
} as const satisfies Record<Threshold, string>;
/** Shown in pairs: low and critical side by side. */
const THRESHOLD_PAIRS: [Threshold, Threshold][] = [
  ['monthLow', 'monthCritical'],
  ['minuteLow', 'minuteCritical'],
];

function WarningLevelsGroup({ draft, setIn, err }: GroupProps) {
  return (
    <>
      <p className="hint">Warn when the share of the quota left is at or below these.</p>
      {THRESHOLD_PAIRS.map((pair) => (
        <div className="pair" key={pair[0]}>
          {pair.map((k) => (
            <NumberField
              key={k}
              {...range(`thresholds.${k}`)}
              label={THRESHOLD_LABELS[k]}
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

/** The notification switches, in the order shown. */
const NOTIFICATION_LABELS = {
  monthLow: 'Month quota low',
  monthCritical: 'Month quota critical',
  monthExhausted: 'Month quota exhausted',
  minuteHit: 'Minute limit reached',
  forecast: 'Quota will run out before the reset',
  restored: 'Quota restored after a limit',
} as const satisfies Record<keyof Settings['notifications'], string>;

function NotificationsGroup({ draft, setIn, err }: GroupProps) {
  return (
    <>
      {(Object.keys(NOTIFICATION_LABELS) as (keyof Settings['notifications'])[]).map((k) => (
        <CheckField
          key={k}
          label={NOTIFICATION_LABELS[k]}
          checked={draft.notifications[k]}
          error={err(`notifications.${k}`)}
          onChange={(v) => setIn('notifications', k, v)}
        />
      ))}
    </>
  );
}

function costHint(support: StatusCheckSupport, interval: number): string {
  const perDay = Number.isFinite(interval) && interval > 0 ? autoCheckCostPerDay(interval * 60_000) : null;
  const cost =
    perDay === null
      ? ''
      : ` — about ${formatCountOf(perDay, 'request')} a day at one check every ${formatCount(interval)} min`;
  if (support === 'supported') return 'This service has a free status check: automatic checks cost nothing.';
  if (support === 'unknown')
    return `Not known yet whether this service has a free status check. Without one, each check uses 1 request${cost}.`;
  return `This service has no free status check: each automatic check uses 1 request${cost}.`;
}

const AUTO_CHECK_LABELS = {
  enabled: 'Check quota automatically',
  intervalMinutes: 'Check every',
  allowSpending: 'Allow automatic checks to spend requests',
} as const satisfies Record<keyof Settings['autoCheck'], string>;

function AutoCheckGroup({ draft, setIn, err, statusCheck }: GroupProps) {
  const autoOn = draft.autoCheck.enabled ?? statusCheck === 'supported';
  return (
    <>
      <CheckField
        label={AUTO_CHECK_LABELS.enabled}
        checked={autoOn}
        error={err('autoCheck.enabled')}
        onChange={(v) => setIn('autoCheck', 'enabled', v)}
      />
      <NumberField
        {...range('autoCheck.intervalMinutes')}
        label={AUTO_CHECK_LABELS.intervalMinutes}
        unit="minutes"
        value={draft.autoCheck.intervalMinutes}
        error={err('autoCheck.intervalMinutes')}
        onChange={(v) => setIn('autoCheck', 'intervalMinutes', v)}
      />
      <CheckField
        label={AUTO_CHECK_LABELS.allowSpending}
        checked={draft.autoCheck.allowSpending}
        error={err('autoCheck.allowSpending')}
        hint={costHint(statusCheck, draft.autoCheck.intervalMinutes)}
        onChange={(v) => setIn('autoCheck', 'allowSpending', v)}
      />
    </>
  );
}

const CACHE_LABELS = {
  ttlMinutes: 'Keep results for',
  maxEntries: 'Keep at most',
} as const satisfies Record<keyof Settings['cache'], string>;

function CacheGroup({ draft, setIn, err }: GroupProps) {
  return (
    <div className="pair">
      <DurationField
        label={CACHE_LABELS.ttlMinutes}
        minutes={draft.cache.ttlMinutes}
        error={err('cache.ttlMinutes')}
        onChange={(v) => setIn('cache', 'ttlMinutes', v)}
      />
      <NumberField
        {...range('cache.maxEntries')}
        label={CACHE_LABELS.maxEntries}
        unit="lookups"
        value={draft.cache.maxEntries}
        error={err('cache.maxEntries')}
        onChange={(v) => setIn('cache', 'maxEntries', v)}
      />
    </div>
  );
}

const TRAY_SHOWS: [Settings['trayShows'], string][] = [
  ['selected', 'The profile in use'],
  ['closest', 'The profile closest to running out'],
];

function AppGroup({ draft, set, err, severalProfiles }: GroupProps) {
  return (
    <>
      <CheckField
        label="Launch at login"
        checked={draft.launchAtLogin}
        error={err('launchAtLogin')}
        onChange={(v) => set('launchAtLogin', v)}
      />
      <ShortcutField
        label="Global shortcut"
        value={draft.shortcut}
        error={err('shortcut')}
        onChange={(v) => set('shortcut', v)}
      />
      {(severalProfiles || draft.trayShows !== 'selected') && (
        <SelectField
          label="Tray icon shows"
          value={draft.trayShows}
          options={TRAY_SHOWS}
          error={err('trayShows')}
          hint="Every profile's automatic checks run either way; the tray menu lists them all."
          onChange={(v) => set('trayShows', v as Settings['trayShows'])}
        />
      )}
      <UpdateControls checked={draft.autoUpdate} error={err('autoUpdate')} onChange={(v) => set('autoUpdate', v)} />
    </>
  );
}

const PROXY_CHOICES: [Settings['network']['proxy'], string][] = [
  ['system', 'The system’s proxy settings'],
  ['none', 'No proxy'],
  ['url', 'This proxy'],
];

/** Settings → Network: the proxy the app's requests take (shared/proxy-setting.ts). */
function NetworkGroup({ draft, setIn, err }: GroupProps) {
  return (
    <>
      <SelectField
        label="Proxy"
        value={draft.network.proxy}
        options={PROXY_CHOICES}
        error={err('network.proxy')}
        hint={
          draft.network.proxy === 'system'
            ? 'As the browser: the system’s proxy, its automatic configuration (PAC, WPAD) and certificate store.'
            : null
        }
        onChange={(v) => setIn('network', 'proxy', v as Settings['network']['proxy'])}
      />
      {(draft.network.proxy === 'url' || draft.network.proxyUrl !== '') && (
        <TextField
          label="Proxy address"
          type="url"
          placeholder="http://proxy.example:3128"
          value={draft.network.proxyUrl}
          error={err('network.proxyUrl')}
          hint={draft.network.proxy === 'url' ? 'Without a user name or password.' : 'Kept, not used.'}
          onChange={(v) => setIn('network', 'proxyUrl', v)}
        />
      )}
    </>
  );
}

/** Settings → Bulk reports: from which threat score a report's address needs attention. */
function ReportsGroup({ draft, setIn, err }: GroupProps) {
  return (
    <NumberField
      {...range('reports.threatThreshold')}
      label="Needs attention from threat score"
      value={draft.reports.threatThreshold}
      error={err('reports.threatThreshold')}
      hint="A job's report lists first the addresses at or above it, and every Tor, proxy or VPN address."
      onChange={(v) => setIn('reports', 'threatThreshold', v)}
    />
  );
}

/** Each group of the form by its legend (every FormGroup has one: the typecheck says so). */
const GROUP_COMPONENTS = {
  Service: ServiceGroup,
  'Warning levels': WarningLevelsGroup,
  Notifications: NotificationsGroup,
  'Automatic quota checks': AutoCheckGroup,
  'Lookup cache': CacheGroup,
  App: AppGroup,
  Network: NetworkGroup,
  'Bulk reports': ReportsGroup,
} satisfies Record<FormGroup, (props: GroupProps) => ReactNode>;

/** One group of the Settings form: its fieldset, legend and fields. */
export function SettingsGroup({ group, ...props }: GroupProps & { group: FormGroup }) {
  const Fields = GROUP_COMPONENTS[group];
  return (
    <fieldset className="group">
      <legend>{group}</legend>
      <Fields {...props} />
    </fieldset>
  );
}
