import type { BulkFollowInfo } from '../../../shared/ipc';
import { useWords } from '../words-context';

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
  const w = useWords().w.uiBulk;
  return (
    <section className="group bulk-follow-start" aria-label={w.followRegion}>
      <div className="buttons">
        <button type="button" className="secondary" disabled={busy} onClick={onFollow}>
          {w.followFile}
        </button>
      </div>
      <p className="hint">{w.followHint}</p>
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
  const w = useWords().w.uiBulk;
  const { followEnd } = useWords().w.bulkNote;
  return (
    <>
      <p className="hint bulk-follow-line" role="status" aria-label={w.followLabel}>
        {w.followLine(f.following, f.addresses, f.lastReadAt)}
      </p>
      {/* An older build's sentence is data (kept as it was written), not the catalog's. */}
      {f.end && (
        <p className="field-error" translate={f.end.kind === 'text' ? 'no' : undefined}>
          {followEnd(f.end)}
        </p>
      )}
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
  const w = useWords().w.uiBulk;
  return f.following ? (
    <button type="button" className="secondary" onClick={onStop}>
      {w.stop}
    </button>
  ) : (
    <button type="button" className="secondary" disabled={busy} onClick={onAgain}>
      {w.followAgain}
    </button>
  );
}
