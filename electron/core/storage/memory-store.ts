import type { JsonStore } from '../lib/ports';

/** An in-memory JsonStore (tests, web preview without a data dir). Values are deep-copied through JSON. */
export function memoryStore<T>(initial?: T): JsonStore<T> & { writes: number } {
  let doc: string | undefined = initial === undefined ? undefined : JSON.stringify(initial);
  const s = {
    writes: 0,
    read: (): T => (doc === undefined ? (undefined as T) : (JSON.parse(doc) as T)),
    write: (v: T): void => {
      doc = JSON.stringify(v);
      s.writes++;
    },
  };
  return s;
}
