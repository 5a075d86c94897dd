/**
 * Bulk → Follow a file… in the window (renderer/src/use-bulk-follow.ts): the core's `bulk-follow` events reach the
 * window before its answer to "follow", so the answer (as the follow stood when it started) must not overwrite what
 * the events said since (the first lines read).
 */
import { expect, it } from 'vitest';
import { afterReply } from '../../../renderer/src/use-bulk-follow';
import type { BulkFollowInfo } from '../../../shared/bulk';

const follow = (over: Partial<BulkFollowInfo>): BulkFollowInfo => ({
  jobId: 'job-1',
  name: 'access.log',
  following: true,
  addresses: 0,
  lastReadAt: null,
  end: null,
  ...over,
});

it('an answer to "follow" does not undo the events that came before it; a follow not heard of is added', () => {
  const read = follow({ addresses: 2, lastReadAt: Date.UTC(2026, 10, 11, 12, 0) });
  const heard = new Map([[read.jobId, read]]);
  expect(afterReply(heard, follow({})).get('job-1')).toEqual(read);
  expect(afterReply(new Map(), follow({})).get('job-1')).toEqual(follow({}));
});
