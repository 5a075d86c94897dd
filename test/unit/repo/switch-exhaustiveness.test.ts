import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * A new member of a union fails the checks in every switch that must handle it: the repository's own ESLint config
 * runs typescript-eslint's switch-exhaustiveness-check (a `default:` does not stand in for a missing member), and
 * tsconfig.json has noImplicitReturns. Snippets linted as if they were a file of the app (its text replaced), so a
 * config change that stops enforcing either fails here.
 */

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const AS_FILE = 'shared/assert-never.ts';
let eslint: ESLint;

beforeAll(() => {
  // The repository's config with its rule options, but a TypeScript project of the one file the snippets stand in
  // for (the whole project takes half a minute to load on a busy machine).
  const dir = mkdtempSync(join(tmpdir(), 'switch-check-'));
  const project = join(dir, 'tsconfig.json');
  writeFileSync(
    project,
    JSON.stringify({ extends: join(ROOT, 'tsconfig.json'), files: [join(ROOT, AS_FILE)], include: [] }),
  );
  eslint = new ESLint({
    cwd: ROOT,
    overrideConfig: {
      // disallowAutomaticSingleRunInference: with CI=true (as on CI) typescript-eslint would otherwise build the
      // program once from the files on disk and type the file's text there, not the snippet given to lintText.
      languageOptions: {
        parserOptions: { projectService: false, project, disallowAutomaticSingleRunInference: true },
      },
      rules: { 'import-x/no-cycle': 'off' },
    },
  });
  return () => rmSync(dir, { recursive: true, force: true });
});

async function switchFindings(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, AS_FILE) });
  if (!result) throw new Error('no lint result');
  const fatal = result.messages.filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('\n'));
  return result.messages
    .filter((m) => m.ruleId === '@typescript-eslint/switch-exhaustiveness-check')
    .map((m) => m.message);
}

const UNION = "type Kind = 'ok' | 'forbidden' | 'new-kind';\n";

// The first lint builds a TypeScript program: about 2 s on an idle machine, over 20 s at a load average of 12.
describe('switches over a union (eslint.config.js, tsconfig.json)', { timeout: 60_000 }, () => {
  it('a missing member is named, even behind a default', async () => {
    const found = await switchFindings(
      `${UNION}export function f(k: Kind): number {\n  switch (k) {\n    case 'ok':\n      return 0;\n    case 'forbidden':\n      return 6;\n    default:\n      return 1;\n  }\n}\n`,
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('"new-kind"');
  });

  it('a switch naming every member passes, with or without an assertNever default', async () => {
    const cases = "    case 'ok':\n      return 0;\n    case 'forbidden':\n    case 'new-kind':\n      return 6;\n";
    expect(
      await switchFindings(`${UNION}export function f(k: Kind): number {\n  switch (k) {\n${cases}  }\n}\n`),
    ).toEqual([]);
    expect(
      await switchFindings(
        `${UNION}declare function assertNever(v: never): never;\nexport function f(k: Kind): number {\n  switch (k) {\n${cases}    default:\n      return assertNever(k);\n  }\n}\n`,
      ),
    ).toEqual([]);
  });

  it('a function that returns on some paths only fails the typecheck (noImplicitReturns)', () => {
    const config = ts.parseConfigFileTextToJson('tsconfig.json', readFileSync(join(ROOT, 'tsconfig.json'), 'utf8'));
    const { options } = ts.convertCompilerOptionsFromJson(config.config.compilerOptions, ROOT);
    expect(options.noImplicitReturns).toBe(true);
    const file = 'snippet.ts';
    const text = `${UNION}export function f(k: Kind): number | undefined {\n  if (k === 'ok') return 0;\n}\n`;
    const host = ts.createCompilerHost(options);
    const read = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang) =>
      name === file ? ts.createSourceFile(file, text, ts.ScriptTarget.ES2023) : read(name, lang);
    const program = ts.createProgram([file], { ...options, noEmit: true, types: [], lib: ['lib.es2023.d.ts'] }, host);
    const codes = program.getSemanticDiagnostics(program.getSourceFile(file)).map((d) => d.code);
    expect(codes).toContain(7030); // "Not all code paths return a value."
  });
});
