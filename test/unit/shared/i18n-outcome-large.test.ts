/**
 * A bad response too large to send to the window (a 20 MB JSON array, kept to be saved) is not shown: its words
 * — the window's and German's, from the fact the core sends — do not say "it is shown as received". Before, the
 * core edited its English sentence with a string replace and the window, wording the fact, said it was shown.
 */
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import { LargeAnswers } from '../../../electron/core/app/large-answers';
import type { LookupOutcome } from '../../../shared/outcome';

describe('a too-large bad response in words', () => {
  const fact = { kind: 'bad-response', status: 200, why: { kind: 'shape' }, raw: '' } as const;

  it('says it is shown only when it is', () => {
    expect(wordsFor('en').w.outcome.message(fact)).toContain('It is shown as received.');
    const large = { ...fact, ip: '8.8.8.8', tooLarge: { bytes: 2e7 } };
    expect(wordsFor('en').w.outcome.message(large)).toBe(
      'The service answered 200 but the body was JSON of an unexpected shape.',
    );
    expect(wordsFor('de').w.outcome.message(large)).not.toContain('gezeigt');
  });

  it('the core sends the fact only, which the window words as not shown', () => {
    const o: LookupOutcome = { ...fact, ip: '8.8.8.8', tooLarge: { bytes: 2e7 }, body: [1, 2, 3] };
    const sent = new LargeAnswers().take(o);
    expect(sent).not.toHaveProperty('message');
    expect(wordsFor('en').w.outcome.message(sent)).toBe(
      'The service answered 200 but the body was JSON of an unexpected shape.',
    );
  });
});
