import type { Clock, JsonStore, Logger, TimerHandle } from '../lib/ports';
import type { PersistedQuotaData } from './persisted-data';
import { PERSIST_DELAY_MS } from './service-types';

export interface PersistDebounceOptions {
  clock: Clock;
  logger: Logger;
  /** Nothing is written (and no timer armed) without a store. */
  store: JsonStore<PersistedQuotaData> | undefined;
  /** What to write, read at write time. */
  snapshot: () => PersistedQuotaData;
}

/** Writes the persisted quota state PERSIST_DELAY_MS after the first change of a burst, or now on flush(). */
export class PersistDebounce {
  private timer: TimerHandle | null = null;
  private disposed = false;

  constructor(private readonly opts: PersistDebounceOptions) {}

  /** Arms one write unless one is already pending (or there is no store, or it was disposed). */
  schedule(): void {
    if (!this.opts.store || this.timer !== null || this.disposed) return;
    this.timer = this.opts.clock.setTimeout(() => {
      this.timer = null;
      this.flush();
    }, PERSIST_DELAY_MS);
  }

  /** Writes now, cancelling a pending write. A failing store is logged, never thrown. */
  flush(): void {
    if (this.timer !== null) this.opts.clock.clearTimeout(this.timer);
    this.timer = null;
    const { store } = this.opts;
    if (!store) return;
    try {
      store.write(this.opts.snapshot());
    } catch (err) {
      this.opts.logger.warn('quota state could not be saved', { error: err instanceof Error ? err.name : 'unknown' });
    }
  }

  /** Stops scheduling writes; flush() still writes. */
  dispose(): void {
    this.disposed = true;
  }
}
