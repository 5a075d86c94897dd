/**
 * Where a profile's quota figures, history, cooldown and cached answers live in `state.db`: they belong to the
 * service that gave them, so each (profile, origin of its base URL) has its own rows. The tables keep one text
 * column for it (`profile`): the profile name, a separator no profile name may hold (a control character), and the
 * origin. A profile moved to another origin starts with nothing of the old service's, and finds that service's
 * rows again when it moves back. Rows of a bare profile name are a previous version's (adopted: StateDb.adoptState).
 * Zod-free and tiny, so the CLI's quick paths can use it.
 */

/** U+001F: PROFILE_NAME_FORBIDDEN (shared/settings-rules.ts) refuses it in a profile name; an origin never holds it. */
export const SCOPE_SEPARATOR = '\u001f';

/** The rows' key of `profile` at `origin` (`originOf(baseUrl)`); the bare name when there is no origin. */
export function stateScope(profile: string, origin: string): string {
  return origin === '' ? profile : `${profile}${SCOPE_SEPARATOR}${origin}`;
}
