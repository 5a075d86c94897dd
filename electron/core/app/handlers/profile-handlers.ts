import type { Handlers, ProfileChangeOutcome } from '../../../../shared/ipc';
import type { ProfileOutcome, Profiles } from '../profiles';
import type { Snapshots } from '../snapshots';

type ProfileHandlers = Pick<Handlers, 'addProfile' | 'switchProfile' | 'renameProfile' | 'removeProfile'>;

/** Adding, switching, renaming and removing profiles; each answers with the new snapshot (also pushed). */
export interface ProfileHandlersDeps {
  profiles: Profiles;
  snapshots: Snapshots;
}

export function profileHandlers(deps: ProfileHandlersDeps): ProfileHandlers {
  const { profiles, snapshots } = deps;
  const answer = async (r: ProfileOutcome): Promise<ProfileChangeOutcome> =>
    r.kind === 'invalid' ? r : { kind: 'done', snapshot: await snapshots.push() };
  return {
    addProfile: async ({ name, baseUrl }) => answer(profiles.add(name, baseUrl)),
    switchProfile: async ({ name }) => answer(profiles.switch(name)),
    renameProfile: async ({ from, to }) => answer(await profiles.rename(from, to)),
    removeProfile: async ({ name }) => answer(await profiles.remove(name)),
  };
}
