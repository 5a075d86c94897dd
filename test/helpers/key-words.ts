import { wordsFor } from '../../shared/i18n';
import type { LookupOutcome } from '../../shared/outcome';
import { verifyFact } from '../../electron/core/service/status/verify-messages';

/** A key's problem in English: the window's words (shared/i18n/en/ui-key.ts), another area's sentence quoted. */
export function englishKeyWords() {
  const w = wordsFor('en').w;
  const quoted: Parameters<typeof w.uiKey.problem>[1] = {
    outcome: (o) => w.outcome.message(o),
    setting: (p) => w.settingProblem.say(p, 'window'),
  };
  return { key: w.uiKey, quoted };
}

/** verifyFact in English words: where the key check's problem is shown, and what the window says there. */
export function verifyProblem(o: LookupOutcome, baseUrl: string): { field: 'baseUrl' | 'key' | null; message: string } {
  const { field, fact } = verifyFact(o, baseUrl);
  const { key, quoted } = englishKeyWords();
  return { field, message: key.problem(fact, quoted) };
}
