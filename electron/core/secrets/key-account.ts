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

/**
 * Whether a keychain account holds a key of `profile` (for any origin): exactly `profile`, or `profile@` followed by
 * an origin and nothing else — never another profile's whose name begins the same (`a` is not `a@team@https://…`).
 */
export function isAccountOf(profile: string, account: string): boolean {
  if (account === profile) return true;
  if (!account.startsWith(`${profile}@`)) return false;
  const rest = account.slice(profile.length + 1);
  return !rest.includes('@') && originOf(rest) === rest;
}

/** The account of the same origin under another profile name. */
export function renamedAccount(account: string, from: string, to: string): string {
  return account === from ? to : `${to}${account.slice(from.length)}`;
}
