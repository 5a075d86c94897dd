/**
 * The tray's context menu as data: a pure function of the tray model (and the IP on the clipboard), with no
 * Electron in it. Each item names the action a click starts; the shell (tray.ts) turns the items into Electron
 * menu items and carries the actions out.
 */
import type { NavigateEvent } from '../../shared/ipc';
import { wordsFor, type Words } from '../../shared/i18n';
import type { TrayModel } from './tray-words';

/** What a click on a tray menu item asks for. */
export type TrayAction =
  /** Show the window on a view. */
  | { kind: 'open'; view: NavigateEvent['view'] }
  /** Show the window on the lookup view with the IP on the clipboard when the item is clicked (it may have changed). */
  | { kind: 'lookup-clipboard' }
  | { kind: 'leave-demo' }
  | { kind: 'bulk-pause'; jobId: string }
  | { kind: 'bulk-resume'; jobId: string }
  | { kind: 'restart-to-update' }
  /** An unsigned build: open the new version's release page (the core's allow-list checks it). */
  | { kind: 'open-release'; url: string }
  | { kind: 'switch-profile'; name: string }
  | { kind: 'check-quota'; spend: boolean }
  | { kind: 'pause-notifications'; for: 'hour' | 'until-tomorrow' | 'resume' }
  | { kind: 'quit' };

export type TrayMenuItem =
  | { type: 'separator' }
  | {
      type?: 'radio';
      label: string;
      enabled?: boolean;
      checked?: boolean;
      toolTip?: string;
      action?: TrayAction;
      submenu?: TrayMenuItem[];
    };

const SEPARATOR: TrayMenuItem = { type: 'separator' };
type MenuWords = Words['tray']['menu'];

function bulkItems(b: NonNullable<TrayModel['bulk']>, t: MenuWords): TrayMenuItem[] {
  return [
    { label: b.line, toolTip: t.openHint, action: { kind: 'open', view: 'lookup' } },
    ...(b.canPause ? [{ label: t.pauseBulk, action: { kind: 'bulk-pause', jobId: b.jobId } } as const] : []),
    ...(b.canResume ? [{ label: t.resumeBulk, action: { kind: 'bulk-resume', jobId: b.jobId } } as const] : []),
  ];
}

function profileItems(m: TrayModel): TrayMenuItem[] {
  if (m.profiles.length === 0) return [];
  return [
    SEPARATOR,
    ...m.profiles.map((p): TrayMenuItem => ({
      type: 'radio',
      label: p.label,
      checked: p.active,
      action: { kind: 'switch-profile', name: p.name },
    })),
  ];
}

/**
 * The menu for `m`: the status lines (each opens the window: information, not grey disabled text), Leave demo,
 * the bulk job, a downloaded update, the profiles, then the commands. `clipIp` is the IP on the clipboard (null:
 * none, or no key to look it up with). The items' own words are `t`'s (the language the model is worded in).
 */
export function trayMenu(
  m: TrayModel,
  clipIp: string | null,
  t: MenuWords = wordsFor('en').w.tray.menu,
): TrayMenuItem[] {
  const home: TrayAction = { kind: 'open', view: m.hasKey ? 'lookup' : 'onboarding' };
  return [
    ...m.statusLines.map((label): TrayMenuItem => ({ label, toolTip: t.openHint, action: home })),
    ...(m.demo ? [{ label: t.leaveDemo, action: { kind: 'leave-demo' } } as const] : []),
    ...(m.bulk ? bulkItems(m.bulk, t) : []),
    ...(m.update
      ? [
          {
            label: m.update.label,
            enabled: m.update.enabled,
            action: m.update.url
              ? ({ kind: 'open-release', url: m.update.url } as const)
              : ({ kind: 'restart-to-update' } as const),
          },
        ]
      : []),
    ...profileItems(m),
    SEPARATOR,
    { label: t.lookUp, action: home },
    {
      label: t.lookUpClipboard(clipIp),
      enabled: m.hasKey && clipIp !== null,
      action: { kind: 'lookup-clipboard' },
    },
    { label: m.checkQuotaLabel, enabled: m.hasKey, action: { kind: 'check-quota', spend: m.checkQuotaSpends } },
    {
      label: t.pauseNotifications,
      submenu: [
        { label: t.forAnHour, action: { kind: 'pause-notifications', for: 'hour' } },
        { label: t.untilTomorrow, action: { kind: 'pause-notifications', for: 'until-tomorrow' } },
        SEPARATOR,
        {
          label: t.resumeNotifications,
          enabled: m.pausedUntil !== null,
          action: { kind: 'pause-notifications', for: 'resume' },
        },
      ],
    },
    { label: t.settings, action: { kind: 'open', view: 'settings' } },
    { label: t.about, action: { kind: 'open', view: 'about' } },
    SEPARATOR,
    { label: t.quit, action: { kind: 'quit' } },
  ];
}
