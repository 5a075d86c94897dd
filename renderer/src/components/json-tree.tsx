import { useEffect, useMemo, useRef, useState } from 'react';
import { childCount, pagedForDisplay } from '../json-pages';
import { JsonView, darkStyles, defaultStyles } from 'react-json-view-lite';
import { useWords } from '../words-context';

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

/** "Expand all" opens at most this many nodes (pages keep each node at 100 children; this bounds the whole). */
const EXPAND_ALL_BUDGET = 5_000;

/** The deepest level down to which opening every node stays within EXPAND_ALL_BUDGET (Infinity: all of it). */
function expandAllDepth(shown: unknown): number {
  let level: unknown[] = [shown];
  let total = 0;
  for (let depth = 0; level.length > 0; depth++) {
    const next: unknown[] = [];
    for (const v of level) if (v !== null && typeof v === 'object') next.push(...Object.values(v as object));
    total += next.length;
    if (total > EXPAND_ALL_BUDGET) return depth;
    level = next;
  }
  return Infinity;
}

/**
 * Names each toggle after its key ("Expand location", "Collapse data"): the library gives every one the same
 * label. Re-applied whenever the tree changes (a node opens, React resets the label).
 */
function useToggleNames(
  root: React.RefObject<HTMLDivElement | null>,
  toggle: (open: boolean, key: string | null) => string,
): void {
  useEffect(() => {
    const el = root.current;
    if (!el) return;
    const name = (): void => {
      for (const b of el.querySelectorAll<HTMLElement>('[role=button][aria-expanded]')) {
        const label = b.nextElementSibling?.textContent?.trim() ?? '';
        const key = label.endsWith(':') ? label.slice(0, -1).replace(/^"(.*)"$/, '$1') : '';
        const want = toggle(b.getAttribute('aria-expanded') === 'true', key || null);
        if (b.getAttribute('aria-label') !== want) b.setAttribute('aria-label', want);
      }
    };
    name();
    const mo = new MutationObserver(name);
    mo.observe(el, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-expanded', 'aria-label'],
    });
    return () => mo.disconnect();
  }, [root, toggle]);
}

/**
 * Keys the library leaves out of its tree (it moves with ArrowUp/ArrowDown and opens with ArrowRight/ArrowLeft):
 * Enter and Space toggle the focused node, as on any button; Home and End go to the first and last toggle
 * (WAI-ARIA tree view). The library's roving tabindex is kept: one Tab stop for the whole tree.
 */
function onTreeKey(e: React.KeyboardEvent<HTMLDivElement>): void {
  const t = e.target as HTMLElement;
  if (t.getAttribute('role') !== 'button' || !t.hasAttribute('aria-expanded')) return;
  if (e.key === 'Enter' || e.key === ' ') {
    e.preventDefault();
    t.click();
  } else if (e.key === 'Home' || e.key === 'End') {
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[role=button][aria-expanded]')];
    const to = e.key === 'Home' ? all[0] : all.at(-1);
    if (!to) return;
    e.preventDefault();
    for (const b of all) b.tabIndex = b === to ? 0 : -1;
    to.focus();
  }
}

/** The whole body as a collapsible tree (small nodes expanded two levels deep, large ones paged); "Expand all". */
export function JsonTree({ data }: { data: unknown }) {
  const dark = useDark();
  const shown = useMemo(() => pagedForDisplay(data), [data]);
  const [all, setAll] = useState(false);
  const wrap = useRef<HTMLDivElement>(null);
  const r = useWords().w.uiResult;
  useToggleNames(wrap, r.toggle);
  const expandAll = useMemo(() => {
    const depth = expandAllDepth(shown);
    return (level: number): boolean => level < depth;
  }, [shown]);
  if (data === null || typeof data !== 'object') {
    return (
      <pre className="json-tree json-raw" translate="no">
        {JSON.stringify(data, null, 2) ?? String(data)}
      </pre>
    );
  }
  const base = dark ? darkStyles : defaultStyles;
  return (
    <>
      <div className="json-tools">
        <button type="button" className="link" onClick={() => setAll((a) => !a)}>
          {all ? r.collapseAll : r.expandAll}
        </button>
      </div>
      {/* The keydown listener only helps the tree inside (its toggles are the focusable controls). The keys and
          values are the service's data, shown as they came; the toggles' names are the catalog's (useToggleNames). */}
      <div className="json-tree-wrap" ref={wrap} onKeyDown={onTreeKey} translate="no">
        <JsonView
          data={shown as object}
          shouldExpandNode={all ? expandAll : expandSmallNodes}
          clickToExpandNode
          style={{
            ...base,
            container: `${base.container} json-tree`,
            // Hooks for a11y.css: the library's null (light) and string (dark) colours are under 4.5:1.
            nullValue: `${base.nullValue} jt-null`,
            stringValue: `${base.stringValue} jt-string`,
          }}
          aria-label={r.fullResponse}
        />
      </div>
    </>
  );
}
