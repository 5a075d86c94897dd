import { useEffect, useRef, useState } from 'react';
import { DataSection } from './data-section';
import { autoCheckCostPerDay } from '../../../shared/auto-check';
import { normalizeBaseUrl } from '../../../shared/base-url';
import type { AppSnapshot, Settings, SettingsPatch } from '../../../shared/ipc';
import type { StatusCheckSupport } from '../../../shared/quota';
import { checkAccelerator } from '../../../shared/accelerator';
import { LIMITS, type NumberSettingPath } from '../../../shared/settings';
import { formatCount, formatCountOf } from '../format';
import { useFading } from '../use-fading';
import { CheckField, DurationField, NumberField, SelectField, ShortcutField, TextField } from './fields';
import { KeySection } from './key-section';
import { ProfilesSection } from './profiles-section';
import { UpdateControls } from './update-controls';
import { useApi } from '../api-context';
import { ViewHead } from './view-head';

type Errors = Record<string, string>;

const NOTHING_SAVED = 'Nothing was saved: correct the marked fields, then save again.';
type Group = 'thresholds' | 'notifications' | 'cache' | 'autoCheck';
const GROUPS: Group[] = ['thresholds', 'notifications', 'cache', 'autoCheck'];
const SCALARS = [
  'baseUrl',
  'monthResetDay',
  'launchAtLogin',
  'shortcut',
  'language',
  'trayShows',
  'autoUpdate',
] as const;

const TRAY_SHOWS: [Settings['trayShows'], string][] = [
  ['selected', 'The profile in use'],
  ['closest', 'The profile closest to running out'],
];

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

/** Only what changed, as a SettingsPatch. */
export function diffSettings(saved: Settings, draft: Settings): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const k of SCALARS) if (draft[k] !== saved[k]) patch[k] = draft[k];
  for (const g of GROUPS) {
    const part: Record<string, unknown> = {};
    const a = saved[g] as unknown as Record<string, unknown>;
    const b = draft[g] as unknown as Record<string, unknown>;
    for (const k of Object.keys(b)) if (b[k] !== a[k]) part[k] = b[k];
    if (Object.keys(part).length > 0) patch[g] = part;
  }
  return patch as SettingsPatch;
}

/** Labels of the number fields for messages; their ranges are the core's own (shared/settings.ts LIMITS). */
const NUMBER_LABELS: Record<NumberSettingPath, string> = {
  'thresholds.monthLow': 'Month "low"',
  'thresholds.monthCritical': 'Month "critical"',
  'thresholds.minuteLow': 'Minute "low"',
  'thresholds.minuteCritical': 'Minute "critical"',
  monthResetDay: 'The reset day',
  'cache.ttlMinutes': 'The cache lifetime',
  'cache.maxEntries': 'The cache size',
  'autoCheck.intervalMinutes': 'The interval',
};

/** Allowed ranges (from the settings schema's LIMITS); checked here so nothing out of range is sent. */
const RANGES = Object.fromEntries(
  (Object.keys(LIMITS) as NumberSettingPath[]).map((p) => [p, [NUMBER_LABELS[p], LIMITS[p].min, LIMITS[p].max]]),
) as Record<string, [string, number, number]>;

function valueAt(d: Settings, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>(
      (o, k) => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
      d,
    );
}

function localErrors(d: Settings, patch: SettingsPatch): Errors {
  const e: Errors = {};
  if (patch.baseUrl !== undefined) {
    const r = normalizeBaseUrl(patch.baseUrl);
    if (!r.ok) e.baseUrl = r.message;
  }
  if (patch.shortcut !== undefined) {
    // The IPC refuses these before the core could explain them: say so here (the same check as the core's).
    const r = checkAccelerator(patch.shortcut);
    if (!r.ok) e.shortcut = r.message;
  }
  for (const [path, [label, min, max]] of Object.entries(RANGES)) {
    const v = valueAt(d, path);
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
      e[path] =
        path === 'cache.ttlMinutes'
          ? `${label} must be from ${formatMinutes(min)} to ${formatMinutes(max)}.`
          : `${label} must be a whole number from ${formatCount(min)} to ${formatCount(max)}.`;
  }
  return e;
}

