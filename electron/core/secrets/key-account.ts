import { originOf } from '../../../shared/base-url';

/**
 * The keychain account of a profile's key for one service: the profile and the origin the key was entered for
 * (e.g. `default@https://api.example.com`). A key is only ever read for the origin it was saved for, so a changed
 * base URL — whoever changed it — never sends a stored key to another server: the user enters it again there.
 */
export function keyAccount(profile: string, baseUrl: string): string {
  const origin = originOf(baseUrl);
  return origin ? `${profile}@${origin}` : profile;
}

/** state.db key/value under which the origin of a profile's saved key is kept (not secret: for the window's words). */
export const keyOriginKv = (profile: string): string => `keyOrigin:${profile}`;
