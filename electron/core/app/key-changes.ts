import { randomUUID } from 'node:crypto';
import type { StateDb } from '../storage/state-db';

const KV = 'keychainChanged';

/**
 * Noticing keychain changes another process made on the same data folder (the CLI's `key set` / `key remove`): every
 * keychain write renews a token in state.db, and a token this process did not write means its cached keys are stale.
 * The key itself never goes to state.db.
 */
export class KeyChanges {
  private seen: unknown;

  constructor(private readonly db: StateDb) {
    this.seen = db.readKv(KV);
  }

  /** This process wrote to the keychain. */
  mark(): void {
    this.seen = randomUUID();
    this.db.writeKv(KV, this.seen);
  }

  /** Whether another process wrote to the keychain since this one last looked (then it is taken as seen). */
  elsewhere(): boolean {
    const now = this.db.readKv(KV);
    if (now === this.seen) return false;
    this.seen = now;
    return true;
  }
}
