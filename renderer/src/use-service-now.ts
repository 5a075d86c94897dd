import { useEffect, useState } from 'react';

function isVisible(): boolean {
  return document.visibilityState === 'visible';
}

/** Tracks whether the page is visible (the tray window is shown). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(isVisible);
  useEffect(() => {
    const onChange = (): void => setVisible(isVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * "Now" on the service's clock (`Date.now() + offset`). Re-renders once a second, on the service's
 * second boundaries, only while `ticking` is true AND the page is visible. Otherwise no timer exists.
 */
export function useServiceNow(offset: number, ticking: boolean): number {
  const visible = usePageVisible();
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!ticking || !visible) return;
    let id: ReturnType<typeof setTimeout>;
    const schedule = (): void => {
      const now = Date.now() + offset;
      id = setTimeout(
        () => {
          setTick((t) => t + 1);
          schedule();
        },
        1000 - (((now % 1000) + 1000) % 1000) + 5,
      );
    };
    schedule();
    return () => clearTimeout(id);
  }, [offset, ticking, visible]);
  return Date.now() + offset;
}