/** "1 minute", "12 hours", "30 days". */
function formatMinutes(m: number): string {
  const [n, unit] = m % 1440 === 0 ? [m / 1440, 'day'] : m % 60 === 0 ? [m / 60, 'hour'] : [m, 'minute'];
  return formatCountOf(n, unit);
}

/** min/max props of a number field, from RANGES. */
const range = (path: string): { min: number; max: number } => {
  const r = RANGES[path];
  return r ? { min: r[1], max: r[2] } : { min: 0, max: Number.MAX_SAFE_INTEGER };
};

/** The notification switches, in the order shown. */
const NOTIFICATION_CHOICES: ReadonlyArray<[keyof Settings['notifications'], string]> = [
  ['monthLow', 'Month quota low'],
  ['monthCritical', 'Month quota critical'],
  ['monthExhausted', 'Month quota exhausted'],
  ['minuteHit', 'Minute limit reached'],
  ['forecast', 'Quota will run out before the reset'],
  ['restored', 'Quota restored after a limit'],
];

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

interface Props {
  snapshot: AppSnapshot;
  statusCheck: StatusCheckSupport;
  onBack: () => void;
  /** Opens About (Settings → Data → About Lookup Tray). */
  onAbout?: () => void;
  onChanged: () => void;
}

export function SettingsView({ snapshot, statusCheck, onBack, onChanged, onAbout }: Props) {
  const api = useApi();
  const saved = snapshot.settings;
  const [draft, setDraft] = useState<Settings>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<string | null>(null);
  /** "Settings saved.": fades after a while (errors stay). */
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useFading(done, () => setDone(null));
  const form = useRef<HTMLFormElement>(null);
  /** Bumped by each refused save: the first marked field then gets the focus (it may be scrolled out of sight). */
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const field = refusals > 0 ? form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') : null;
    if (!field) return;
    field.focus({ preventScroll: true });
    field.scrollIntoView({ block: 'center' }); // with its label and message, clear of the save bar
  }, [refusals]);

  const set = <K extends (typeof SCALARS)[number]>(k: K, v: Settings[K]): void => setDraft((d) => ({ ...d, [k]: v }));
  const setIn = <G extends Group, K extends keyof Settings[G]>(g: G, k: K, v: Settings[G][K]): void =>
    setDraft((d) => ({ ...d, [g]: { ...d[g], [k]: v } }));
  const patch = diffSettings(saved, draft);
  const dirty = Object.keys(patch).length > 0;
  const autoOn = draft.autoCheck.enabled ?? statusCheck === 'supported';
  const err = (k: string): string | undefined => errors[k];

  const save = async (): Promise<void> => {
    setStatus(null);
    setDone(null);
    const local = localErrors(draft, patch);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setStatus(NOTHING_SAVED);
      setRefusals((n) => n + 1);
      return;
    }
    if (patch.baseUrl !== undefined) {
      const r = normalizeBaseUrl(patch.baseUrl);
      if (r.ok) patch.baseUrl = r.url;
    }
    setBusy(true);
    try {
      const r = await api.updateSettings(patch);
      if (r.kind === 'saved') {
        setErrors({});
        setDraft(r.settings);
        setDone('Settings saved.');
        onChanged();
      } else {
        // The core applies a change whole or not at all.
        setErrors(Object.fromEntries(r.errors.map((x) => [x.field || 'form', x.message])));
        setStatus(NOTHING_SAVED);
        setRefusals((n) => n + 1);
      }
    } catch {
      setStatus('Settings could not be saved: nothing was changed. Try again.');
    }
    setBusy(false);
  };

  const known = new Set([
    'baseUrl',
    'monthResetDay',
    'shortcut',
    'language',
    'launchAtLogin',
    'trayShows',
    'autoUpdate',
    ...GROUPS.flatMap((g) => Object.keys(saved[g]).map((k) => `${g}.${k}`)),
  ]);
  const other = Object.entries(errors).filter(([k]) => !known.has(k));

  return (
    <main className="settings">
      <ViewHead title="Settings" onBack={onBack} />
      <KeySection snapshot={snapshot} onChanged={onChanged} />
      <ProfilesSection snapshot={snapshot} onChanged={() => onChanged()} />
      <form
        ref={form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {snapshot.profiles.length > 1 && (
          <p className="hint profile-scope">
            Service, warning levels, notifications and automatic checks below are{' '}
            <strong>{snapshot.profiles.find((p) => p.active)?.label ?? 'this profile'}</strong>'s own; the lookup cache
            and App settings are shared by every profile.
          </p>
        )}
        <fieldset className="group">
          <legend>Service</legend>
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
              LANGUAGES.some(([c]) => c === draft.language)
                ? LANGUAGES
                : [...LANGUAGES, [draft.language, draft.language]]
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
        </fieldset>
        <fieldset className="group">
          <legend>Warning levels</legend>
          <p className="hint">Warn when the share of the quota left is at or below these.</p>
          <div className="pair">
            <NumberField
              {...range('thresholds.monthLow')}
              label="Month: low"
              unit="%"
              value={draft.thresholds.monthLow}
              error={err('thresholds.monthLow')}
              onChange={(v) => setIn('thresholds', 'monthLow', v)}
            />
            <NumberField
              {...range('thresholds.monthCritical')}
              label="Month: critical"
              unit="%"
              value={draft.thresholds.monthCritical}
              error={err('thresholds.monthCritical')}
              onChange={(v) => setIn('thresholds', 'monthCritical', v)}
            />
          </div>
          <div className="pair">
            <NumberField
              {...range('thresholds.minuteLow')}
              label="Minute: low"
              unit="%"
              value={draft.thresholds.minuteLow}
              error={err('thresholds.minuteLow')}
              onChange={(v) => setIn('thresholds', 'minuteLow', v)}
            />
            <NumberField
              {...range('thresholds.minuteCritical')}
              label="Minute: critical"
              unit="%"
              value={draft.thresholds.minuteCritical}
              error={err('thresholds.minuteCritical')}
              onChange={(v) => setIn('thresholds', 'minuteCritical', v)}
            />
          </div>
        </fieldset>
        <fieldset className="group">
          <legend>Notifications</legend>
          {NOTIFICATION_CHOICES.map(([k, label]) => (
            <CheckField
              key={k}
              label={label}
              checked={draft.notifications[k]}
              error={err(`notifications.${k}`)}
              onChange={(v) => setIn('notifications', k, v)}
            />
          ))}
        </fieldset>
        <fieldset className="group">
          <legend>Automatic quota checks</legend>
          <CheckField
            label="Check quota automatically"
            checked={autoOn}
            error={err('autoCheck.enabled')}
            onChange={(v) => setIn('autoCheck', 'enabled', v)}
          />
          <NumberField
            {...range('autoCheck.intervalMinutes')}
            label="Check every"
            unit="minutes"
            value={draft.autoCheck.intervalMinutes}
            error={err('autoCheck.intervalMinutes')}
            onChange={(v) => setIn('autoCheck', 'intervalMinutes', v)}
          />
          <CheckField
            label="Allow automatic checks to spend requests"
            checked={draft.autoCheck.allowSpending}
            error={err('autoCheck.allowSpending')}
            hint={costHint(statusCheck, draft.autoCheck.intervalMinutes)}
            onChange={(v) => setIn('autoCheck', 'allowSpending', v)}
          />
        </fieldset>
        <fieldset className="group">
          <legend>Lookup cache</legend>
          <div className="pair">
            <DurationField
              label="Keep results for"
              minutes={draft.cache.ttlMinutes}
              error={err('cache.ttlMinutes')}
              onChange={(v) => setIn('cache', 'ttlMinutes', v)}
            />
            <NumberField
              {...range('cache.maxEntries')}
              label="Keep at most"
              unit="lookups"
              value={draft.cache.maxEntries}
              error={err('cache.maxEntries')}
              onChange={(v) => setIn('cache', 'maxEntries', v)}
            />
          </div>
        </fieldset>
        <fieldset className="group">
          <legend>App</legend>
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
          {(snapshot.profiles.length > 1 || draft.trayShows !== 'selected') && (
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
        </fieldset>
        {other.length > 0 && (
          <div className="field-error" role="alert">
            {other.map(([k, m]) => (
              <p key={k}>{m}</p>
            ))}
          </div>
        )}
        <div className="save-bar">
          <span className={status ? 'hint error-text' : 'hint'} role="status">
            {status ?? (dirty ? 'Unsaved changes' : (done ?? ''))}
          </span>
          <button type="submit" disabled={busy || !dirty}>
            Save settings
          </button>
        </div>
      </form>
      <DataSection snapshot={snapshot} onAbout={onAbout} />
    </main>
  );
}
