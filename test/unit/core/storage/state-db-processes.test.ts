/**
 * Two real processes on one data folder: the second is a separate Node process running the same module
 * (state-db-child.ts through tsx), so locking, WAL and durability are SQLite's and the OS's, not simulated.
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startChild } from '../../../helpers/child-process';
import { makeEnv, writeRound, type Env } from './helpers';

const CHILD = fileURLToPath(new URL('./state-db-child.ts', import.meta.url));
const ROUNDS = 500;

let env: Env;
let child: ChildProcess | null = null;
beforeEach(() => {
  env = makeEnv('state-db-procs-');
});
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  child = null;
  env.cleanup();
});

interface Child {
  proc: ChildProcess;
  /** The next line the child prints. */
  next(): Promise<string>;
  /** Every line printed so far (complete lines only). */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

function start(...args: string[]): Child {
  const proc = startChild(CHILD, args);
  child = proc;
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const lines: string[] = [];
  const waiting: ((l: string) => void)[] = [];
  let read = 0;
  readline.createInterface({ input: proc.stdout! }).on('line', (l) => {
    lines.push(l);
    const w = waiting.shift();
    if (w) {
      read++;
      w(l);
    }
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    proc.on('exit', (code, signal) => resolve({ code, signal, stderr })),
  );
  return {
    proc,
    lines,
    exited,
    next: () =>
      read < lines.length
        ? Promise.resolve(lines[read++] as string)
        : Promise.race([
            new Promise<string>((resolve) => waiting.push(resolve)),
            exited.then((e) => Promise.reject(new Error(`child exited (${e.code ?? e.signal}): ${e.stderr}`))),
          ]),
  };
}

describe('state.db shared by two processes', () => {
  it(`${ROUNDS * 2} interleaved writes from two processes: none lost, counters exact, the other's cooldown seen`, async () => {
    const c = start('writer', env.dir, 'child', String(ROUNDS));
    expect(await c.next()).toBe('ready');
    const db = env.open({ historyMax: 1_000_000 });
    expect(db.notice).toBeNull();
    const v0 = db.dataVersion();

    // First half: the two processes take turns (a handshake on the child's stdin and stdout), so every
    // read-modify-write must see the other process's increment: 1, 3, 5, … here and 2, 4, 6, … there.
    const half = ROUNDS / 2;
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < half; i++) {
      mine.push(writeRound(db, 'parent', i, 0));
      c.proc.stdin!.write(`go ${i}\n`);
      const did = /^did (\d+) (\d+)$/.exec(await c.next());
      expect(did?.[1]).toBe(String(i));
      theirs.push(Number(did?.[2]));
    }
    expect(mine).toEqual(Array.from({ length: half }, (_, k) => 2 * k + 1));
    expect(theirs).toEqual(Array.from({ length: half }, (_, k) => 2 * k + 2));
    // Second half: both at once, in whatever order the machine runs them; nothing may be lost either way.
    c.proc.stdin!.write('free\n');
    for (let i = half; i < ROUNDS; i++) writeRound(db, 'parent', i, 0);
    expect(await c.next()).toBe('done');
    expect((await c.exited).code).toBe(0);

    expect(db.readKv('counter')).toBe(2 * ROUNDS);
    expect(db.cacheCount()).toBe(2 * ROUNDS);
    for (const who of ['parent', 'child'])
      for (let i = 0; i < ROUNDS; i++) expect(db.cacheGet('shared', `${who}-${i}`, 'en')?.fetchedAt).toBe(i);
    const history = db.readHistory('shared');
    expect(history.map((s) => s.at)).toEqual(Array.from({ length: 2 * ROUNDS }, (_, k) => k));

    // Recorded by the child, honoured here; and this process can tell without any timer.
    expect(db.dataVersion()).not.toBe(v0);
    expect(db.readCooldown('shared')).toEqual({ scope: 'month', until: 4_000_000_000_000, since: 3_000_000_000_000 });
    // A stale figure from this process does not shorten it.
    db.writeCooldown('shared', { scope: 'minute', until: 3_000_000_060_000, since: 3_000_000_000_000 });
    expect(db.readCooldown('shared')?.until).toBe(4_000_000_000_000);
  }, 60_000);

  it('kill -9 during writes: the database opens clean with every batch committed before the kill', async () => {
    const c = start('killer', env.dir);
    // Let it commit a good number of batches, then kill it wherever it is (almost surely mid-transaction).
    while (c.lines.length < 150) await c.next();
    c.proc.kill('SIGKILL');
    const exit = await c.exited;
    expect(exit.signal).toBe('SIGKILL');
    const committed = c.lines.map(Number);
    expect(committed).toEqual(Array.from({ length: committed.length }, (_, k) => k));

    const raw = new DatabaseSync(path.join(env.dir, 'state.db'));
    expect(raw.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
    raw.close();

    const db = env.open();
    expect(db.notice).toBeNull();
    const batches = db.readHistory('kill').map((s) => s.at);
    // Every batch reported is there; at most one more (committed, killed before it could print).
    expect(batches.slice(0, committed.length)).toEqual(committed);
    expect(batches.length - committed.length).toBeLessThanOrEqual(1);
    expect(db.readKv('last-batch')).toBe(batches.at(-1));
    // Each batch is all or nothing.
    expect(db.cacheCount()).toBe(batches.length * 10);
    for (const id of batches)
      for (let j = 0; j < 10; j++) expect(db.cacheGet('kill', `k-${id}-${j}`, 'en')).not.toBeNull();
  }, 60_000);
});
