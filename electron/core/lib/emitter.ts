/**
 * A set of listeners: the one "call every listener, a throwing one never stops the others" loop of the code
 * base (the event hub, the quota state, settings changes and the web preview's bridge use it).
 */
export class Emitter<T> {
  private readonly listeners = new Set<(value: T) => void>();

  /** `onError` hears what a listener threw. */
  constructor(private readonly onError: (err: unknown) => void = () => {}) {}

  /** Adds a listener; returns its unsubscribe function. */
  on(cb: (value: T) => void): () => void {
    this.listeners.add(cb);
    return () => {
      this.listeners.delete(cb);
    };
  }

  /** Calls the listeners there are now, in the order they were added. */
  emit(value: T): void {
    for (const cb of [...this.listeners]) {
      try {
        cb(value);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  get size(): number {
    return this.listeners.size;
  }

  clear(): void {
    this.listeners.clear();
  }
}
