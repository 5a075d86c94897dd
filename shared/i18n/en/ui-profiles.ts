/** English: Settings → Profiles (the list, adding, renaming, removing) and why a name cannot be a profile's. */
import type { Fmt } from '../fmt';
import type { ProfileNameProblem, ProfileRefusal } from '../../profile-problem';

const nameProblem = (f: Fmt, p: ProfileNameProblem, label: (name: string) => string): string => {
  switch (p.kind) {
    case 'empty':
      return 'Profile name must not be empty.';
    case 'too-long':
      return `Profile name must be at most ${p.max} characters.`;
    case 'separators':
      return 'Profile names cannot contain "@" or "#".';
    case 'forbidden':
      return 'Profile name contains invalid characters.';
    case 'rule':
      return 'Profile names use letters, digits, spaces, ".", "_" and "-" only, starting with a letter or a digit.';
    case 'taken':
      return `There is already a profile named "${label(p.name)}".`;
  }
};

export const uiProfiles = (f: Fmt) => ({
  legend: 'Profiles',
  hint: 'Each profile has its own service, key, warning levels and notifications — e.g. a personal and a work key.',
  inUse: ' · in use',
  /** A profile's month line: "812 of 1,000 left this month" or what is known. */
  noService: 'No service set up yet',
  noFigures: 'No figures yet',
  monthLeft: (remaining: number, limit: number) => `${f.num(remaining)} of ${f.num(limit)} left this month`,
  use: 'Use',
  rename: 'Rename',
  remove: 'Remove',
  /** The row's buttons' accessible names; the profile's name is data. */
  useLabel: (label: string) => `Use ${label}`,
  renameLabel: (label: string) => `Rename ${label}`,
  removeLabel: (label: string) => `Remove ${label}`,
  add: 'Add profile',
  addForm: 'Add a profile',
  name: 'Profile name',
  baseUrl: 'Base URL of its service',
  baseUrlHint: 'Optional now; you can set it in Service below.',
  adding: 'Adding…',
  addAndSwitch: 'Add and switch',
  renameForm: 'Rename the profile',
  newName: 'New name',
  confirmRemoveLabel: 'Confirm removing the profile',
  removeProfile: 'Remove profile',
  confirmRemove: (label: string) =>
    `Remove the profile ${label}? Its API key is deleted from the keychain, and its quota figures, history and cached lookups are forgotten. This cannot be undone.`,
  failed: 'The change could not be made. Try again.',
  /** What a change did. */
  nowUsing: (label: string) => `Now using ${label}.`,
  added: (name: string) => `Added ${name} and switched to it: enter its API key above.`,
  renamed: (name: string) => `Renamed to ${name}.`,
  removed: (label: string) => `Removed ${label}.`,
  /** Why a name cannot be a profile's (shared/profile-problem.ts); `label` is the taken name as it is shown. */
  nameProblem: (p: ProfileNameProblem, label: (name: string) => string): string => nameProblem(f, p, label),
  /**
   * Why the core refused a change (shared/profile-problem.ts ProfileRefusal); `label` shows a stored name. A settings
   * problem ('setting') is worded by the settingProblem area, as the face names settings.
   */
  refusal(r: Exclude<ProfileRefusal, { kind: 'setting' }>, label: (name: string) => string): string {
    switch (r.kind) {
      case 'demo':
        return 'Leave the demo first: profiles belong to your own keys.';
      case 'in-use':
        return 'Switch to another profile before removing this one.';
      case 'unknown':
        return `There is no profile named "${label(r.name)}".`;
      case 'name':
        return nameProblem(f, r.problem, label);
      case 'unsaved':
        return 'The profile could not be saved.';
    }
  },
});
