#!/usr/bin/env node
// Reruns one test command N times and prints its failure rate: the way to measure a flake before and after a fix.
//   node scripts/repeat-test.mjs 10 -- npx vitest run --project unit test/unit/core/storage/state-db-processes.test.ts
//   node scripts/repeat-test.mjs 3 -- npx playwright test -c playwright.config.ts test/ui/a11y-announce.spec.ts -g bulk
// Each run's exit code decides; the output of failed runs is kept in .tmp/repeat/run-<k>.log.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
const sep = args.indexOf('--');
const n = Number(args[0]);
if (!(Number.isInteger(n) && n > 0) || sep !== 1 || args.length < 3) {
  console.error('usage: node scripts/repeat-test.mjs N -- command [args…]');
  process.exit(2);
}
const [cmd, ...rest] = args.slice(2);
mkdirSync('.tmp/repeat', { recursive: true });
let failed = 0;
const started = Date.now();
for (let k = 1; k <= n; k++) {
  const t = Date.now();
  const r = spawnSync(cmd, rest, { encoding: 'utf8', shell: process.platform === 'win32', maxBuffer: 256 << 20 });
  const ok = r.status === 0;
  if (!ok) {
    failed++;
    writeFileSync(`.tmp/repeat/run-${k}.log`, `${r.stdout ?? ''}\n${r.stderr ?? ''}`);
  }
  console.log(
    `run ${k}/${n}: ${ok ? 'passed' : `FAILED (exit ${r.status ?? r.signal}), output in .tmp/repeat/run-${k}.log`} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
}
const rate = ((failed / n) * 100).toFixed(1);
console.log(`${failed} of ${n} runs failed (${rate} %) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(failed > 0 ? 1 : 0);
