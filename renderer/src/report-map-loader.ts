/**
 * The report's map chunk (d3-geo and the bundled land outline), loaded once per window: by the Report view as it
 * opens, or ahead of it, in the browser's idle time, once Bulk shows a job's Report button. The first report then
 * opens as fast as the next ones (the chunk is 31 KB gzipped, fetched from the app's own files, never the network).
 *
 * Not React.lazy: a lazy component suspends on its first render even when its chunk is already here, and React
 * holds back a Suspense boundary's content for up to 300 ms after it resolves; the view asks `loadedMap()` first.
 */
import { useEffect, useState } from 'react';

type MapModule = typeof import('./components/report-map');
let loaded: MapModule | null = null;

export const loadMap = (): Promise<MapModule> =>
  import('./components/report-map').then((m) => {
    loaded = m;
    return m;
  });

/** Loads the map chunk when the browser is idle; returns a cancel for a button that goes before that. */
export function prefetchMap(): () => void {
  const load = () => void loadMap().catch(() => {}); // the Report view asks again and says what failed
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(load, { timeout: 2_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(load, 200);
  return () => clearTimeout(id);
}

/** The map component: at once when its chunk is here, else after it loads; 'failed' when it cannot load. */
export function useReportMap(): MapModule['default'] | null | 'failed' {
  const [map, setMap] = useState<MapModule['default'] | null | 'failed'>(() => loaded?.default ?? null);
  useEffect(() => {
    if (map !== null) return;
    let live = true;
    loadMap().then(
      (m) => live && setMap(() => m.default),
      () => live && setMap('failed'),
    );
    return () => {
      live = false;
    };
  }, [map]);
  return map;
}
