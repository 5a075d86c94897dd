/**
 * What the JSON tree shows of an answer: arrays and objects with more than PAGE entries are split into pages of at
 * most PAGE entries (`[0 … 99]`, `[100 … 199]`, … and pages of pages for very long ones), so no node ever renders
 * thousands of children at once and a 20 MB answer opens as fast as a small one. Display only: Copy JSON copies
 * the answer as it came.
 */
export const PAGE = 100;

const fmt = (n: number) => n.toLocaleString('en-US');

function pages<T>(
  items: readonly T[],
  label: (from: number, to: number) => string,
  leaf: (slice: readonly T[]) => unknown,
) {
  let span = PAGE;
  while (Math.ceil(items.length / span) > PAGE) span *= PAGE;
  const out: Record<string, unknown> = {};
  for (let from = 0; from < items.length; from += span) {
    const slice = items.slice(from, from + span);
    const to = from + slice.length - 1;
    out[label(from, to)] = slice.length > PAGE ? pages(slice, (a, b) => label(from + a, from + b), leaf) : leaf(slice);
  }
  return out;
}

export function pagedForDisplay(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length <= PAGE) return value.map(pagedForDisplay);
    return pages(
      value,
      (a, b) => `[${fmt(a)} … ${fmt(b)}]`,
      (slice) => slice.map(pagedForDisplay),
    );
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    const shown = (list: readonly [string, unknown][]) =>
      Object.fromEntries(list.map(([k, v]) => [k, pagedForDisplay(v)]));
    if (entries.length <= PAGE) return shown(entries);
    return pages(entries, (a, b) => `{${fmt(a)} … ${fmt(b)}}`, shown);
  }
  return value;
}

/** How many children a node would show (0 for a primitive). */
export function childCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  return value !== null && typeof value === 'object' ? Object.keys(value).length : 0;
}
