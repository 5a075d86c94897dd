#!/usr/bin/env node
// Builds the `lookup-tray` command into out/cli/ with esbuild: one small entry (lookup-tray.js, the package's
// `bin`) and lazily loaded chunks per command, its libraries (commander, @inquirer/password, cli-progress, zod …)
// bundled in. Only the keychain binding (@napi-rs/keyring, native) stays external: it is a runtime dependency.
// `npm run build` runs it after electron-vite; `npm pack` runs it through `prepack`.
// out/cli/ is also a package of its own (`npm pack ./out/cli`): its package.json names the one runtime dependency the
// bundle has, so `npm install -g` of it brings the keychain binding and nothing of the app's.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const outdir = new URL('../out/cli/', import.meta.url).pathname;
rmSync(outdir, { recursive: true, force: true });

/**
 * commander imports node:child_process for sub-commands that are separate executables, which lookup-tray does not
 * have; loading that built-in is a good part of a cold start. Its import becomes a proxy that loads it on first use.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(b) {
    b.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]commander[\\/]/.test(args.importer) ? { path: 'lazy-child-process', namespace: 'lazy' } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy' }, () => ({
      contents:
        "export default new Proxy({}, { get: (_, name) => process.getBuiltinModule('node:child_process')[name] });",
      loader: 'js',
    }));
  },
};

/**
 * Built-ins that Node has not loaded at start and a command may not need (node:crypto: a data folder's id, a job's
 * id): their functions load them on the first call. (Only their functions may be imported.)
 */
const LOADED_ON_USE = new Set(['node:crypto']);

/**
 * Every other Node built-in comes from process.getBuiltinModule(), exporting only the names its importer imports. An
 * ESM import of a built-in makes a facade that reads every one of its exports, and some are lazy getters that load
 * more: node:util's `diff` loads util's diff, its colours and a stderr stream (node:stream with it); node:crypto's
 * `webcrypto` all of WebCrypto; node:process's `stdin`, `stdout`, `stderr` their streams. Those were a fifth of a
 * `lookup-tray quota`'s CPU time. A require() of a built-in gets the module object itself; `import * as` stays as it is.
 */
const builtinsByName = {
  name: 'builtins-by-name',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) => {
      if (args.path === 'node:child_process' || args.path === 'node:module') return undefined;
      if (args.kind === 'require-call') return { path: args.path, namespace: 'builtin-cjs' };
      if (args.kind !== 'import-statement') return undefined; // import(): Node's own module (loaded when used)
      const source = readFileSync(args.importer, 'utf8');
      const names = new Set();
      const spec = args.path.replace(/[/]/g, '\\/');
      for (const m of source.matchAll(new RegExp(`import\\s+([^'";]+?)\\s+from\\s+['"]${spec}['"]`, 'g'))) {
        const clause = m[1].trim();
        if (clause.startsWith('type ')) continue;
        if (/\*\s+as\s/.test(clause)) return undefined; // a namespace: the plain import (prompts only)
        const named = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
        for (const part of named.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0];
          if (name && !part.trim().startsWith('type ')) names.add(name);
        }
      }
      return { path: `${args.path}#${[...names].sort().join(',')}`, namespace: 'builtin-esm' };
    });
    b.onLoad({ filter: /.*/, namespace: 'builtin-cjs' }, (args) => ({
      contents: `module.exports = process.getBuiltinModule(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
    b.onLoad({ filter: /.*/, namespace: 'builtin-esm' }, (args) => {
      const [name, list] = args.path.split('#');
      const names = list ? list.split(',') : [];
      return {
        contents: [
          LOADED_ON_USE.has(name)
            ? 'const m = undefined;'
            : `const m = process.getBuiltinModule(${JSON.stringify(name)});`,
          'export default m;',
          ...names.map((k) => {
            if (!LOADED_ON_USE.has(name)) return `export const ${k} = m.${k};`;
            if (typeof process.getBuiltinModule(name)[k] !== 'function')
              throw new Error(`${name} is loaded on use: import its functions only, not ${k}`);
            return `export const ${k} = (...a) => process.getBuiltinModule(${JSON.stringify(name)}).${k}(...a);`;
          }),
        ].join('\n'),
        loader: 'js',
      };
    });
  },
};

await build({
  plugins: [lazyChildProcess, builtinsByName],
  entryPoints: { 'lookup-tray': 'electron/cli/main.ts', 'chunks/read-worker': 'electron/cli/read-worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  external: ['@napi-rs/keyring', 'electron'],
  chunkNames: 'chunks/[name]-[hash]',
  define: { __LOOKUP_TRAY_VERSION__: JSON.stringify(pkg.version) },
  // Bundled CommonJS libraries (cli-progress) call require() for Node's built-ins.
  banner: {
    js: "import { createRequire as __ltCreateRequire } from 'node:module'; const require = __ltCreateRequire(import.meta.url);",
  },
  legalComments: 'linked',
  minify: true,
  logLevel: 'warning',
});
// Built-ins reach the bundle through builtinsByName; an ESM import of another (a facade and its getters at every start)
// fails the build. node:readline: the password prompt's library imports it whole, in the prompt's own chunk.
const FACADES_ALLOWED = new Set(['node:module', 'node:readline']);
for (const file of readdirSync(outdir, { recursive: true }).filter((f) => String(f).endsWith('.js'))) {
  const code = readFileSync(new URL(String(file), new URL('../out/cli/', import.meta.url)), 'utf8');
  for (const [, name] of code.matchAll(/(?:from|import)\s*["'](node:[\w/]+)["']/g))
    if (!FACADES_ALLOWED.has(name))
      throw new Error(`out/cli/${file} imports ${name} as an ES module: see builtinsByName`);
}

const keyring = '@napi-rs/keyring';
const manifest = {
  name: pkg.name,
  version: pkg.version,
  description: pkg.description,
  author: pkg.author,
  homepage: pkg.homepage,
  license: pkg.license,
  type: 'module',
  bin: { 'lookup-tray': 'lookup-tray.js' },
  engines: pkg.engines,
  dependencies: { [keyring]: pkg.dependencies[keyring] },
};
writeFileSync(
  new URL('package.json', new URL('../out/cli/', import.meta.url)),
  `${JSON.stringify(manifest, null, 2)}\n`,
);
console.log(`built ${outdir}lookup-tray.js (a package of its own: npm pack ./out/cli)`);
