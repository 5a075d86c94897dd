/**
 * Quick mode (`BENCH_QUICK=1`): every section runs once with tiny counts and short waits, and no goal is judged.
 * It proves that each section can still run (the bench layer of `npm test` runs it), not how fast anything is:
 * its figures mean nothing and are never written to bench/results.json.
 */

/** Whether `env` asks for quick mode: BENCH_QUICK=1 (0 or unset: a full run). */
export function quickMode(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = (env.BENCH_QUICK ?? '').trim();
  if (raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`BENCH_QUICK must be 1 (quick mode) or 0, got "${raw}"`);
}

export const QUICK = quickMode();

/** The full run's value, or the quick one in quick mode. */
export function pick<T>(full: T, quick: T): T {
  return QUICK ? quick : full;
}

/**
 * Thrown by a section that cannot run in this environment at all (a tool only CI installs is missing). The
 * message says what is missing and how to get it; run.ts prints it and reports the section as skipped, not failed.
 * Anything else a section throws is a failure.
 */
export class SectionSkipped extends Error {
  override name = 'SectionSkipped';
}
