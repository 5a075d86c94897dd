import { useState } from 'react';
import type { LookupOutcome } from '../../../shared/outcome';
import { isRefused, refusedWords } from '../../../shared/outcome-table';
import { wordsFor, type Words } from '../../../shared/i18n';
import { summarize } from '../summary';
import { useWords } from '../words-context';

/**
 * What a screen reader hears when a lookup ends: the address and its few main facts, or what went wrong, in one
 * sentence, in the window's language (`w`; English when not given). Null for the limits: the countdown's alert and
 * the quota announcer already say those.
 */
export function lookupWords(o: LookupOutcome, w: Words = wordsFor('en').w): string | null {
  if (isRefused(o)) return refusedWords(o, w.outcome).spoken; // its row in shared/outcome-table.ts
  switch (o.kind) {
    case 'ok': {
      if (o.tooLarge) return w.uiResult.spokenTooLarge(o.ip);
      const facts = new Map(summarize(o.body).map((f) => [f.label, f.copy]));
      const where = [facts.get('City'), facts.get('Country')].filter(Boolean).join(', ');
      const who = facts.get('Organisation') ?? facts.get('ISP');
      const main = [where, who].filter(Boolean).join(' — ');
      return w.uiResult.spokenAnswer(o.ip, main, o.source, o.expired === true);
    }
    case 'rate-limited':
    case 'cooldown':
      return null;
    case 'bad-response':
      return w.outcome.failed(w.outcome.message(o));
  }
}

/**
 * A polite live region (visually hidden) that says each lookup's end once: when a new outcome arrives, not when
 * the view re-renders (its "fetched 2 minutes ago" ages) — and again for the same words when the lookup was new.
 */
export function LookupAnnouncer({ outcome, at }: { outcome: LookupOutcome | null; at: number | null }) {
  const { w } = useWords();
  const [seen, setSeen] = useState<{ outcome: LookupOutcome | null; at: number | null }>({ outcome, at });
  const [said, setSaid] = useState({ text: '', n: 0 });
  // Adjusted while rendering (React's pattern for state that follows a prop change): only new outcomes are said.
  if (outcome !== seen.outcome || at !== seen.at) {
    setSeen({ outcome, at });
    const text = outcome ? lookupWords(outcome, w) : null;
    if (text) setSaid((s) => ({ text, n: s.n + 1 }));
  }
  return (
    <div id="lookup-announcer" className="sr-only" role="status" aria-live="polite" aria-atomic="true">
      {/* A new node each time: the same words for a second lookup are said again. */}
      {said.text && <span key={said.n}>{said.text}</span>}
    </div>
  );
}
