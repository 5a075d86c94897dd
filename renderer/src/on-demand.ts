/**
 * A component whose code is a chunk of its own, loaded on demand (the History chart, the report's map): the initial
 * bundle stays small. Not React.lazy: a lazy component suspends on its first render even when its chunk is already
 * here, and React then holds the Suspense boundary's content back for up to 300 ms; `useComponent()` gives the
 * component at once when it is loaded (prefetched, or shown before), else after its chunk arrives, or 'failed'.
 */
import { useEffect, useState, type ComponentType } from 'react';

export type OnDemand<P> = ComponentType<P> | null | 'failed';

export function onDemand<P>(load: () => Promise<{ default: ComponentType<P> }>) {
  let loaded: ComponentType<P> | null = null;
  const get = (): Promise<ComponentType<P>> =>
    load().then((m) => {
      loaded = m.default;
      return m.default;
    });
  return {
    /** Starts (or joins) the load; the chunk is fetched once per window. */
    load: get,
    /** Loads the chunk when the browser is idle; returns a cancel for a control that goes before that. */
    prefetch(): () => void {
      const start = () => void get().catch(() => {}); // the view asks again and says what failed
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(start, { timeout: 2_000 });
        return () => cancelIdleCallback(id);
      }
      const id = setTimeout(start, 200);
      return () => clearTimeout(id);
    },
    useComponent(): OnDemand<P> {
      // Kept in state as a function's result: a component is itself a function, which setState would call.
      const [c, setC] = useState<OnDemand<P>>(() => loaded);
      useEffect(() => {
        if (c !== null) return;
        let live = true;
        get().then(
          (m) => live && setC(() => m),
          () => live && setC('failed'),
        );
        return () => {
          live = false;
        };
      }, [c]);
      return c;
    },
  };
}
