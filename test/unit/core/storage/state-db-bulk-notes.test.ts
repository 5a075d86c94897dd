/**
 * What a bulk job says and why an address failed are kept as facts (migration 6: bulk_note, bulk_error), worded by
 * each face in its language; a job or answer kept before (an English sentence) still shows that sentence.
 */
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkTables } from '../../../../electron/core/storage/state-db-bulk';
import { wordsFor } from '../../../../shared/i18n';
import type { BulkNote } from '../../../../shared/bulk';
import { makeEnv, NOW, type Env } from './helpers';

let env: Env;
beforeEach(() => {
  env = makeEnv();
});
afterEach(() => env.cleanup());

const job = { id: 'j1', profile: 'p', label: 'auth.log', createdAt: NOW, options: {} };
const RESET = Date.UTC(2026, 11, 1);
const FLOOR: BulkNote = {
  kind: 'stopped-floor',
  counts: { done: 1_200, failed: 34, total: 5_000 },
  remaining: 1,
  floor: { percent: 5, limit: 10_000 },
  floorCount: 500,
  resetAt: RESET,
  now: NOW,
};

describe('a bulk job’s note and an address’s error in state.db', () => {
  it('keeps the fact (no English sentence), and reads a job and an answer kept before as their English text', () => {
    const db = env.open();
    const t = new BulkTables(db);
    t.createJob(job, [
      { ip: '192.0.2.1', line: 1, lastLine: 1, hits: 1, flag: null },
      { ip: '192.0.2.2', line: 2, lastLine: 2, hits: 1, flag: null },
    ]);
    t.setState('j1', 'stopped', 'budget-floor', FLOOR, NOW);
    const fact = { kind: 'outcome', outcome: { kind: 'server-error', status: 503 } } as const;
    t.record('j1', 0, {
      status: 'failed',
      source: null,
      kind: 'server-error',
      error: 'x',
      errorFact: fact,
      at: NOW,
      bodyJson: null,
    });
    expect(t.getJob('j1')).toMatchObject({ note: FLOOR, message: null });
    expect(t.items('j1', 0, 1)[0]).toMatchObject({ error: 'x', errorFact: fact });
    db.close();

    // What an older build wrote: the sentence only (no note, no error fact).
    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    raw.exec(`DELETE FROM bulk_note; UPDATE bulk_job SET message = 'Paused.';
      INSERT INTO bulk_answer (job_id, seq, status, source, kind, error, body, answered_at)
      VALUES ('j1', 1, 'failed', NULL, 'server-error', 'The service had a problem (503). Retry later.', NULL, ${NOW});`);
    raw.close();
    const old = new BulkTables(env.open());
    expect(old.getJob('j1')?.note).toEqual({ kind: 'text', text: 'Paused.' });
    expect(old.items('j1', 1, 1)[0]?.errorFact).toEqual({
      kind: 'text',
      text: 'The service had a problem (503). Retry later.',
    });
    // Shown as it is, in any language.
    expect(wordsFor('de').w.bulkNote.say({ kind: 'text', text: 'Paused.' })).toBe('Paused.');
  });
});

describe('a bulk job’s note in words', () => {
  const en = wordsFor('en').w.bulkNote;
  const de = wordsFor('de').w.bulkNote;
  it('English as the core said it; the command names --budget-floor; German plurals and numbers', () => {
    expect(en.say(FLOOR)).toBe(
      'Stopped at the budget floor: 1 request is left this month and 500 requests (5 % of 10,000) are kept for single lookups. 1,234 of 5,000 done; the rest wait — resume with a lower floor, or after the month resets (resets Dec 1, 00:00 UTC).',
    );
    expect(en.say(FLOOR, 'cli')).toContain(
      'resume with a lower floor: lookup-tray bulk --resume --budget-floor N (requests, or a share such as 1%), or after',
    );
    expect(de.say(FLOOR)).toBe(
      'An der Budgetuntergrenze angehalten: In diesem Monat ist 1 Anfrage übrig, und 500 Anfragen (5 % von 10.000) bleiben für einzelne Abfragen reserviert. 1.234 von 5.000 erledigt; der Rest wartet — setzen Sie mit einer niedrigeren Untergrenze fort oder nach dem Zurücksetzen des Monats (zurückgesetzt 1. Dez., 00:00 UTC).',
    );
    expect(de.say({ kind: 'finished', counts: { done: 2_500, fromCache: 1, failed: 0 } })).toBe(
      'Fertig: 2.500 beantwortet (1 aus dem Cache), 0 fehlgeschlagen.',
    );
    const refused = { kind: 'invalid-key', status: 401 } as const;
    expect(en.say({ kind: 'stopped-outcome', outcome: refused })).toBe(
      'Stopped: The API key was not accepted (401). Check or replace it in Settings.',
    );
    expect(en.say({ kind: 'stopped-outcome', outcome: refused }, 'cli')).toBe(
      'Stopped: The API key was not accepted (401). Check it, or replace it with: lookup-tray key set',
    );
  });
});
