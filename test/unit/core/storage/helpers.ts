/** Shared bits of the state database tests: fresh temp folders, a recording logger, a settable clock. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StateDb, type StateDbOptions } from '../../../../electron/core/storage/state-db';
import type { StorageLogger } from '../../../../electron/core/storage/storage-types';

export const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
/** The timestamp part of names made at NOW. */
export const STAMP = '2026-11-22T12-00-00-000Z';

export interface Env {
  dir: string;
  clock: { t: number };
  logLines: string[];
  open(opts?: Partial<StateDbOptions>): StateDb;
  cleanup(): void;
}

export function makeEnv(prefix = 'state-db-'): Env {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const clock = { t: NOW };
  const logLines: string[] = [];
  const rec = (level: string) => (msg: string, extra?: Record<string, unknown>) =>
    logLines.push(`${level} ${msg} ${JSON.stringify(extra ?? {})}`);
  const logger: StorageLogger = { info: rec('info'), warn: rec('warn'), error: rec('error') };
  const opened: StateDb[] = [];
  return {
    dir,
    clock,
    logLines,
    open: (opts = {}) => {
      const db = StateDb.open({ dir, now: () => clock.t, logger, ...opts });
      opened.push(db);
      return db;
    },
    cleanup: () => {
      for (const db of opened) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const entry = (profile: string, ip: string, extra: Partial<{ language: string; note: string | null }> = {}) => ({
  profile,
  ip,
  language: extra.language ?? 'en',
  body: { data: { ip, location: { city: { name: `City of ${ip}` } } } },
  fetchedAt: NOW - 5_000,
  note: extra.note ?? null,
});

export const body = (n: number) => ({ data: { n, pad: 'p'.repeat(1000) } });

/** One round of the interleaved-writers test (both processes); returns the counter value this process wrote. */
export function writeRound(db: StateDb, who: string, i: number, offset: number): number {
  db.cachePut([{ profile: 'shared', ip: `${who}-${i}`, language: 'en', body: body(i), fetchedAt: i, note: null }]);
  db.appendHistory('shared', [{ at: i * 2 + offset, remaining: i, limit: 1_000_000 }]);
  let wrote = -1;
  if (!db.updateKv('counter', (cur) => (wrote = ((cur as number | null) ?? 0) + 1))) throw new Error('update failed');
  return wrote;
}
