import { useEffect, useMemo, useState } from 'react';
import { childCount, pagedForDisplay } from '../json-pages';
import { JsonView, darkStyles, defaultStyles } from 'react-json-view-lite';

function prefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

function useDark(): boolean {
  const [dark, setDark] = useState(prefersDark);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const mq = matchMedia('(prefers-color-scheme: dark)');
    const on = (): void => setDark(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, []);
  return dark;
}

/** Two levels open, but never a node with many children: those open on a click, a page at a time. */
const expandSmallNodes = (level: number, value: unknown): boolean => level < 2 && childCount(value) <= 50;

/** The whole body as a collapsible tree (small nodes expanded two levels deep, large ones paged). */
export function JsonTree({ data }: { data: unknown }) {
  const dark = useDark();
  const shown = useMemo(() => pagedForDisplay(data), [data]);
  if (data === null || typeof data !== 'object') {
    return <pre className="json-tree json-raw">{JSON.stringify(data, null, 2) ?? String(data)}</pre>;
  }
  const base = dark ? darkStyles : defaultStyles;
  return (
    <div className="json-tree-wrap">
      <JsonView
        data={shown as object}
        shouldExpandNode={expandSmallNodes}
        clickToExpandNode
        style={{ ...base, container: `${base.container} json-tree` }}
        aria-label="Full response"
      />
    </div>
  );
}
