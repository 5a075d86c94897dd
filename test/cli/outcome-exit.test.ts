/**
 * The exit code of `lookup-tray lookup` for every kind of outcome (the samples walk them all), read from the
 * outcome table: the same numbers as when electron/cli/outcome-exit.ts had its own switch.
 */
import { describe, expect, it } from 'vitest';
import type { OutcomeKind } from '../../shared/outcome';
import { exitFor } from '../../electron/cli/outcome-exit';
import { OUTCOME_SAMPLES } from '../helpers/outcome-samples';

const BEFORE: Record<OutcomeKind, number> = {
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
  it('is the number it always was, for every kind of outcome', () => {
    for (const [kind, samples] of Object.entries(OUTCOME_SAMPLES))
      for (const o of samples) expect(exitFor(o), kind).toBe(BEFORE[kind as OutcomeKind]);
  });
});
