/**
 * The outcome table (shared/outcome-table.ts): one row per kind, and each column saying what the lists it replaced
 * said (the auto-check's failures, the key check's accepted kinds, the job runner's switch, the command's exit
 * codes, the window's refused views).
 */
import { describe, expect, it } from 'vitest';
import type { OutcomeKind } from '../../../shared/outcome';
import {
  OUTCOMES,
  isCounted,
  isLastErrorKind,
  isOutcomeKind,
  isRefused,
  keyAccepted,
  refusedWords,
  type BulkAction,
} from '../../../shared/outcome-table';
import { ALL_OUTCOME_SAMPLES, OUTCOME_SAMPLES } from '../../helpers/outcome-samples';

const KINDS = Object.keys(OUTCOME_SAMPLES) as OutcomeKind[];
const kindsWhere = (test: (k: OutcomeKind) => boolean): OutcomeKind[] => KINDS.filter(test).sort();

describe('the outcome table', () => {
  it('has one row for every kind of outcome, and no other', () => {
    expect(Object.keys(OUTCOMES).sort()).toEqual([...KINDS].sort());
    for (const k of KINDS) expect(isOutcomeKind(k)).toBe(true);
    expect(isOutcomeKind('network')).toBe(false);
    expect(isOutcomeKind('toString')).toBe(false);
  });

  it('an automatic check backs off after the failures it always did', () => {
    expect(kindsWhere((k) => OUTCOMES[k].failure)).toEqual(
      ['bad-response', 'forbidden', 'invalid-key', 'network-error', 'no-key', 'server-error'].sort(),
    );
  });

  it('a key check that spent a lookup accepts the key on an answer, a 429, a 403, a 422 and a 2xx bad response', () => {
    const accepted = ALL_OUTCOME_SAMPLES.filter(keyAccepted).map((o) =>
      o.kind === 'bad-response' ? `bad-response ${o.status}` : o.kind,
    );
    expect([...new Set(accepted)].sort()).toEqual(
      ['bad-response 200', 'forbidden', 'invalid-input', 'ok', 'rate-limited'].sort(),
    );
  });

  it('a bulk job records answers, waits out limits, stops on the key, retries faults and fails the rest', () => {
    const by: Record<BulkAction, OutcomeKind[]> = { record: [], wait: [], stop: [], retry: [], fail: [] };
    for (const k of KINDS) by[OUTCOMES[k].bulk].push(k);
    for (const list of Object.values(by)) list.sort();
    expect(by).toEqual({
      record: ['ok'],
      wait: ['cooldown', 'rate-limited'],
      stop: ['forbidden', 'invalid-key', 'no-key'],
      retry: ['network-error', 'server-error'],
      fail: ['bad-response', 'invalid-input', 'invalid-ip', 'not-cached'],
    });
  });

  it("names the command's exit code of every kind, as before", () => {
    expect(Object.fromEntries(KINDS.map((k) => [k, OUTCOMES[k].exit]))).toEqual({
      ok: 'ok',
      'invalid-ip': 'invalidInput',
      'invalid-input': 'invalidInput',
      'not-cached': 'invalidInput',
      'no-key': 'noKey',
      cooldown: 'rateLimited',
      'rate-limited': 'rateLimited',
      'invalid-key': 'invalidKey',
      forbidden: 'invalidKey',
      'server-error': 'network',
      'network-error': 'network',
      'bad-response': 'network',
    });
  });

  it("decides locally only a bad address, a missing key or kept answer and a cooldown; the rest are the service's", () => {
    expect(kindsWhere((k) => OUTCOMES[k].from === 'app')).toEqual(['cooldown', 'invalid-ip', 'no-key', 'not-cached']);
    expect(kindsWhere(isLastErrorKind)).toEqual(
      [
        'bad-response',
        'forbidden',
        'invalid-input',
        'invalid-key',
        'network-error',
        'rate-limited',
        'server-error',
      ].sort(),
    );
  });

  it('counts against the quota only an answer from the network and a 2xx the app could not read', () => {
    const counted = ALL_OUTCOME_SAMPLES.filter(isCounted).map((o) =>
      o.kind === 'ok' ? `ok ${o.source}` : o.kind === 'bad-response' ? `bad-response ${o.status}` : o.kind,
    );
    expect(counted.sort()).toEqual(['bad-response 200', 'ok network']);
  });
});

describe("the window's words for an outcome", () => {
  it('shows every kind but an answer, a limit and a bad response as refused, each with a title and a sentence', () => {
    expect(kindsWhere((k) => !isRefused(OUTCOME_SAMPLES[k][0]!))).toEqual(
      ['bad-response', 'cooldown', 'ok', 'rate-limited'].sort(),
    );
    for (const o of ALL_OUTCOME_SAMPLES.filter(isRefused)) {
      const w = refusedWords(o);
      expect(w.title, o.kind).toMatch(/\S/);
      expect(w.text, o.kind).toMatch(/\S/);
      expect(w.spoken, o.kind).toContain(o.message);
    }
  });

  it('says "not counted" only of outcomes the quota does not count', () => {
    for (const o of ALL_OUTCOME_SAMPLES.filter(isRefused)) {
      if (/not counted|Nothing was counted/.test(refusedWords(o).hint ?? '')) expect(isCounted(o), o.kind).toBe(false);
    }
  });

  it('says "your plan" where the service says "the plan"', () => {
    const [forbidden] = OUTCOME_SAMPLES.forbidden;
    expect(refusedWords(forbidden!).text).toBe(
      'Your plan does not allow this request (403): your plan has no security data. Check or upgrade your plan.',
    );
  });
});
