import type { Events } from '../../../shared/ipc';
import { Emitter } from '../lib/emitter';

type Listener<E extends keyof Events> = (payload: Events[E]) => void;

/** A tiny typed event emitter for the core's events: one Emitter per event. A throwing listener never breaks the others. */
export class EventHub {
  private readonly emitters = new Map<keyof Events, Emitter<unknown>>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  on<E extends keyof Events>(event: E, cb: Listener<E>): () => void {
    return this.emitter(event).on(cb);
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    (this.emitters.get(event) as unknown as Emitter<Events[E]> | undefined)?.emit(payload);
  }

  clear(): void {
    this.emitters.clear();
  }

  private emitter<E extends keyof Events>(event: E): Emitter<Events[E]> {
    let e = this.emitters.get(event) as unknown as Emitter<Events[E]> | undefined;
    if (!e) {
      e = new Emitter<Events[E]>(this.onListenerError);
      this.emitters.set(event, e as unknown as Emitter<unknown>);
    }
    return e;
  }
}
