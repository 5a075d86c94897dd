/** Type guards for values read from outside (JSON bodies, persisted documents). One of each, used everywhere. */

/** A plain JSON object: not null, not an array. */
export function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A finite number. */
export function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** An instant a Date can hold (epoch ms within ±8.64e15): a recorded time another process could have garbled. */
export function isInstant(v: unknown): v is number {
  return isNum(v) && Math.abs(v) <= 8.64e15;
}

/** A count: a safe, non-negative integer. */
export function isCount(v: unknown): v is number {
  return Number.isSafeInteger(v) && (v as number) >= 0;
}
