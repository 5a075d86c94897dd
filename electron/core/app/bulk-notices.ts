import type { BulkProgress } from '../../../shared/bulk';
import { wordsFor } from '../../../shared/i18n';
import type { Lang } from '../../../shared/i18n/locale';
import type { NotifyRequest } from '../lib/ports';

/**
 * The notification a bulk job's progress calls for: one when a job finishes, stops (budget floor, month used
 * up, key refused) or is paused because the service is unreachable — only while the window is hidden (a visible
 * window shows it already), and once per job and outcome. Worded in the interface's language, as the quota's
 * notifications are (its title from the `alerts` area, its body the job's note, or its tray line).
 */
export class BulkNotices {
  private readonly told = new Set<string>();

  constructor(
    private readonly windowVisible: () => boolean,
    /** In demo mode the title says DEMO, like every demo notification. */
    private readonly demo: () => boolean = () => false,
    /** The interface's language (default English). */
    private readonly lang: () => Lang = () => 'en',
  ) {}

  /** The notification for `p`, or null. */
  decide(p: BulkProgress): NotifyRequest | null {
    const kind =
      p.state === 'finished' || p.state === 'stopped'
        ? p.state
        : p.state === 'paused' && p.reason === 'network'
          ? 'paused'
          : null;
    if (!kind || this.windowVisible()) return null;
    const key = `${p.jobId}|${p.state}|${p.reason ?? ''}|${p.done + p.failed}`;
    if (this.told.has(key)) return null;
    this.told.add(key);
    const { w } = wordsFor(this.lang());
    const title = w.alerts.bulk[kind];
    return {
      id: `bulk:${p.jobId}`,
      title: this.demo() ? w.alerts.demo(title) : title,
      // The job's note in words; a progress that carries only a sentence (no fact) says it as it is.
      body: p.note ? w.bulkNote.say(p.note) : (p.message ?? w.tray.bulk(p)),
    };
  }
}
