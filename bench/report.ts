/** Turns the results into the printed table (one row per figure). */
import type { Figure } from './stats';

export interface Row {
  section: string;
  name: string;
  value: string;
  spread: string;
  n: string;
  goal: string;
}

function fmt(v: number, unit: string): string {
  if (!Number.isFinite(v)) return String(v);
  const a = Math.abs(v);
  let s: string;
  if (unit === 'ops/s')
    s = a >= 1e6 ? `${(v / 1e6).toFixed(2)} M` : a >= 1e3 ? `${(v / 1e3).toFixed(1)} k` : v.toFixed(0);
  else if (a === 0) s = '0';
  else if (a < 0.01) s = v.toFixed(4);
  else if (a < 1) s = v.toFixed(3);
  else if (a < 100) s = v.toFixed(2);
  else s = v.toFixed(0);
  return s;
}

export function figureRow(section: string, name: string, f: Figure | undefined): Row {
  if (!f) return { section, name, value: '—', spread: '', n: '', goal: '' };
  const u = f.unit;
  const goal = f.goal ? `${f.goal} ${f.met === undefined ? '' : f.met ? 'MET' : 'MISSED'}`.trim() : '';
  return {
    section,
    name,
    value: `${fmt(f.median, u)} ${u}`,
    spread: f.n > 1 ? `${fmt(f.p10, u)} – ${fmt(f.p90, u)} (min ${fmt(f.min, u)}, max ${fmt(f.max, u)})` : '',
    n: String(f.n),
    goal,
  };
}

export function plainRow(section: string, name: string, value: string, goal = ''): Row {
  return { section, name, value, spread: '', n: '', goal };
}

export function printTable(rows: Row[], out: (line: string) => void = console.log): void {
  const head: Row = {
    section: 'Section',
    name: 'Figure',
    value: 'Median',
    spread: 'p10 – p90 (min, max)',
    n: 'n',
    goal: 'Goal',
  };
  const all = [head, ...rows];
  const keys: (keyof Row)[] = ['section', 'name', 'value', 'spread', 'n', 'goal'];
  const width = Object.fromEntries(keys.map((k) => [k, Math.max(...all.map((r) => r[k].length))])) as Record<
    keyof Row,
    number
  >;
  const line = (r: Row) =>
    keys
      .map((k) => r[k].padEnd(width[k]))
      .join(' | ')
      .trimEnd();
  out(line(head));
  out(keys.map((k) => '-'.repeat(width[k])).join('-|-'));
  let last = '';
  for (const r of rows) {
    out(line({ ...r, section: r.section === last ? '' : r.section }));
    last = r.section;
  }
}
