/**
 * The pseudo-locale (tests only): English with every letter accented, about 35 % longer, and bracketed ⟦…⟧, so a
 * test sees at once a text that did not come from the catalog (no brackets), one cut off (a missing ⟧) and one that
 * overflows at 380 px. Generated from the English catalog: nothing to keep up to date. Digits and punctuation keep
 * their characters, so counts and addresses in a sentence stay readable and searchable.
 */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçđéƒĝĥîĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÎĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i]!,
  ]),
);

export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

/** One English text in the pseudo-locale. */
export function pseudoText(s: string): string {
  if (!s) return s;
  const accented = s.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c);
  const pad = '·'.repeat(Math.ceil(s.length * 0.35));
  return `${PSEUDO_OPEN}${accented}${pad ? ` ${pad}` : ''}${PSEUDO_CLOSE}`;
}

/** Every string and sentence of `words`, in the pseudo-locale (functions wrapped, groups walked). */
export function pseudoWords<T>(words: T): T {
  if (typeof words === 'string') return pseudoText(words) as T;
  if (typeof words === 'function')
    return ((...args: unknown[]) => pseudoWords((words as (...a: unknown[]) => unknown)(...args))) as T;
  if (words && typeof words === 'object' && !Array.isArray(words))
    return Object.fromEntries(Object.entries(words).map(([k, v]) => [k, pseudoWords(v)])) as T;
  if (Array.isArray(words)) return words.map((v: unknown) => pseudoWords(v)) as T;
  return words;
}
