import type { LookupOutcome } from '../../../shared/outcome';
import type { BulkJobState, BulkNote, BulkReason } from '../../../shared/bulk';
import type { CostSource } from './cost';

export type { BulkJobState, BulkProgress, BulkReason } from '../../../shared/bulk';

/** What a bulk job uses of the profile's service (QuotaService satisfies it): lookups, the quota, the cache. */
export interface BulkLookupPort extends CostSource {
  /**
   * A lookup as the window's: from the fresh cache when it can, else sent; answers enter the cache. `bulk`: kept out
   * of the user's recent lookups (a bulk run never fills Recent).
   */
  lookup(ip: string, opts: { bulk: true }): Promise<LookupOutcome>;
}

export interface RunEnd {
  state: BulkJobState;
  reason: BulkReason | 'busy' | 'missing' | null;
  /** What the job says, in English; its fact is `note`, which the faces word. */
  message: string | null;
  /** Why it ended or what it waits for, as a fact (absent: not known where it was made). */
  note?: BulkNote | null;
}
