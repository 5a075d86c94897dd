import type { QuotaState } from '../../../../shared/quota';
import { Emitter } from '../../lib/emitter';
import type { Logger } from '../../lib/ports';

type Listener = (s: QuotaState) => void;

/** QuotaService's onChange: remembers the last state emitted so each change is announced once. */
export class StateEmitter {
  private readonly listeners: Emitter<QuotaState>;
  private last: QuotaState;

  constructor(initial: QuotaState, logger: Logger) {
    this.last = initial;
    this.listeners = new Emitter((err) =>
      logger.error('quota listener failed', { error: err instanceof Error ? err.name : 'unknown' }),
    );
  }

  on(cb: Listener): () => void {
    return this.listeners.on(cb);
  }

  /** True when `s` differs from the last state seen (and remembers it). */
  changed(s: QuotaState): boolean {
    if (sameState(s, this.last)) return false;
    this.last = s;
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

/**
 * What counts as a change: everything but the snapshot instant and the pace's drift with time (a forecast is
 * its kind, and when it runs out). Compared field by field, one level deep (windows and the cooldown are flat):
 * cheaper than serialising the state on every response. A deeper field added later compares by reference,
 * which can only announce a change too many, never miss one.
 */
export function sameState(a: QuotaState, b: QuotaState): boolean {
  const keys = Object.keys(a) as (keyof QuotaState)[];
  if (keys.length !== Object.keys(b).length) return false;
  for (const k of keys) {
    if (k === 'asOf') continue;
    if (k === 'forecast') {
      const f = a.forecast;
      const g = b.forecast;
      if (f.kind !== g.kind || (f.kind === 'runs-out' && g.kind === 'runs-out' && f.runsOutAt !== g.runsOutAt))
        return false;
    } else if (!flatEqual(a[k], b[k])) return false;
  }
  return true;
}

function flatEqual(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  const xr = x as Record<string, unknown>;
  const yr = y as Record<string, unknown>;
  const keys = Object.keys(xr);
  if (keys.length !== Object.keys(yr).length) return false;
  for (const k of keys) if (xr[k] !== yr[k] || !(k in yr)) return false;
  return true;
}
