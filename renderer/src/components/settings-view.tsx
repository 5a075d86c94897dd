import type { AppSnapshot } from '../../../shared/ipc';
import type { StatusCheckSupport } from '../../../shared/quota';
import { FORM_GROUPS, formFields } from '../settings-draft';
import { useSettingsDraft } from '../use-settings-draft';
import { DataSection } from './data-section';
import { KeySection } from './key-section';
import { ProfilesSection } from './profiles-section';
import { SettingsGroup } from './settings-groups';
import { ViewHead } from './view-head';
import { useWords } from '../words-context';

interface Props {
  snapshot: AppSnapshot;
  statusCheck: StatusCheckSupport;
  onBack: () => void;
  /** Opens About (Settings → Data → About Lookup Tray). */
  onAbout?: () => void;
  onChanged: () => void;
  /** "Now" on the core's clock (the service's, corrected for skew): what a pause's end is measured against. */
  serviceNow: () => number;
}

/**
 * Settings: the key and the profiles (each acts at once), the form of the settings groups (saved together by
 * "Save settings"), then pausing notifications, the stored data and the way to About.
 */
export function SettingsView({ snapshot, statusCheck, onBack, onChanged, onAbout, serviceNow }: Props) {
  const { w } = useWords();
  const t = w.uiSettings;
  const saved = snapshot.settings;
  const settings = useSettingsDraft(saved, onChanged);
  const { errors } = settings;
  const known = formFields(saved);
  const other = Object.entries(errors).filter(([k]) => !known.has(k));

  return (
    <main className="settings">
      <ViewHead title={t.title} onBack={onBack} />
      <KeySection snapshot={snapshot} onChanged={onChanged} />
      <ProfilesSection snapshot={snapshot} onChanged={() => onChanged()} />
      <form
        ref={settings.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void settings.save();
        }}
      >
        {snapshot.profiles.length > 1 && (
          <p className="hint profile-scope">
            {t.scopeBefore}
            <strong translate="no">{snapshot.profiles.find((p) => p.active)?.label ?? t.thisProfile}</strong>
            {t.scopeAfter}
          </p>
        )}
        {FORM_GROUPS.map((group) => (
          <SettingsGroup
            key={group}
            group={group}
            draft={settings.draft}
            set={settings.set}
            setIn={settings.setIn}
            err={(k) => (errors[k] ? w.settingProblem.say(errors[k], 'window') : undefined)}
            statusCheck={statusCheck}
            severalProfiles={snapshot.profiles.length > 1}
            serviceNow={serviceNow}
          />
        ))}
        {other.length > 0 && (
          <div className="field-error" role="alert">
            {other.map(([k, p]) => (
              <p key={k}>{w.settingProblem.say(p, 'window')}</p>
            ))}
          </div>
        )}
        <div className="save-bar">
          <span className={settings.failed ? 'hint error-text' : 'hint'} role="status">
            {settings.status ? w.uiForm.saveBar[settings.status] : ''}
          </span>
          <button type="submit" disabled={settings.busy || !settings.dirty}>
            {t.save}
          </button>
        </div>
      </form>
      <DataSection snapshot={snapshot} onAbout={onAbout} serviceNow={serviceNow} />
    </main>
  );
}
