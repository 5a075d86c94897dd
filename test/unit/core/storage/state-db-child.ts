/**
 * A second process on the same data folder, for state-db-processes.test.ts (run with `node --import tsx`).
 *
 *   writer <dir> <role> <n>   print "ready", wait for "go" on stdin, print "going", then n rounds of: one cache
 *                             put, one history sample, one read-modify-write counter increment; then record
 *                             a cooldown and print a JSON summary
 *   killer <dir>              write batches forever, one transaction each (10 cache rows, one history sample,
 *                             one kv value); print each batch id after its COMMIT returned
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { body, gaps, writeRound } from './helpers';

const [mode, dir, role = 'child', count = '500'] = process.argv.slice(2);
if (!dir) throw new Error('usage: state-db-child.ts writer|killer <dir> …');
const say = (line: string): void => {
  fs.writeSync(1, `${line}\n`);
};
async function writer(): Promise<void> {
  const db = StateDb.open({ dir: dir as string, historyMax: 1_000_000 });
  if (!db.persistent || db.notice) throw new Error('child could not open the database');
  say('ready');
  const lines = readline.createInterface({ input: process.stdin });
  for await (const line of lines) if (line === 'go') break;
  lines.close();
  say('going');
  const seen: number[] = [];
  for (let i = 0; i < Number(count); i++) seen.push(writeRound(db, role, i, 1));
  db.writeCooldown('shared', { scope: 'month', until: 4_000_000_000_000, since: 3_000_000_000_000 });
  db.close();
  say(JSON.stringify({ done: true, gaps: gaps(seen) }));
}

function killer(): void {
  const db = StateDb.open({ dir: dir as string, historyMax: 1_000_000 });
  if (!db.persistent || db.notice) throw new Error('child could not open the database');
  for (let id = 0; ; id++) {
    db.tx(() => {
      db.cachePut(
        Array.from({ length: 10 }, (_, j) => ({
          profile: 'kill',
          ip: `k-${id}-${j}`,
          language: 'en',
          body: body(id),
          fetchedAt: id,
          note: null,
        })),
      );
      db.appendHistory('kill', [{ at: id, remaining: 0, limit: 1 }]);
      db.writeKv('last-batch', id);
    });
    say(String(id));
  }
}

if (mode === 'writer') await writer();
else if (mode === 'killer') killer();
else throw new Error(`unknown mode ${mode}`);
