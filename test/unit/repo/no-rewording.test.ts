/**
 * The faces word the core's facts themselves (shared/i18n): no code of the command line or the window re-words a
 * sentence the core made by applying a regular expression to it — `x.message.replace(/…/, …)`, `.match(/…/)`,
 * `/…/.test(x.message)` and the like, where the text is a `message` (an outcome's, a job's end's, a check's).
 * Read with TypeScript's own parser; a failure names the file and the line.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// Every face: the command line, the window, the web preview's server and the Electron shell.
const FACES = ['electron/cli', 'renderer/src', 'electron/preview', 'electron/shell'];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

const STRING_METHODS = new Set(['replace', 'replaceAll', 'match', 'matchAll', 'search', 'split']);
const REGEXP_METHODS = new Set(['test', 'exec']);

const isRegExp = (n: ts.Node | undefined): boolean =>
  !!n &&
  (ts.isRegularExpressionLiteral(n) ||
    ((ts.isNewExpression(n) || ts.isCallExpression(n)) &&
      ts.isIdentifier(n.expression) &&
      n.expression.text === 'RegExp') ||
    (ts.isParenthesizedExpression(n) && isRegExp(n.expression)));

/** Whether `n` reads a `message` (x.message, x?.message, x['message'], or a chain ending in one). */
function readsMessage(n: ts.Node): boolean {
  if (ts.isParenthesizedExpression(n) || ts.isNonNullExpression(n) || ts.isAsExpression(n))
    return readsMessage(n.expression);
  if (ts.isPropertyAccessExpression(n)) return n.name.text === 'message';
  if (ts.isElementAccessExpression(n))
    return ts.isStringLiteral(n.argumentExpression) && n.argumentExpression.text === 'message';
  if (ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return readsMessage(n.left) || readsMessage(n.right);
  // A chain of re-wordings: x.message.replace(/a/, …).replace(/b/, …)
  if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression))
    return readsMessage(n.expression.expression);
  return false;
}

/** Every place in `code` where a regular expression is applied to a message: "file:line". */
export function rewordings(file: string, code: string): string[] {
  const sf = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: string[] = [];
  const walk = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const target = node.expression.expression;
      const [first] = node.arguments;
      const hit =
        (STRING_METHODS.has(method) && isRegExp(first) && readsMessage(target)) ||
        (REGEXP_METHODS.has(method) && isRegExp(target) && first !== undefined && readsMessage(first));
      if (hit) out.push(`${file}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
    }
    ts.forEachChild(node, walk);
  };
  walk(sf);
  return out;
}

describe('no face re-words the core with regular expressions', () => {
  it('finds a regular expression applied to a message (the check itself)', () => {
    const code = [
      "const a = o.message.replace(/Settings\\./, 'lookup-tray key set');",
      "const b = end.message?.replace(new RegExp('x'), 'y').replace(/z/g, '');",
      'const c = /in Settings/.test(r.message);',
      "const d = (o.message ?? '').match(/\\d+/);",
      "const fine = o.ip.replace(/\\s/g, ''); const alsoFine = o.message.length;",
    ].join('\n');
    expect(rewordings('x.ts', code)).toEqual(['x.ts:1', 'x.ts:2', 'x.ts:2', 'x.ts:3', 'x.ts:4']);
  });

  it('the command line, the window, the preview and the shell apply none to a message: they word the facts (shared/i18n)', () => {
    const found = FACES.flatMap((dir) => sources(dir)).flatMap((f) =>
      rewordings(f, readFileSync(join(ROOT, f), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
