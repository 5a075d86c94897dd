/**
 * What `state.db` keeps of a profile's quota history as it ages. Pure; Records.appendHistory applies it.
 *
 * A sample is one month-remaining figure the service reported (service clock). Usage between two samples of
 * the same limit is the drop of `remaining`; a rise is a reset (new window) or a plan change.
 */
import { HISTORY_MONTHS, type QuotaSample } from '../../../shared/quota';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How samples thin out with age. Every tier keeps the last sample of each of its buckets, and everywhere the
 * two samples on either side of a rise or a limit change, so per-day usage is the same before and after.
 */
export const HISTORY_TIERS: readonly { olderThan: number; bucket: number }[] = [
  // The last two days: every sample.
  { olderThan: 2 * DAY, bucket: 10 * MINUTE }, // then one per 10 minutes,
  { olderThan: 35 * DAY, bucket: HOUR }, // and older than a month, one an hour.
];
/** How often the storage layer thins a profile's history (on the next append after this long). */
export const HISTORY_COMPACT_EVERY_MS = HOUR;
/**
 * Samples older than this are dropped: the HISTORY_MONTHS windows the History view shows, at most 31 days each
 * whatever the reset day (403 days).
 */
export const HISTORY_KEEP_MS = HISTORY_MONTHS * 31 * DAY;

function bucketFor(age: number): number {
  let bucket = 0;
  for (const t of HISTORY_TIERS) if (age > t.olderThan) bucket = t.bucket;
  return bucket;
}

/**
 * Which samples to delete (their indexes into `samples`, sorted by `at`) so that each tier keeps what it
 * promises. Idempotent: running it on its own output deletes nothing more (until time moves on).
 */
export function compactionPlan(samples: readonly QuotaSample[], now: number): number[] {
  const drop: number[] = [];
  const keep = new Set<number>();
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] as QuotaSample;
    const b = samples[i] as QuotaSample;
    if (b.remaining > a.remaining || b.limit !== a.limit) keep.add(i - 1).add(i);
  }
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i] as QuotaSample;
    const age = now - s.at;
    if (age > HISTORY_KEEP_MS) {
      drop.push(i);
      continue;
    }
    const bucket = bucketFor(age);
    if (bucket === 0 || keep.has(i)) continue;
    const next = samples[i + 1];
    // The last of its bucket stays; an earlier one goes when the next sample is in the same bucket.
    if (next && Math.floor(next.at / bucket) === Math.floor(s.at / bucket) && bucketFor(now - next.at) === bucket)
      drop.push(i);
  }
  return drop;
}
