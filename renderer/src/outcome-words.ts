import { wordsFor } from '../../shared/i18n';
import type { OutcomeWords } from '../../shared/i18n/words';

/**
 * The window's words for a lookup's outcome (shared/i18n's `outcome` area). English until the window follows the
 * interface language: this is the one place to give it the window's language.
 */
export function outcomeWords(): OutcomeWords {
  return wordsFor('en').w.outcome;
}
