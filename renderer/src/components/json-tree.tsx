import { useEffect, useState } from 'react';
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

const expandTwoLevels = (level: number): boolean => level < 2;

/** The whole body as a collapsible tree (expanded two levels deep). Primitives are shown as text. */
export function JsonTree({ data }: { data: unknown }) {
  const dark = useDark();
  if (data === null || typeof data !== 'object') {
    return <pre className="json-tree json-raw">{JSON.stringify(data, null, 2) ?? String(data)}</pre>;
  }
  const base = dark ? darkStyles : defaultStyles;
  return (
    <div className="json-tree-wrap">
      <JsonView
        data={data as object}
        shouldExpandNode={expandTwoLevels}
        style={{ ...base, container: `${base.container} json-tree` }}
        aria-label="Full response"
      />
    </div>
  );
}
