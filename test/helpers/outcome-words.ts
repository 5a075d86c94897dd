import { wordsFor } from '../../shared/i18n';
import type { LookupOutcome } from '../../shared/outcome';

/**
 * An outcome with its English words beside it as `message` (the window's words, shared/i18n's `outcome` area): what
 * the core once sent with every outcome, for tests that compare outcomes and their sentences in one object.
 */
export function withWords(o: LookupOutcome): LookupOutcome & { message?: string } {
  return o.kind === 'ok' ? o : { ...o, message: wordsFor('en').w.outcome.message(o) };
}
