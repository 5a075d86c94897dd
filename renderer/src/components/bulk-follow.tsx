import type { BulkFollowInfo } from '../../../shared/ipc';
import { formatCountOf, formatLocalTime } from '../format';

/** Bulk → Follow a file…: the main process asks which log; its new addresses are looked up as lines arrive. */
export function BulkFollowStart({
  busy,
  error,
  onFollow,
}: {
  busy: boolean;
  error: string | null;
  onFollow: () => void;
}) {
  return (
    <section className="group bulk-follow-start" aria-label="Follow a log">
      <div className="buttons">
        <button type="button" className="secondary" disabled={busy} onClick={onFollow}>
          Follow a file…
        </button>
      </div>
      <p className="hint">
        Follows a growing log: each new address is looked up as its line arrives, keeping 5 % of the month for single
        lookups.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** A followed job's line: "Following · N addresses · last read HH:MM", and why it ended by itself. */
export function BulkFollowLine({ follow: f }: { follow: BulkFollowInfo }) {
  const read = f.lastReadAt === null ? 'nothing read yet' : `last read ${formatLocalTime(f.lastReadAt)}`;
  return (
    <>
      <p className="hint bulk-follow-line" role="status" aria-label="Follow">
        {f.following ? 'Following' : 'Stopped'} · {formatCountOf(f.addresses, 'address', 'addresses')} · {read}
      </p>
      {f.message && <p className="field-error">{f.message}</p>}
    </>
  );
}

/** Stop (following now) or Follow again (reads on from where it stopped). */
export function BulkFollowButton({
  follow: f,
  busy,
  onStop,
  onAgain,
}: {
  follow: BulkFollowInfo;
  busy: boolean;
  onStop: () => void;
  onAgain: () => void;
}) {
  return f.following ? (
    <button type="button" className="secondary" onClick={onStop}>
      Stop
    </button>
  ) : (
    <button type="button" className="secondary" disabled={busy} onClick={onAgain}>
      Follow again
    </button>
  );
}
