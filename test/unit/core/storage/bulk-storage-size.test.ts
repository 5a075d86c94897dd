/**
 * Issue 41, "Big jobs stay cheap": what a bulk job costs on disk, and that the answers it keeps read back as they
 * were written (exports byte for byte as before the answers were packed; a state.db written by an older build).
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, type ExportColumn, type ExportOptions } from '../../../../electron/core/bulk/export';
import { addresses, startBulk, type BulkHarness } from '../../../helpers/bulk-harness';

/** Exports of GOLDEN_JOB written by the build before answers were packed (commit 86ff739). */
const GOLDEN = JSON.parse(readFileSync(join(__dirname, '../../../fixtures/bulk/export-golden.json'), 'utf8')) as Record<
  string,
  string
>;

const GOLDEN_FORMATS: Record<string, ExportOptions> = {
  csv: { format: 'csv', columns: Object.keys(EXPORT_COLUMNS) as ExportColumn[] },
  json: { format: 'json' },
  ndjson: { format: 'ndjson' },
};

/** The fixed job: 30 addresses (one not an address, failed by the service), answered by the simulator at T0. */
async function goldenJob(h: BulkHarness): Promise<string> {
  const job = h.bulk.create({ addresses: [...addresses(29, 23), '999.1.1.1'] })!;
  await h.drive(job.id);
  return job.id;
}

function exportsOf(h: BulkHarness, id: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, opts] of Object.entries(GOLDEN_FORMATS)) {
    const chunks: string[] = [];
    h.bulk.export(id, opts, (c) => chunks.push(c));
    out[name] = chunks.join('');
  }
  return out;
}

/** Another connection to a harness's state.db (as a second process would have), closed after `fn`. */
function withDb<T>(dir: string, fn: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(join(dir, 'state.db'));
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** state.db's bytes on disk once its WAL is written back (what stays). */
function dbBytes(dir: string): number {
  withDb(dir, (db) => db.exec('PRAGMA wal_checkpoint(TRUNCATE)'));
  const file = join(dir, 'state.db');
  return statSync(file).size + (statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0);
}

describe('a bulk job on disk', () => {
  let h: BulkHarness | null = null;
  afterEach(async () => {
    await h?.closeAll();
    h = null;
  });

  it('state.db grows by less than 2 KB per answered address (2,000 realistic answers, the cache included)', async () => {
    h = await startBulk({ plan: { monthLimit: 100_000, minuteLimit: null } });
    const before = dbBytes(h.dir);
    const job = h.bulk.create({ addresses: addresses(2000, 31) })!;
    await h.drive(job.id);
    expect(h.bulk.get(job.id)?.done).toBe(2000);
    const perAddress = (dbBytes(h.dir) - before) / 2000;
    expect(perAddress, `${Math.round(perAddress)} bytes per answered address`).toBeLessThan(2048);
  }, 120_000);

  it('exports give the same bytes as before the answers were packed (golden, CSV with every column, JSON, NDJSON)', async () => {
    h = await startBulk({ plan: { monthLimit: 100_000, minuteLimit: null } });
    const id = await goldenJob(h);
    expect(exportsOf(h, id)).toEqual(GOLDEN);
  }, 60_000);

  it('a job an older build wrote (answers as JSON text) reads and exports as it did', async () => {
    h = await startBulk({ plan: { monthLimit: 100_000, minuteLimit: null } });
    const id = await goldenJob(h);
    // What an older build stored: each answer's JSON text in bulk_answer.body.
    const rows = [...h.bulk.rows(id)];
    withDb(h.dir, (db) => {
      const set = db.prepare('UPDATE bulk_answer SET body = ? WHERE job_id = ? AND seq = ?');
      for (const r of rows) if (r.body !== null) set.run(JSON.stringify(r.body), id, r.seq);
      const kinds = db.prepare('SELECT DISTINCT typeof(body) AS t FROM bulk_answer WHERE body IS NOT NULL').all();
      expect(kinds.map((k) => ({ ...k }))).toEqual([{ t: 'text' }]);
    });
    expect(exportsOf(h, id)).toEqual(GOLDEN);
    expect(h.bulk.report(id)?.coverage.answered).toBe(29);
  }, 60_000);
});
