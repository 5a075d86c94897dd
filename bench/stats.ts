/** Small statistics and timing helpers for the benchmark script. */

export interface Summary {
  median: number;
  p10: number;
  p90: number;
  min: number;
  max: number;
  mean: number;
  n: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  const a = sorted[lo] as number;
  const b = sorted[hi] as number;
  return a + (b - a) * (pos - lo);
}

export function summarize(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const sum = s.reduce((acc, v) => acc + v, 0);
  return {
    median: quantile(s, 0.5),
    p10: quantile(s, 0.1),
    p90: quantile(s, 0.9),
    min: s[0] ?? Number.NaN,
    max: s[s.length - 1] ?? Number.NaN,
    mean: s.length ? sum / s.length : Number.NaN,
    n: s.length,
  };
}

/** Rounds every number in a summary (for the JSON file). */
export function rounded(s: Summary, digits = 4): Summary {
  const r = (v: number) => (Number.isFinite(v) ? Number(v.toPrecision(digits + 2)) : v);
  return { median: r(s.median), p10: r(s.p10), p90: r(s.p90), min: r(s.min), max: r(s.max), mean: r(s.mean), n: s.n };
}

/** A figure as stored in results.json: a summary plus its unit, and a goal where the issue sets one. */
export interface Figure extends Summary {
  unit: string;
  goal?: string;
  met?: boolean;
  note?: string;
}

export function figure(
  values: readonly number[] | Summary,
  unit: string,
  extra: Partial<Pick<Figure, 'goal' | 'met' | 'note'>> = {},
): Figure {
  const s = Array.isArray(values) ? summarize(values) : (values as Summary);
  return { ...rounded(s), unit, ...extra };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Lets pending promise callbacks and I/O callbacks run. */
export async function settle(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((r) => setImmediate(r));
}

/** Distinct public IPv4 addresses (deterministic). */
export function distinctIps(n: number, prefix = 11): string[] {
  const out: string[] = [];
  for (let i = 1; i <= n; i++) out.push(`${prefix}.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
  return out;
}
