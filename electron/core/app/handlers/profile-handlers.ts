import type { Handlers, ProfileChangeOutcome } from '../../../../shared/ipc';
import type { ProfileOutcome, Profiles } from '../profiles';
import type { Snapshots } from '../snapshots';

type ProfileHandlers = Pick<Handlers, 'addProfile' | 'switchProfile' | 'renameProfile' | 'removeProfile'>;

/** Adding, switching, renaming and removing profiles; each answers with the new snapshot (also pushed). */
export function profileHandlers(profiles: Profiles, snapshots: Snapshots): ProfileHandlers {
  const answer = async (r: ProfileOutcome): Promise<ProfileChangeOutcome> =>
    r.kind === 'invalid' ? r : { kind: 'done', snapshot: await snapshots.push() };
  return {
    addProfile: async ({ name, baseUrl }) => answer(profiles.add(name, baseUrl)),
    switchProfile: async ({ name }) => answer(profiles.switch(name)),
    renameProfile: async ({ from, to }) => answer(await profiles.rename(from, to)),
    removeProfile: async ({ name }) => answer(await profiles.remove(name)),
  };
}
