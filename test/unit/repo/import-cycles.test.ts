/**
 * No module of the app imports, through any chain, one that imports it: eslint.config.js turns on import-x/no-cycle
 * for value imports; this test also follows type-only imports (`import type`, which that rule skips) and dynamic
 * `import()`, reading each file's imports with TypeScript's own pre-processor (ts.preProcessFile). A cycle fails
 * with the chain of files, e.g. "electron/cli/program.ts -> electron/cli/handlers/quota.ts -> electron/cli/program.ts".
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')
        ? [join(dir, e.name)]
        : [],
  );
}

/** The relative imports of `file` (values, types and dynamic), resolved to repository paths. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .flatMap((spec) => {
      const base = join(dirname(file), spec);
      const found = ['.ts', '.tsx', '/index.ts', '/index.tsx', '']
        .map((ext) => base + ext)
        .find((p) => /\.tsx?$/.test(p) && existsSync(join(ROOT, p)));
      return found ? [found] : [];
    });
}

/** One cycle of the graph, as the chain of files that closes it, or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (f: string): string[] | null => {
    state.set(f, 'open');
    path.push(f);
    for (const dep of graph.get(f) ?? []) {
      if (state.get(dep) === 'open') return [...path.slice(path.indexOf(dep)), dep];
      if (!state.has(dep)) {
        const found = visit(dep);
        if (found) return found;
      }
    }
    path.pop();
    state.set(f, 'done');
    return null;
  };
  for (const f of graph.keys())
    if (!state.has(f)) {
      const found = visit(f);
      if (found) return found;
    }
  return null;
}

describe('import cycles', () => {
  const files = ['electron', 'shared', 'renderer/src', 'scripts', 'bench'].flatMap(sources);
  const graph = new Map(files.map((f) => [f, importsOf(f)]));

  it('reads the imports it checks (type-only and dynamic ones too)', () => {
    expect(files.length).toBeGreaterThan(150);
    // settings.ts imports the schema's types only; the command line loads its commands with import().
    expect(graph.get(join('shared', 'settings.ts'))).toContain(join('shared', 'settings-schema.ts'));
    expect(graph.get(join('electron', 'cli', 'commands', 'quota.ts'))).toContain(
      join('electron', 'cli', 'handlers', 'quota.ts'),
    );
  });

  it('finds a cycle when there is one', () => {
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a', 'b', 'c', 'a']);
    expect(
      findCycle(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toBeNull();
  });

  it('there is none in the app, the scripts or the benchmarks', () => {
    const cycle = findCycle(graph);
    expect(cycle?.map((f) => relative('.', f)).join(' -> ') ?? null).toBeNull();
  });
});
