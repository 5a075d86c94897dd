/**
 * Functions that do one thing: no function of the app over 120 lines, and no component or hook with more
 * than 6 `useState` of its own. Read with TypeScript's own parser; a function's lines include its nested functions
 * (a factory and its closures are one function to a reader). A failure names the file, the line and the size.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const MAX_LINES = 120;
const MAX_STATES = 6;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

interface Fn {
  where: string;
  lines: number;
  states: number;
}

/** Every function with a body in `code`: its size, and the useState calls in its own body (not nested functions'). */
function functionsOf(file: string, code: string): Fn[] {
  const sf = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: Fn[] = [];
  const countStates = (body: ts.Node): number => {
    let n = 0;
    const walk = (node: ts.Node): void => {
      if (node !== body && ts.isFunctionLike(node)) return;
      if (ts.isCallExpression(node) && /^(React\.)?useState$/.test(node.expression.getText(sf))) n++;
      ts.forEachChild(node, walk);
    };
    walk(body);
    return n;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      out.push({ where: `${file}:${start + 1}`, lines: end - start + 1, states: countStates(node.body) });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('code size', () => {
  const files = ['electron', 'shared', 'renderer/src'].flatMap(sources);
  const fns = files.flatMap((f) => functionsOf(f, readFileSync(join(ROOT, f), 'utf8')));

  it('reads the functions it checks', () => {
    expect(files.length).toBeGreaterThan(150);
    expect(fns.length).toBeGreaterThan(1000);
    const probe = functionsOf(
      'x.tsx',
      'function A() {\n const [a] = useState(0);\n const b = () => { useState(1); };\n return a;\n}',
    );
    expect(probe[0]).toMatchObject({ lines: 5, states: 1 });
  });

  it(`no function is over ${MAX_LINES} lines`, () => {
    expect(fns.filter((f) => f.lines > MAX_LINES).map((f) => `${f.where} (${f.lines} lines)`)).toEqual([]);
  });

  it(`no component or hook has more than ${MAX_STATES} useState`, () => {
    expect(fns.filter((f) => f.states > MAX_STATES).map((f) => `${f.where} (${f.states} useState)`)).toEqual([]);
  });
});
