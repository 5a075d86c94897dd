#!/usr/bin/env node
/**
 * `lookup-tray`: the entry point (the package's bin). It only turns on Node's compile cache — later starts reuse
 * V8's compiled code of the bundle, most of what a cold start costs — and then loads the command line (run.ts).
 * ESM evaluates static imports first, so everything else is imported dynamically, after this.
 */
import module from 'node:module';
import { tooOldNode } from './node-version';

const tooOld = tooOldNode(process.version);
if (tooOld !== null) {
  // node:sqlite (the shared state.db) as Electron 45's Node has it: package.json's engines, ">=24.15".
  process.stderr.write(`${tooOld}\n`);
  process.exit(1);
}
module.enableCompileCache?.();
await import('./run');
