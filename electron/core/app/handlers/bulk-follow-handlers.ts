import type { Handlers } from '../../../../shared/ipc';
import type { BulkFollows } from '../bulk-follows';

type BulkFollowHandlers = Pick<Handlers, 'bulkFollow' | 'bulkFollowAgain' | 'bulkFollowStop' | 'bulkFollows'>;

/** Bulk → Follow a file… (bulk-follows.ts): follow a file the main process's dialog picks, stop, follow again. */
export function bulkFollowHandlers(follows: BulkFollows): BulkFollowHandlers {
  return {
    bulkFollow: (req) => follows.follow(req),
    bulkFollowAgain: ({ id }) => follows.again(id),
    bulkFollowStop: ({ id }) => follows.stop(id),
    bulkFollows: async () => follows.list(),
  };
}
