/** `lookup-tray bulk`'s output while a job runs: a progress bar on stderr when that is a terminal, its pace and time left. */
import type { BulkProgress } from '../../core/bulk/job-types';
import { formatCountdown } from '../../../shared/format';
import type { Io } from '../output';

/** A progress bar on stderr (cli-progress), only when stderr is a terminal. */
export async function progressBar(io: Io, total: number): Promise<{ update(p: BulkProgress): void; stop(): void }> {
  if (!io.errTty) return { update() {}, stop() {} };
  const { default: cliProgress } = await import('cli-progress');
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      // {left}, not {eta}: cli-progress fills {eta} with its own estimate, whatever the payload says.
      format: '{bar} {value}/{total} | {sent} sent, {cached} from the cache, {failed} failed | {rate} | {left}',
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { sent: 0, cached: 0, failed: 0, rate: '…', left: '…' });
  let stopped = false;
  return {
    update: (p) =>
      bar.update(p.done + p.failed, {
        sent: p.sent,
        cached: p.fromCache,
        failed: p.failed,
        rate: paceText(p),
        left: timeLeft(p),
      }),
    stop: () => {
      if (stopped) return;
      stopped = true;
      bar.stop();
    },
  };
}

/**
 * The bar's pace: "paced to 10/min" when the job paces to a minute limit; the answers of the last 60 s otherwise
 * ("42/min"). Not that count under a limit: paced across two of the service's minute windows, 60 s can hold the end
 * of one and the start of the next (19 at 10 a minute), which reads as over the limit when it is not.
 */
export function paceText(p: Pick<BulkProgress, 'minuteLimit' | 'ratePerMinute'>): string {
  return p.minuteLimit !== null ? `paced to ${p.minuteLimit}/min` : `${p.ratePerMinute}/min`;
}

/** The bar's last field: the time left, or what the job waits for. */
export function timeLeft(p: BulkProgress): string {
  if (p.left === 0 || p.state === 'finished') return 'done';
  if (p.waitingUntil !== null) return 'waiting for the limit';
  if (p.state === 'paused' || p.state === 'stopped') return p.state;
  return p.etaMs === null ? '…' : `${formatCountdown(p.etaMs)} left`;
}
