import { wordsFor } from '../../shared/i18n';
import type { Notice } from '../../shared/ipc';

/** A notice in English: the window's words for its fact (shared/i18n's `notices` area). */
export function noticeText(n: Notice | null | undefined): string | undefined {
  return n ? wordsFor('en').w.notices.notice(n.fact) : undefined;
}

/** Notices as a reader sees them in English: id, level and the words of the fact. */
export function inWords(notices: readonly Notice[]): { id: string; level: Notice['level']; message: string }[] {
  return notices.map((n) => ({ id: n.id, level: n.level, message: wordsFor('en').w.notices.notice(n.fact) }));
}
