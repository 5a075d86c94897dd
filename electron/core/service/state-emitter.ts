import type { QuotaState } from '../../../shared/quota';
import { Emitter } from '../lib/emitter';
import type { Logger } from '../lib/ports';

type Listener = (s: QuotaState) => void;

/** QuotaService's onChange: remembers the last state emitted so each change is announced once. */
export class StateEmitter {
  private readonly listeners: Emitter<QuotaState>;
  private lastSig: string;

  constructor(initial: QuotaState, logger: Logger) {
    this.lastSig = signature(initial);
    this.listeners = new Emitter((err) =>
      logger.error('quota listener failed', { error: err instanceof Error ? err.name : 'unknown' }),
    );
  }

  on(cb: Listener): () => void {
    return this.listeners.on(cb);
  }

  /** True when `s` differs from the last state seen (and remembers it). */
  changed(s: QuotaState): boolean {
    const sig = signature(s);
    if (sig === this.lastSig) return false;
    this.lastSig = sig;
    return true;
  }

  /** Calls every listener; one that throws is logged and does not stop the others. */
  emit(s: QuotaState): void {
    this.listeners.emit(s);
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** What counts as a change: everything but the snapshot instant and the pace's drift with time. */
function signature(s: QuotaState): string {
  const f = s.forecast.kind === 'runs-out' ? `runs-out:${s.forecast.runsOutAt}` : s.forecast.kind;
  return JSON.stringify({ ...s, asOf: 0, forecast: f });
}
