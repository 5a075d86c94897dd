#!/usr/bin/env node
// Builds the `lookup-tray` command into out/cli/ with esbuild: one small entry (lookup-tray.js, the package's
// `bin`) and lazily loaded chunks per command, its libraries (commander, @inquirer/password, cli-progress, zod …)
// bundled in. Only the keychain binding (@napi-rs/keyring, native) stays external: it is a runtime dependency.
// `npm run build` runs it after electron-vite; `npm pack` runs it through `prepack`.
// out/cli/ is also a package of its own (`npm pack ./out/cli`): its package.json names the one runtime dependency the
// bundle has, so `npm install -g` of it brings the keychain binding and nothing of the app's.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
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

await build({
  plugins: [lazyChildProcess],
  entryPoints: { 'lookup-tray': 'electron/cli/main.ts' },
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
