import type { Handlers } from '../../../../shared/ipc';
import type { UpdatePolicy } from '../../update/update-policy';

/** Self-update: the status in Settings → App and About, "Check now" and "Restart to update". */
export function updateHandlers(deps: {
  updates: UpdatePolicy;
}): Pick<Handlers, 'getUpdateStatus' | 'checkForUpdates' | 'restartToUpdate'> {
  const { updates } = deps;
  return {
    getUpdateStatus: async () => updates.status(),
    checkForUpdates: () => updates.checkNow(),
    restartToUpdate: async () => updates.restartToUpdate(),
  };
}
