/**
 * The exit code of `lookup-tray lookup` for every kind of outcome (the samples walk them all), read from the
 * outcome table: one of the documented codes, and for the kinds there were the numbers electron/cli/outcome-exit.ts's
 * own switch gave them.
 */
import { describe, expect, it } from 'vitest';
import type { OutcomeKind } from '../../shared/outcome';
import { EXIT } from '../../electron/cli/exit-codes';
import { exitFor } from '../../electron/cli/outcome-exit';
import { OUTCOME_SAMPLES } from '../helpers/outcome-samples';

const BEFORE: Partial<Record<OutcomeKind, number>> = {
  ok: 0,
  'no-key': 3,
  'invalid-ip': 4,
  'invalid-input': 4,
  'not-cached': 4,
  cooldown: 5,
  'rate-limited': 5,
  'invalid-key': 6,
  forbidden: 6,
  'server-error': 7,
  'network-error': 7,
  'bad-response': 7,
};

describe('the exit code of a lookup', () => {
  it('is a documented code for every kind of outcome, and the number it always was', () => {
    for (const [kind, samples] of Object.entries(OUTCOME_SAMPLES))
      for (const o of samples) {
        expect(Object.values(EXIT), kind).toContain(exitFor(o));
        expect(exitFor(o), kind).toBe(BEFORE[kind as OutcomeKind] ?? exitFor(o));
      }
    expect(Object.keys(BEFORE)).toHaveLength(12);
  });
});
