import { useCallback, useEffect, useState } from 'react';
import type { BulkFollowInfo, BulkFollowOutcome, BulkJobInfo } from '../../shared/ipc';
import { useApi } from './api-context';
import { useWords } from './words-context';

/**
 * The follows once the core answered "following": its `bulk-follow` events were sent before that answer and may be
 * newer (the first lines read, "Following · 2 addresses"), so the answer fills in only a follow not heard of yet.
 */
export function afterReply(m: Map<string, BulkFollowInfo>, reply: BulkFollowInfo): Map<string, BulkFollowInfo> {
  return m.has(reply.jobId) ? m : new Map(m).set(reply.jobId, reply);
}

/**
 * Bulk → Follow a file…: the files the window follows or followed (by job), kept current by `bulk-follow`, and the
 * calls that follow one (the main process asks which file), stop one, or follow one again.
 */
export function useBulkFollow(onStarted: (job: BulkJobInfo) => void) {
  const { cannotFollow, cannotStopFollow } = useWords().w.uiBulk;
  const { refusal } = useWords().w.bulkNote;
  const api = useApi();
  const [follows, setFollows] = useState<Map<string, BulkFollowInfo>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    const off = api.onBulkFollow((f) => setFollows((m) => new Map(m).set(f.jobId, f)));
    void api
      .bulkFollows()
      .then((all) => {
        if (live) setFollows((m) => new Map([...all.map((f) => [f.jobId, f] as const), ...m]));
      })
      .catch(() => undefined);
    return () => {
      live = false;
      off();
    };
  }, [api]);

  const run = useCallback(
    async (call: () => Promise<BulkFollowOutcome>) => {
      setBusy(true);
      setError(null);
      try {
        const r = await call();
        if (r.kind === 'refused') setError(refusal(r.refusal));
        else if (r.kind === 'following') {
          setFollows((m) => afterReply(m, r.follow));
          onStarted(r.job);
        }
      } catch {
        setError(cannotFollow);
      } finally {
        setBusy(false);
      }
    },
    [onStarted, cannotFollow, refusal],
  );

  const follow = useCallback(() => run(() => api.bulkFollow({})), [api, run]);
  const again = useCallback((id: string) => run(() => api.bulkFollowAgain({ id })), [api, run]);
  const stop = useCallback(
    async (id: string) => {
      try {
        const f = await api.bulkFollowStop({ id });
        if (f) setFollows((m) => new Map(m).set(f.jobId, f));
      } catch {
        setError(cannotStopFollow);
      }
    },
    [api, cannotStopFollow],
  );
  return { follows, error, busy, follow, again, stop };
}
