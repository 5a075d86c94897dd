/**
 * Why a name cannot be a new profile's (adding or renaming), as a fact: one check for the core (electron/core/app/
 * profiles.ts, which refuses with it: ProfileRefusal) and the window (Settings → Profiles checks before sending and words
 * the fact: shared/i18n uiProfiles). The rules are shared/settings-rules.ts's.
 */
import type { SettingProblem } from './setting-problem';
import { NEW_PROFILE_NAME, PROFILE_NAME_FORBIDDEN, PROFILE_NAME_SEPARATORS, TEXT_LIMITS } from './settings-rules';

export type ProfileNameProblem =
  | { kind: 'empty' }
  | { kind: 'too-long'; max: number }
  | { kind: 'separators' }
  | { kind: 'forbidden' }
  | { kind: 'rule' }
  /** Another profile has it, in any case: `name` as it was typed (shown as its label). */
  | { kind: 'taken'; name: string };

/**
 * Why `raw` cannot name a profile among `names` (every profile's stored name); `renaming`: the profile that takes
 * it, which may keep its own name in another case. Null when it can.
 */
export function profileNameProblem(
  raw: string,
  names: readonly string[],
  renaming?: string,
): ProfileNameProblem | null {
  const name = raw.trim();
  if (name === '') return { kind: 'empty' };
  if (name.length > TEXT_LIMITS.profile) return { kind: 'too-long', max: TEXT_LIMITS.profile };
  if (PROFILE_NAME_SEPARATORS.test(name)) return { kind: 'separators' };
  if (PROFILE_NAME_FORBIDDEN.test(name)) return { kind: 'forbidden' };
  if (!NEW_PROFILE_NAME.test(name)) return { kind: 'rule' };
  const taken = names.find((n) => n !== renaming && n.toLowerCase() === name.toLowerCase());
  return taken === undefined ? null : { kind: 'taken', name };
}

/**
 * Why the core refused a profile change (electron/core/app/profiles.ts), as a fact: the window (Settings → Profiles)
 * and `lookup-tray profile …` word it (shared/i18n uiProfiles.refusal). `name`s are stored names (shown as labels).
 */
export type ProfileRefusal =
  /** Demo mode is on: profiles belong to the user's own keys. */
  | { kind: 'demo' }
  /** The profile to remove is the one in use. */
  | { kind: 'in-use' }
  /** No profile has that name (another window or process may have removed or renamed it). */
  | { kind: 'unknown'; name: string }
  /** The new name cannot be a profile's. */
  | { kind: 'name'; problem: ProfileNameProblem }
  /** The settings refused the change: the first field's problem (shared/setting-problem.ts). */
  | { kind: 'setting'; problem: SettingProblem }
  /** The settings refused the change without saying why. */
  | { kind: 'unsaved' };
