/** A notice about a data file, as a fact (electron/core/storage raises it; the faces word it). */

/** What happens while a data file cannot be used: defaults, empty state, or (an old file) nothing imported. */
export type NoticeThen = 'defaults' | 'empty-state' | 'not-imported';

/**
 * A data file's trouble, as a fact (electron/core/storage): `file` is its name ("settings", "state.db"), `code` the
 * error's code (ENOENT, EACCES…), `path`, `aside` and `dir` where it is — all shown as they are.
 */
export type NoticeFact =
  | { kind: 'unreadable'; file: string; code: string; path: string; then: NoticeThen }
  | { kind: 'reset'; file: string; newer: boolean; aside: string }
  | { kind: 'stuck'; file: string; code: string; path: string; then: NoticeThen }
  | { kind: 'unwritable'; file: string; code: string; dir: string | null };
