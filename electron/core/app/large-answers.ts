/**
 * Answers too large to send to the window (`tooLarge` outcomes): the window gets a small summary, the full JSON
 * text stays here (the last few, by IP) so "Save as file…" can write it.
 */
import type { LookupOutcome } from '../../../shared/outcome';

/** How many too-large answers are kept (by IP; the latest answer for an IP replaces the one before). */
export const KEPT_LARGE_ANSWERS = 3;

/** The summary stays under this many characters of JSON (well under 64 KB). */
const SUMMARY_BUDGET = 16_000;
/** Strings longer than this are described, not kept. */
const MAX_KEPT_STRING = 200;
/** Objects are walked this deep (the top level is 0; `data.location.country` is 3); deeper ones are described. */
const MAX_DEPTH = 3;
/** At most this many keys of one object are kept. */
const MAX_KEYS = 60;

function describe(v: unknown): string {
  if (Array.isArray(v)) return `[array of ${v.length.toLocaleString('en-US')} items]`;
  if (typeof v === 'string') return `[text of ${v.length.toLocaleString('en-US')} characters]`;
  if (v !== null && typeof v === 'object') return `[object with ${Object.keys(v).length.toLocaleString('en-US')} keys]`;
  return String(v);
}

/**
 * Sets `k` as an own data property, whatever its name: `out[k] = v` with k `__proto__` would replace the copy's
 * prototype instead (the key gone, its values showing as inherited fields).
 */
function keepKey(out: Record<string, unknown>, k: string, v: unknown): void {
  Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/**
 * A small stand-in for a huge answer: for an object, its keys with primitive values kept (nested objects walked a
 * couple of levels, so the usual facts — `data.location`, … — survive) and large values replaced by a short
 * description like "[array of 100,000 items]"; for an array (or anything else), `null`.
 */
export function summarizeLargeAnswer(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  let budget = SUMMARY_BUDGET;
  const walk = (obj: object, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const keys = Object.keys(obj);
    for (const k of keys.slice(0, MAX_KEYS)) {
      const v: unknown = (obj as Record<string, unknown>)[k];
      let kept: unknown;
      if (v === null || typeof v === 'number' || typeof v === 'boolean') kept = v;
      else if (typeof v === 'string') kept = v.length <= MAX_KEPT_STRING ? v : describe(v);
      else if (typeof v === 'object' && !Array.isArray(v) && depth < MAX_DEPTH && budget > 0) kept = walk(v, depth + 1);
      else if (Array.isArray(v) && v.length <= 10 && v.every((x) => typeof x !== 'object' || x === null))
        kept = v.map((x: unknown) => (typeof x === 'string' && x.length > MAX_KEPT_STRING ? describe(x) : x));
      else kept = describe(v);
      const cost = k.length + (typeof kept === 'object' && kept !== null ? 4 : (JSON.stringify(kept)?.length ?? 4)) + 4;
      if (budget - cost < 0) {
        keepKey(out, '…', `[${(keys.length - Object.keys(out).length).toLocaleString('en-US')} more keys]`);
        break;
      }
      budget -= cost;
      keepKey(out, k, kept);
    }
    if (keys.length > MAX_KEYS && !Object.hasOwn(out, '…'))
      keepKey(out, '…', `[${(keys.length - MAX_KEYS).toLocaleString('en-US')} more keys]`);
    return out;
  };
  return walk(body, 0);
}

/** The last few too-large answers, by IP, as JSON text. */
export class LargeAnswers {
  private readonly kept = new Map<string, string>();

  constructor(private readonly max = KEPT_LARGE_ANSWERS) {}

  /**
   * For an `ok` (or JSON `bad-response`) outcome marked `tooLarge`: keeps its full answer and returns the outcome
   * with the summary in place of the body (and no raw text). Any other outcome is returned as it is.
   */
  take(o: LookupOutcome): LookupOutcome {
    if (o.kind === 'ok' && o.tooLarge) {
      this.keep(o.ip, o.body);
      return { ...o, body: summarizeLargeAnswer(o.body) };
    }
    if (o.kind === 'bad-response' && o.tooLarge && o.ip !== undefined) {
      // JSON of an unexpected shape (e.g. a 20 MB array): its raw text is already cut, its parsed body is not.
      this.keep(o.ip, o.body);
      const { body: whole, ...rest } = o;
      const summary = summarizeLargeAnswer(whole);
      return {
        ...rest,
        raw: '',
        ...(summary === null ? {} : { body: summary }),
      };
    }
    return o;
  }

  private keep(ip: string, body: unknown): void {
    this.kept.delete(ip); // the latest answer for an IP is the newest entry
    this.kept.set(ip, JSON.stringify(body) ?? 'null');
    while (this.kept.size > this.max) {
      const oldest = this.kept.keys().next().value;
      if (oldest === undefined) break;
      this.kept.delete(oldest);
    }
  }

  /** The full JSON text of the last too-large answer for `ip`, or null when none is kept. */
  get(ip: string): string | null {
    return this.kept.get(ip) ?? null;
  }

  clear(): void {
    this.kept.clear();
  }
}
