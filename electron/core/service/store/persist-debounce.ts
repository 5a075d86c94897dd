import type { Clock, Logger, TimerHandle } from '../../lib/ports';
import { PERSIST_DELAY_MS } from '../service-types';

export interface PersistDebounceOptions {
  clock: Clock;
  logger: Logger;
  /** Writes what changed; nothing is written (and no timer armed) without it. */
  write: (() => void) | undefined;
}

/** Writes what changed PERSIST_DELAY_MS after the first change of a burst (one write per burst), or now on flush(). */
export class PersistDebounce {
  private timer: TimerHandle | null = null;
  private disposed = false;

  constructor(private readonly opts: PersistDebounceOptions) {}

  /** Arms one write unless one is already pending (or there is no store, or it was disposed). */
  schedule(): void {
    if (!this.opts.write || this.timer !== null || this.disposed) return;
    this.timer = this.opts.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, PERSIST_DELAY_MS);
  }

  /** Writes now, cancelling a pending write. A failing store is logged, never thrown. */
  flush(): void {
    if (this.timer !== null) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    const { write } = this.opts;
    if (!write) return;
    try {
      write();
    } catch (err) {
      this.opts.logger.warn('quota state could not be saved', { error: err instanceof Error ? err.name : 'unknown' });
    }
  }

  /** Stops scheduling writes; flush() still writes. */
  dispose(): void {
    this.disposed = true;
  }
}
