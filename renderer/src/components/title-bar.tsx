import { useState } from 'react';
import { MenuButton } from './menu-button';
import { profileMonthLine } from './profiles-section';
import type { AppSnapshot, ProfileInfo } from '../../../shared/ipc';
import { useApi } from '../api-context';
import { useWords } from '../words-context';

const STEPS = ['minute', 'day', 'week', 'month'] as const;

/**
 * App title with the DEMO badge and the way to Settings; in demo mode, a demo bar under it with the
 * fast-forward menu and (in the lookup view; Settings has its own in the key section) a visible "Leave demo".
 */
export function TitleBar({
  demo,
  onSettings,
  onHistory = null,
  onBulk = null,
  profiles = [],
  onSnapshot,
}: {
  demo: boolean;
  onSettings: (() => void) | null;
  /** Opens the history chart (the lookup view only). */
  onHistory?: (() => void) | null;
  /** Opens bulk lookups (the lookup view only). */
  onBulk?: (() => void) | null;
  /** With more than one, a picker to switch between them. */
  profiles?: ProfileInfo[];
  onSnapshot: (s: AppSnapshot) => void;
}) {
  const api = useApi();
  const { w } = useWords();
  const [leaving, setLeaving] = useState(false);
  const step = (by: (typeof STEPS)[number]): void => {
    void api.demoFastForward({ by }).then(onSnapshot, () => undefined);
  };
  const leave = (): void => {
    setLeaving(true);
    void api.stopDemo().then(onSnapshot, () => setLeaving(false));
  };
  return (
    <>
      <header className="title-bar">
        {/* With the profile picker or the DEMO badge, the name gives way (still read out): the row fits 380 px. */}
        <span className={profiles.length > 1 || demo ? 'sr-only' : 'app-name'}>{w.uiNav.appName}</span>
        {demo && (
          <span className="demo-badge" title={w.uiNav.demoBadgeTitle}>
            {w.uiNav.demoBadge}
          </span>
        )}
        {profiles.length > 1 && (
          <select
            className="profile-picker"
            aria-label={w.uiNav.profile}
            value={profiles.find((p) => p.active)?.name}
            onChange={(e) => {
              void api.switchProfile({ name: e.target.value }).then(
                (r) => {
                  if (r.kind === 'done') onSnapshot(r.snapshot);
                },
                () => undefined,
              );
            }}
          >
            {/* Each profile with its month line; the one in use by its name only (its figures are in the gauges below,
                and its name is what the closed picker shows). */}
            {profiles.map((p) => (
              <option key={p.name} value={p.name}>
                {p.active ? p.label : `${p.label} — ${profileMonthLine(p)}`}
              </option>
            ))}
          </select>
        )}
        <span className="spacer" />
        {onBulk && (
          <button type="button" className="secondary small" onClick={onBulk}>
            {w.uiNav.bulk}
          </button>
        )}
        {onHistory && (
          <button type="button" className="secondary small" onClick={onHistory}>
            {w.uiNav.history}
          </button>
        )}
        {onSettings && (
          <button type="button" className="secondary small" onClick={onSettings}>
            {w.uiNav.settings}
          </button>
        )}
      </header>
      {demo && (
        // A labelled region (a landmark): everything on the page is inside one (axe "region").
        <div className="demo-bar" role="region" aria-label={w.uiNav.demoRegion}>
          <span className="demo-bar-text">{w.uiNav.demoText}</span>
          <MenuButton
            label={w.uiNav.fastForward}
            entries={[
              ...STEPS.map((by) => ({ key: by, label: w.uiNav.step[by], onSelect: () => step(by) })),
              { key: 'leave', label: w.uiNav.leaveDemo, onSelect: leave, separated: true },
            ]}
          />
          {onSettings && (
            <button type="button" className="secondary small" disabled={leaving} onClick={leave}>
              {w.uiNav.leaveDemo}
            </button>
          )}
        </div>
      )}
    </>
  );
}
