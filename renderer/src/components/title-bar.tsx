import { useState } from 'react';
import type { AppSnapshot, LookupTrayApi } from '../../../shared/ipc';

const STEPS: ['minute' | 'day' | 'week' | 'month', string][] = [
  ['minute', '1 minute'],
  ['day', '1 day'],
  ['week', '1 week'],
  ['month', '1 month'],
];

/**
 * App title with the DEMO badge and the way to Settings; in demo mode, a demo bar under it with the
 * fast-forward menu and (in the lookup view; Settings has its own in the key section) a visible "Leave demo".
 */
export function TitleBar({
  api,
  demo,
  onSettings,
  onSnapshot,
}: {
  api: LookupTrayApi;
  demo: boolean;
  onSettings: (() => void) | null;
  onSnapshot: (s: AppSnapshot) => void;
}) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const step = (by: (typeof STEPS)[number][0]): void => {
    setOpen(false);
    void api.demoFastForward({ by }).then(onSnapshot, () => undefined);
  };
  const leave = (): void => {
    setOpen(false);
    setLeaving(true);
    void api.stopDemo().then(onSnapshot, () => setLeaving(false));
  };
  return (
    <>
      <header className="title-bar">
        <span className="app-name">Lookup Tray</span>
        {demo && (
          <span className="demo-badge" title="Demo mode: a built-in simulated service, not the real one">
            DEMO
          </span>
        )}
        <span className="spacer" />
        {onSettings && (
          <button type="button" className="secondary small" onClick={onSettings}>
            Settings
          </button>
        )}
      </header>
      {demo && (
        <div className="demo-bar" role="group" aria-label="Demo">
          <span className="demo-bar-text">Simulated service</span>
          <div className="menu-wrap">
            <button
              type="button"
              className="secondary small"
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
            >
              Fast-forward ▾
            </button>
            {open && (
              <div className="menu" role="menu" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
                {STEPS.map(([by, label]) => (
                  <button key={by} type="button" role="menuitem" onClick={() => step(by)}>
                    {label}
                  </button>
                ))}
                <hr />
                <button type="button" role="menuitem" onClick={leave}>
                  Leave demo
                </button>
              </div>
            )}
          </div>
          {onSettings && (
            <button type="button" className="secondary small" disabled={leaving} onClick={leave}>
              Leave demo
            </button>
          )}
        </div>
      )}
    </>
  );
}
