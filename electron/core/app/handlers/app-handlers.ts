import type { Handlers } from '../../../../shared/ipc';
import type { NoticeBoard } from '../../storage/notice-board';
import type { SettingsStore } from '../../storage/settings-store';
import type { AlertCenter } from '../alert-center';
import { EXTERNAL_HOST_ALLOW_LIST, isAllowedExternalUrl } from '../external-links';
import type { ServiceHost } from '../service-host';
import type { Snapshots } from '../snapshots';

export interface AppHandlersDeps {
  settings: SettingsStore;
  host: ServiceHost;
  alerts: AlertCenter;
  notices: NoticeBoard;
  snapshots: Snapshots;
  openExternal: ((url: string) => Promise<void>) | undefined;
}

type AppHandlers = Pick<
  Handlers,
  'getSnapshot' | 'updateSettings' | 'dismissNotice' | 'pauseNotifications' | 'openExternal'
>;

/** The window's state, settings, notices, the notification pause and allow-listed links. */
export function appHandlers(deps: AppHandlersDeps): AppHandlers {
  const { settings, host, alerts, notices, snapshots } = deps;
  return {
    getSnapshot: async () => {
      host.sync(); // what the CLI or the preview learnt meanwhile, for every profile
      return snapshots.get();
    },
    // Its onChange rebuilds or updates the service in use (app-core) and pushes the new snapshot.
    updateSettings: async (patch) => settings.update(patch),
    dismissNotice: async ({ id }) => {
      notices.dismiss(id);
      await snapshots.push();
    },
    pauseNotifications: async ({ until }) => {
      alerts.pause(until);
      await snapshots.push();
    },
    openExternal: async ({ url }) => {
      if (!deps.openExternal || !isAllowedExternalUrl(url, EXTERNAL_HOST_ALLOW_LIST)) return { opened: false };
      await deps.openExternal(url);
      return { opened: true };
    },
  };
}
