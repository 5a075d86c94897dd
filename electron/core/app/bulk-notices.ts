import { bulkTrayLine, type BulkProgress } from '../../../shared/bulk';
import type { NotifyRequest } from '../lib/ports';

/**
 * The notification a bulk job's progress calls for: one when a job finishes, stops (budget floor, month used
 * up, key refused) or is paused because the service is unreachable — only while the window is hidden (a visible
 * window shows it already), and once per job and outcome.
 */
export class BulkNotices {
  private readonly told = new Set<string>();

  constructor(
    private readonly windowVisible: () => boolean,
    /** In demo mode the title says DEMO, like every demo notification. */
    private readonly demo: () => boolean = () => false,
  ) {}

  /** The notification for `p`, or null. */
  decide(p: BulkProgress): NotifyRequest | null {
    const title =
      p.state === 'finished'
        ? 'Bulk lookup finished'
        : p.state === 'stopped'
          ? 'Bulk lookup stopped'
          : p.state === 'paused' && p.reason === 'network'
            ? 'Bulk lookup paused'
            : null;
    if (!title || this.windowVisible()) return null;
    const key = `${p.jobId}|${p.state}|${p.reason ?? ''}|${p.done + p.failed}`;
    if (this.told.has(key)) return null;
    this.told.add(key);
    return {
      id: `bulk:${p.jobId}`,
      title: this.demo() ? `DEMO — ${title}` : title,
      body: p.message ?? bulkTrayLine(p),
    };
  }
}
