/**
 * A cooldown end no date can hold (1e300, 9e15 ms: a garbled row another process left in state.db) is no cooldown:
 * it is neither read back nor written, and the engine's restore drops it, so it cannot hold lookups back for good
 * or print "resets an unknown date".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restoreEngine } from '../../../../electron/core/quota/persisted-engine';
import { StateDb } from '../../../../electron/core/storage/state-db';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a garbled cooldown end', () => {
  it('a row with until 1e300 or 9e15 reads as no cooldown; writing one changes nothing', () => {
    dir = mkdtempSync(join(tmpdir(), 'lt-cooldown-'));
    const now = Date.UTC(2026, 10, 25);
    const db = StateDb.open({ dir, now: () => now });
    expect(db.writeCooldown('default', { scope: 'minute', until: now + 60_000, since: now })).toBe(true);
    expect(db.readCooldown('default')).toMatchObject({ until: now + 60_000 });
    db.close();
    for (const until of [1e300, 9e15]) {
      const raw = new DatabaseSync(join(dir, 'state.db'));
      raw.prepare('UPDATE cooldown SET until = ? WHERE profile = ?').run(until, 'default');
      raw.close();
      const again = StateDb.open({ dir, now: () => now });
      expect(again.readCooldown('default')).toBeNull();
      again.writeCooldown('other', { scope: 'month', until, since: now });
      expect(again.readCooldown('other')).toBeNull();
      again.close();
    }
    const restored = restoreEngine({ version: 1, cooldown: { scope: 'minute', until: 1e300, since: now } });
    expect(restored?.cooldown).toBeNull();
  });
});
