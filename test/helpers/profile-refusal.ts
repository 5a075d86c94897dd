/**
 * A profile change's outcome with its refusal (a fact: shared/profile-problem.ts ProfileRefusal) in the window's
 * English words, so a test reads the sentence a user reads ("Switch to another profile before removing this one.").
 */
import { wordsFor } from '../../shared/i18n';
import type { ProfileRefusal } from '../../shared/profile-problem';
import { profileLabel } from '../../shared/settings';

export function refusalEn(r: ProfileRefusal): string {
  const { w } = wordsFor('en');
  return r.kind === 'setting' ? w.settingProblem.say(r.problem, 'window') : w.uiProfiles.refusal(r, profileLabel);
}

/** `{ kind: 'invalid', message }` for a refusal (its English words); anything else as it is. */
export function saidEn<R extends { kind: string }>(
  r: R | { kind: 'invalid'; problem: ProfileRefusal },
): R | { kind: 'invalid'; message: string } {
  return 'problem' in r && r.kind === 'invalid' ? { kind: 'invalid', message: refusalEn(r.problem) } : (r as R);
}
