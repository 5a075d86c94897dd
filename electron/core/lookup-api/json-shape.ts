/**
 * What a JSON text would cost to parse, found by one pass over its characters before JSON.parse sees it: how deep
 * its arrays and objects nest and how many there are. A body nested thousands of levels deep parses, then breaks
 * every recursive step after it (JSON.stringify, structured clone, a walk); millions of tiny objects (`[{},{},…]`)
 * cost a hundred times their size in memory. Both are refused before anything is parsed.
 */

/** Arrays and objects may nest this deep (a lookup answer nests 4 or 5 levels). */
export const MAX_JSON_DEPTH = 64;
/** At most this many arrays and objects in one answer (a lookup answer has a few dozen). */
export const MAX_JSON_CONTAINERS = 250_000;

export type JsonShapeProblem = 'too-deep' | 'too-many-values';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * Null when `text` is within the limits (whether it is valid JSON is JSON.parse's to say); else what is wrong.
 * Brackets inside strings are not counted.
 */
export function jsonShapeProblem(
  text: string,
  limits: { depth?: number; containers?: number } = {},
): JsonShapeProblem | null {
  const maxDepth = limits.depth ?? MAX_JSON_DEPTH;
  const maxContainers = limits.containers ?? MAX_JSON_CONTAINERS;
  let depth = 0;
  let containers = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > maxDepth) return 'too-deep';
      if (++containers > maxContainers) return 'too-many-values';
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return null;
}
