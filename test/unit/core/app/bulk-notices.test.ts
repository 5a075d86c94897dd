/** A bulk job's notification while the window is hidden: once, in the interface's language (issue 43). */
import { describe, expect, it } from 'vitest';
import { BulkNotices } from '../../../../electron/core/app/bulk-notices';
import type { BulkProgress } from '../../../../shared/bulk';
import type { Lang } from '../../../../shared/i18n/locale';

const finished: BulkProgress = {
  jobId: 'j',
  profile: 'default',
  label: 'x',
  state: 'finished',
  reason: null,
  note: { kind: 'finished', counts: { done: 1200, fromCache: 3, failed: 1 } },
  message: null,
  total: 1201,
  done: 1200,
  fromCache: 3,
  failed: 1,
  left: 0,
  sent: 1197,
  rateLimited: 0,
  minuteLimit: null,
  ratePerMinute: 0,
  etaMs: null,
  waitingUntil: null,
};

describe('BulkNotices', () => {
  it('says a finished job in the interface’s language, once, and nothing while the window is shown', () => {
    let lang: Lang = 'de';
    let visible = false;
    const n = new BulkNotices(
      () => visible,
      () => false,
      () => lang,
    );
    expect(n.decide(finished)).toEqual({
      id: 'bulk:j',
      title: 'Sammelabfrage fertig',
      body: 'Fertig: 1.200 beantwortet (3 aus dem Cache), 1 fehlgeschlagen.',
    });
    expect(n.decide(finished)).toBeNull();
    lang = 'en';
    visible = true;
    expect(n.decide({ ...finished, jobId: 'k' })).toBeNull();
    visible = false;
    // Without a note (an older build's job), the tray's line says it.
    expect(n.decide({ ...finished, jobId: 'k', note: null, state: 'stopped', reason: 'budget-floor' })).toEqual({
      id: 'bulk:k',
      title: 'Bulk lookup stopped',
      body: 'Bulk: stopped at the budget floor (1,201 of 1,201)',
    });
  });
});
