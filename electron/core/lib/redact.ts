/**
 * Keeping the API key out of anything shown or logged (a server, or a careless handler, could echo it back).
 * The one redaction of the code base: the HTTP client, the outcomes shown, the key vault's logs and the web
 * preview's answers all use it.
 */

/** What a key is replaced with. */
export const REDACTED = '••••••';
/** Shorter "keys" are not redacted: they cannot be told apart from ordinary text, and no real key is that short. */
export const MIN_SECRET_CHARS = 4;

function secretOf(key: string | null | undefined): string | null {
  const k = typeof key === 'string' ? key.trim() : '';
  return k.length >= MIN_SECRET_CHARS ? k : null;
}

/** The last key's percent-encoded spelling, as a pattern (a redaction runs on every string of a body). */
let encodedFor: { key: string; pattern: RegExp } | null = null;

/**
 * A pattern matching the key with any of its characters percent-encoded (a service echoing a URL or a form:
 * `abc%2Bdef` for `abc+def`, `%2F`, `%3D`, any hex case, fully encoded too). Each character is itself or the
 * %XX of each of its UTF-8 bytes.
 */
function encodedPattern(k: string): RegExp {
  if (encodedFor?.key === k) return encodedFor.pattern;
  const parts = [...k].map((ch) => {
    const literal = ch.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    const bytes = [...new TextEncoder().encode(ch)].map((b) => {
      const hex = b.toString(16).padStart(2, '0');
      return `%[${hex[0]}${hex[0]!.toUpperCase()}][${hex[1]}${hex[1]!.toUpperCase()}]`;
    });
    return `(?:${literal}|${bytes.join('')})`;
  });
  encodedFor = { key: k, pattern: new RegExp(parts.join(''), 'g') };
  return encodedFor.pattern;
}

/**
 * `text` with every occurrence of the key (trimmed, as it is stored) replaced by REDACTED, of the key as it is
 * spelt inside a JSON string (a key with a quote or a backslash in it, in a raw JSON body), and of the key
 * percent-encoded, wholly or in part (echoed in a URL or form data).
 */
export function redact(text: string, key: string | null | undefined): string {
  const k = secretOf(key);
  if (!k) return text;
  let out = text.includes(k) ? text.split(k).join(REDACTED) : text;
  const inJson = JSON.stringify(k).slice(1, -1);
  if (inJson !== k && out.includes(inJson)) out = out.split(inJson).join(REDACTED);
  if (out.includes('%')) out = out.replace(encodedPattern(k), REDACTED);
  return out;
}

/**
 * Redacts, then cuts to `maxChars` (adding `suffix` when it cut): redacting first means a key that straddles
 * the cut cannot leave its beginning behind.
 */
export function redactThenCut(text: string, key: string | null | undefined, maxChars: number, suffix = ''): string {
  const safe = redact(text, key);
  return safe.length > maxChars ? `${safe.slice(0, maxChars)}${suffix}` : safe;
}

/**
 * False when no string parsed from the JSON `text` (values or property names) can contain the key: the text
 * holds neither the key nor any escape sequence (without escapes, every parsed string is a slice of the text),
 * nor the key percent-encoded. Lets a caller skip redactJson's walk of a large body that cannot echo the key.
 */
export function jsonTextMayHoldKey(text: string, key: string | null | undefined): boolean {
  const k = secretOf(key);
  if (k === null) return false;
  if (text.includes(k) || text.includes('\\')) return true;
  return text.includes('%') && text.search(encodedPattern(k)) !== -1;
}

/**
 * A JSON-like value with the key redacted from every string in it, at any depth (property names too). Returns
 * the value itself when there was nothing to redact; only plain objects and arrays are walked.
 */
export function redactJson<T>(value: T, key: string | null | undefined): T {
  const k = secretOf(key);
  return k ? (walk(value, k) as T) : value;
}

function walk(v: unknown, k: string): unknown {
  if (typeof v === 'string') return redact(v, k);
  if (Array.isArray(v)) {
    const out = v.map((x) => walk(x, k));
    return out.some((x, i) => x !== v[i]) ? out : v;
  }
  if (v === null || typeof v !== 'object') return v;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return v;
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [name, x] of Object.entries(v)) {
    const safeName = redact(name, k);
    const safe = walk(x, k);
    if (safeName !== name || safe !== x) changed = true;
    // An own data property whatever the name: `out['__proto__'] = …` would set the copy's prototype instead.
    Object.defineProperty(out, safeName, { value: safe, enumerable: true, writable: true, configurable: true });
  }
  return changed ? out : v;
}
