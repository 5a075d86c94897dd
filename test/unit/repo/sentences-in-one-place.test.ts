/**
 * Issue 43, item 4: a sentence has one place, its catalog area. The lookup client's network messages and the
 * window's month-notification words were copies of the `outcome` and `alerts` areas: a change to one left the other
 * saying the old thing. The client and shared/quota.ts now hold none of those sentences (they word facts through
 * the areas).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../../shared/i18n';
import type { OutcomeFact } from '../../../shared/outcome';

const en = wordsFor('en').w;
const source = (file: string): string => readFileSync(file, 'utf8');

const REASONS = ['timeout', 'refused', 'dns', 'tls', 'reset', 'aborted', 'too-large', 'other'] as const;
const NETWORK: OutcomeFact[] = [
  ...REASONS.map((reason): OutcomeFact => ({ kind: 'network-error', reason })),
  { kind: 'network-error', reason: 'other', cause: 'base-url' },
  { kind: 'proxy-error', reason: 'invalid', proxy: 'P' },
  { kind: 'proxy-error', reason: 'unreachable', proxy: 'P', why: 'dns' },
  { kind: 'certificate-error', reason: 'expired', host: 'H', issuer: null },
];

describe('a sentence in one place', () => {
  it("the lookup client's network messages are the outcome area's, not copies", () => {
    const client = source('electron/core/lookup-api/client.ts');
    for (const o of NETWORK) {
      // The sentence's longest run without a parameter: what a copy would hold.
      const words = en.outcome.message(o);
      const run = words.split(/\b[PH]\b/).sort((a, b) => b.length - a.length)[0]!;
      expect(client, words).not.toContain(run.trim());
    }
  });

  it("the month notifications' words are the alerts area's, not a copy in shared/quota.ts", () => {
    const quota = source('shared/quota.ts');
    for (const kind of ['low', 'critical', 'exhausted', 'forecast'] as const) {
      const { title } = en.alerts.month(kind, { remaining: 1, limit: 2, resetAt: 0 }, { kind: 'unknown' }, 0);
      expect(quota, title).not.toContain(title);
    }
    expect(quota).not.toContain('requests left');
  });
});
