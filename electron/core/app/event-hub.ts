import type { Events } from '../../../shared/ipc';

type Listener<E extends keyof Events> = (payload: Events[E]) => void;

/** A tiny typed event emitter for the core's events. A throwing listener never breaks the others. */
export class EventHub {
  private listeners = new Map<keyof Events, Set<(p: never) => void>>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  on<E extends keyof Events>(event: E, cb: Listener<E>): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(cb as (p: never) => void);
    return () => set.delete(cb as (p: never) => void);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    for (const cb of [...(this.listeners.get(event) ?? [])]) {
      try {
        (cb as Listener<E>)(payload);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
