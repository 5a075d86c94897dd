/**
 * A second process on the same data folder, for state-db-processes.test.ts (run with `node --import tsx`).
 *
 *   writer <dir> <role> <n>   print "ready", then rounds of one cache put, one history sample and one
 *                             read-modify-write counter increment: on "go <i>" round i, then "did <i> <counter>";
 *                             on "free" the remaining rounds up to n at once; then record a cooldown, print "done"
 *   killer <dir>              write batches forever, one transaction each (10 cache rows, one history sample,
 *                             one kv value); print each batch id after its COMMIT returned
 */
import fs from 'node:fs';
import readline from 'node:readline';
import { StateDb } from '../../../../electron/core/storage/state-db';
import { body, writeRound } from './helpers';

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
  let i = 0;
  // First half: a handshake, not the scheduler, decides the order — each round starts only after the other process
  // wrote its own. Second half ("free"): both write as fast as they can, and SQLite's locking alone keeps it exact.
  for await (const line of lines) {
    if (line === 'free') {
      for (; i < Number(count); i++) writeRound(db, role, i, 1);
      break;
    }
    if (line !== `go ${i}`) throw new Error(`expected "go ${i}", got "${line}"`);
    say(`did ${i} ${writeRound(db, role, i, 1)}`);
    i++;
  }
  lines.close();
  db.writeCooldown('shared', { scope: 'month', until: 4_000_000_000_000, since: 3_000_000_000_000 });
  db.close();
  say('done');
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
