/**
 * state.db's CHECK lists are the TypeScript lists they mirror. The SQL cannot be built from the lists: a shipped
 * migration never changes (state-db-schema.ts), so a database made by an older build keeps its CHECK. A value
 * added to a list therefore fails here until a new migration rebuilds the table with it.
 */
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { BULK_ANSWER_STATUSES, BULK_JOB_STATES } from '../../../../shared/bulk';
import { KNOWN_STATUS_SUPPORT } from '../../../../shared/quota';
import { WINDOW_SCOPES } from '../../../../shared/window-scope';
import { migrate } from '../../../../electron/core/storage/state-db-schema';

/** Every `CHECK (column IN ('a', 'b'))` of the migrated schema, by table.column. */
function checkLists(): Record<string, string[]> {
  const db = new DatabaseSync(':memory:');
  try {
    migrate(db);
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
      sql: string;
    }[];
    const out: Record<string, string[]> = {};
    for (const t of tables)
      for (const m of t.sql.matchAll(/(\w+)\s+TEXT[^,]*?CHECK \((\w+) IN \(([^)]*)\)\)/g))
        out[`${t.name}.${m[2]}`] = [...m[3]!.matchAll(/'([^']*)'/g)].map((v) => v[1]!);
    return out;
  } finally {
    db.close();
  }
}

describe("state.db's CHECK lists", () => {
  it('are the lists the code uses: job states, answer statuses, window scopes, status-check support', () => {
    expect(checkLists()).toEqual({
      'bulk_job.state': [...BULK_JOB_STATES],
      'bulk_answer.status': [...BULK_ANSWER_STATUSES],
      'cooldown.scope': [...WINDOW_SCOPES],
      'status_support.support': [...KNOWN_STATUS_SUPPORT],
    });
  });
});
