/**
 * A small evaluator of GitHub Actions expressions, enough for the workflows' `${{ … }}` env values: literals
 * ('text', true, false, null, numbers), context properties (matrix.name, secrets.X, vars.X; a missing one is null),
 * `!`, `==`, `!=`, `&&`, `||` and parentheses, with GitHub's rules — `&&`/`||` return an operand, '' / 0 / null /
 * false are falsy, `==` compares strings case-insensitively and otherwise numbers (null and '' are 0, other text NaN).
 */
type Value = string | number | boolean | null;

const TOKEN = /\s*(\(|\)|==|!=|&&|\|\||!|'(?:[^']|'')*'|[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*|-?\d+(?:\.\d+)?)/y;

function tokens(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.trimEnd().length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(src);
    if (!m) throw new Error(`cannot read the expression at ${at}: ${src}`);
    out.push(m[1]!);
  }
  return out;
}

const truthy = (v: Value) => !(v === null || v === false || v === '' || v === 0 || Number.isNaN(v));
const num = (v: Value) =>
  v === null ? 0 : typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : v.trim() === '' ? 0 : Number(v);
function equal(a: Value, b: Value): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase();
  if (a === null && b === null) return true;
  return num(a) === num(b);
}

/** Evaluates `expr` (without the `${{ }}`) against `ctx` ({ matrix: {…}, secrets: {…}, vars: {…} }). */
export function evaluate(expr: string, ctx: Record<string, Record<string, string>>): Value {
  const t = tokens(expr);
  let i = 0;
  const peek = () => t[i];
  const primary = (): Value => {
    const tok = t[i++];
    if (tok === undefined) throw new Error(`unexpected end: ${expr}`);
    if (tok === '(') {
      const v = or();
      if (t[i++] !== ')') throw new Error(`missing ): ${expr}`);
      return v;
    }
    if (tok === '!') return !truthy(primary());
    if (tok.startsWith("'")) return tok.slice(1, -1).replaceAll("''", "'");
    if (tok === 'true' || tok === 'false') return tok === 'true';
    if (tok === 'null') return null;
    if (/^-?\d/.test(tok)) return Number(tok);
    const [head, ...rest] = tok.split('.');
    let v: unknown = ctx[head!];
    for (const k of rest) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
    return v === undefined ? null : (v as Value);
  };
  const comparison = (): Value => {
    let v = primary();
    while (peek() === '==' || peek() === '!=') {
      const op = t[i++];
      const r = primary();
      v = op === '==' ? equal(v, r) : !equal(v, r);
    }
    return v;
  };
  const and = (): Value => {
    let v = comparison();
    while (peek() === '&&') {
      i++;
      const r = comparison();
      v = truthy(v) ? r : v;
    }
    return v;
  };
  const or = (): Value => {
    let v = and();
    while (peek() === '||') {
      i++;
      const r = and();
      v = truthy(v) ? v : r;
    }
    return v;
  };
  const v = or();
  if (i !== t.length) throw new Error(`unexpected ${t[i]}: ${expr}`);
  return v;
}

/** A workflow value with its `${{ … }}` parts evaluated, as the runner would set it (booleans as true/false). */
export function interpolate(text: string, ctx: Record<string, Record<string, string>>): string {
  return text.replace(/\$\{\{(.*?)\}\}/g, (_, e: string) => {
    const v = evaluate(e, ctx);
    return v === null ? '' : String(v);
  });
}
