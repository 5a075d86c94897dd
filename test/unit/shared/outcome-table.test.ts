/**
 * The outcome table (shared/outcome-table.ts): one row per kind, and each column saying what the lists it replaced
 * said (the auto-check's failures, the key check's accepted kinds, the job runner's switch, the command's exit
 * codes, the window's refused views).
 */
import { wordsFor } from '../../../shared/i18n';
import { describe, expect, it } from 'vitest';
import type { LookupOutcome, Outcome, OutcomeKind } from '../../../shared/outcome';
import {
  OUTCOMES,
  isLastErrorKind,
  isOutcomeKind,
  isRefused,
  keyAccepted,
  refusedWords,
  type OutcomeRow,
} from '../../../shared/outcome-table';
import { ALL_OUTCOME_SAMPLES, OUTCOME_SAMPLES } from '../../helpers/outcome-samples';

const KINDS = Object.keys(OUTCOME_SAMPLES) as OutcomeKind[];

/**
 * What the service counts against the month quota, as far as the app can tell: an answer from the network and a 2xx
 * whose body could not be read (a redirect or a 404 is not). No code of the app needs it (the quota headers say what
 * was counted), so the table has no column for it; the window's hints must still not call a counted request free.
 */
function isCounted(o: LookupOutcome): boolean {
  if (o.kind === 'ok') return o.source === 'network';
  return o.kind === 'bad-response' && o.status >= 200 && o.status < 300;
}

/**
 * What the code said of each kind before the table: the auto-check's FAILURES set, key-verify's accepted list
 * (and a bad response under 300), the job runner's switch, outcome-exit.ts's switch, the kinds refused before
 * sending. Kinds added since have only their row to say it.
 */
const BEFORE = {
  failure: ['network-error', 'server-error', 'bad-response', 'invalid-key', 'forbidden', 'no-key'] as OutcomeKind[],
  keyAccepted: ['ok', 'rate-limited', 'forbidden', 'invalid-input'] as OutcomeKind[],
  bulk: {
    ok: 'record',
    'rate-limited': 'wait',
    cooldown: 'wait',
    'no-key': 'stop',
    'invalid-key': 'stop',
    forbidden: 'stop',
    'network-error': 'retry',
    'server-error': 'retry',
    'invalid-ip': 'fail',
    'invalid-input': 'fail',
    'bad-response': 'fail',
    'not-cached': 'fail',
  },
  exit: {
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
  },
  fromApp: ['invalid-ip', 'not-cached', 'no-key', 'cooldown'] as OutcomeKind[],
} satisfies Record<string, OutcomeKind[] | Partial<Record<OutcomeKind, string>>>;
const OLD_KINDS = Object.keys(BEFORE.exit) as (keyof typeof BEFORE.exit)[];

const EN = wordsFor('en').w.outcome;

describe('the outcome table', () => {
  it('has one row for every kind of outcome, and no other', () => {
    expect(Object.keys(OUTCOMES).sort()).toEqual([...KINDS].sort());
    for (const k of KINDS) expect(isOutcomeKind(k)).toBe(true);
    expect(isOutcomeKind('network')).toBe(false);
    expect(isOutcomeKind('toString')).toBe(false);
  });

  it('says of every kind there was what the lists and switches it replaced said', () => {
    for (const k of OLD_KINDS) {
      const row = OUTCOMES[k];
      expect(row.failure, `${k}: an automatic check backs off`).toBe(BEFORE.failure.includes(k));
      expect(row.bulk, `${k}: what a bulk job does`).toBe(BEFORE.bulk[k]);
      expect(row.exit, `${k}: the exit code`).toBe(BEFORE.exit[k]);
      expect(row.from === 'app', `${k}: decided before sending`).toBe(BEFORE.fromApp.includes(k));
      expect(isLastErrorKind(k), `${k}: kept as the last error`).toBe(k !== 'ok' && !BEFORE.fromApp.includes(k));
      for (const o of OUTCOME_SAMPLES[k]) {
        const accepted = BEFORE.keyAccepted.includes(k) || (o.kind === 'bad-response' && o.status < 300);
        expect(keyAccepted(o), `${k}: a key check accepts the key`).toBe(accepted);
      }
    }
  });
});

describe("the window's words for an outcome", () => {
  it('shows every kind but an answer, a limit and a bad response as refused, each with a title and a sentence', () => {
    expect(KINDS.filter((k) => !isRefused(OUTCOME_SAMPLES[k][0]!)).sort()).toEqual(
      ['bad-response', 'cooldown', 'ok', 'rate-limited'].sort(),
    );
    for (const o of ALL_OUTCOME_SAMPLES.filter(isRefused)) {
      const w = refusedWords(o, EN);
      expect(w.title, o.kind).toMatch(/\S/);
      expect(w.text, o.kind).toMatch(/\S/);
      expect(w.spoken, o.kind).toContain(EN.message(o));
    }
  });

  it('says "not counted" only of outcomes the quota does not count', () => {
    for (const o of ALL_OUTCOME_SAMPLES.filter(isRefused)) {
      if (/not counted|Nothing was counted/.test(refusedWords(o, EN).hint ?? ''))
        expect(isCounted(o), o.kind).toBe(false);
    }
  });

  it('says "your plan" where the service says "the plan"', () => {
    const [forbidden] = OUTCOME_SAMPLES.forbidden;
    expect(refusedWords(forbidden!, EN).text).toBe(
      'Your plan does not allow this request (403): your plan has no security data. Check or upgrade your plan.',
    );
  });
});

describe("the HTTP status -> outcome line is the table's", () => {
  it('a row without its HTTP statuses fails the typecheck (a new kind cannot leave its status out)', () => {
    const { status: _status, ...withoutStatus } = OUTCOMES['server-error'];
    // @ts-expect-error a row must say which HTTP statuses end in it (null: none)
    const row: OutcomeRow<Outcome<'server-error'>> = withoutStatus;
    expect(row.exit).toBe('network');
  });

  it("names each status once: one row takes every status no other names ('other'), ranges do not overlap", () => {
    const rows = Object.values(OUTCOMES).map((r) => r.status);
    expect(rows.filter((s) => s === 'other')).toHaveLength(1);
    const named = rows.flatMap((s) =>
      typeof s === 'number' ? [s] : Array.isArray(s) ? Array.from({ length: s[1] - s[0] + 1 }, (_, i) => s[0] + i) : [],
    );
    expect(new Set(named).size).toBe(named.length);
  });
});
