/**
 * 12. Extraction on adversarial lines (issue 40): `extractAddresses` must be linear in its input whatever it holds,
 * since the window runs it on the main process when a log is pasted or opened. Each shape is one line of about N
 * characters built to make a careless scan quadratic — a run of dots between address characters
 * (`1.1.1.1` + dots + `2.2.2.2`, `::` + dots + `1`), and runs of colons, digits and `1.` pairs — timed at 32 KiB,
 * 128 KiB and 1 MiB. Goals: every 1 MiB line in ≤ EXTRACT_ADVERSARIAL_GOAL_MS, and time per character at 1 MiB at
 * most LINEAR_RATIO_GOAL × that at 128 KiB (a quadratic scan is 8× there; a linear one about 1×). Quick mode: the two
 * smaller sizes only, nothing judged.
 */
import { performance } from 'node:perf_hooks';
import { extractAddresses } from '../electron/core/bulk/extract';
import { pick } from './quick';
import { figure, type Figure } from './stats';

export const EXTRACT_ADVERSARIAL_GOAL_MS = 250;
export const LINEAR_RATIO_GOAL = 3;
const SIZES = pick([32_000, 128_000, 1_048_576], [32_000, 128_000]);
const SAMPLES = pick(3, 1);

/** One line of about `n` characters of each adversarial shape. */
export const ADVERSARIAL: Record<string, (n: number) => string> = {
  'IPv4, dots, IPv4': (n) => `1.1.1.1${'.'.repeat(n)}2.2.2.2`,
  ':: dots 1': (n) => `::${'.'.repeat(n)}1`,
  'colons, 1': (n) => `${':'.repeat(n)}1`,
  'digits and dots': (n) => '1.'.repeat(n / 2),
  'dots, hex': (n) => `${'.'.repeat(n)}a:b`,
};

export interface ExtractShape {
  shape: string;
  /** Milliseconds per line, by its size in characters. */
  bySize: Record<string, Figure>;
  /** Time per character at the largest size ÷ at the one before it. */
  ratio: number;
  met: boolean;
}

export interface ExtractResults {
  shapes: ExtractShape[];
  met: boolean;
}

export function benchExtractAdversarial(log: (m: string) => void = () => undefined): ExtractResults {
  const shapes: ExtractShape[] = [];
  for (const [shape, make] of Object.entries(ADVERSARIAL)) {
    const bySize: Record<string, Figure> = {};
    const medians: number[] = [];
    for (const n of SIZES) {
      const line = make(n);
      const times: number[] = [];
      for (let s = 0; s < SAMPLES; s++) {
        const t0 = performance.now();
        extractAddresses(line);
        times.push(performance.now() - t0);
      }
      const f = figure(times, 'ms', { note: `${line.length} characters` });
      bySize[String(n)] = f;
      medians.push(f.median);
      log(`  ${shape}, ${n} characters: ${f.median.toFixed(1)} ms`);
    }
    const [prevN, lastN] = [SIZES[SIZES.length - 2]!, SIZES[SIZES.length - 1]!];
    const [prev, last] = [medians[medians.length - 2]!, medians[medians.length - 1]!];
    const ratio = last / lastN / (Math.max(prev, 1) / prevN); // a floor: a sub-millisecond time is no ratio
    const met = last <= EXTRACT_ADVERSARIAL_GOAL_MS && ratio <= LINEAR_RATIO_GOAL;
    shapes.push({ shape, bySize, ratio: Number(ratio.toFixed(2)), met });
  }
  return { shapes, met: shapes.every((s) => s.met) };
}
