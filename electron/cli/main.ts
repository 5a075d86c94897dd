#!/usr/bin/env node
/**
 * `lookup-tray`: the entry point (the package's bin). It only turns on Node's compile cache — later starts reuse
 * V8's compiled code of the bundle, most of what a cold start costs — and then loads the command line (run.ts).
 * ESM evaluates static imports first, so everything else is imported dynamically, after this.
 */
import module from 'node:module';

if (Number(process.versions.node.split('.')[0]) < 24) {
  // node:sqlite (the shared state.db) comes with Node 24, the Node of Electron 45.
  process.stderr.write(`lookup-tray: needs Node.js 24 or newer (this is ${process.version}).\n`);
  process.exit(1);
}
module.enableCompileCache?.();
await import('./run');
