#!/usr/bin/env node
// `npm run test:explore -- --minutes 10 [--runs 200]`: the model-based test with NEW random seeds, one after another,
// until one fails or the time is up. `npm test` runs only the fixed GATE_SEEDS (one commit always decides the same);
// this is where new seeds are tried. A failure prints its replay line (MODEL_SEED, MODEL_PATH): fix the defect,
// keep it as a named regression test, and add the seed to GATE_SEEDS if it guards something the others do not.
import { spawnSync } from 'node:child_process';
import { randomInt } from 'node:crypto';

const TEST = 'test/unit/core/app/app-core.model.test.ts';
const arg = (name, dflt) => {
  const k = process.argv.indexOf(`--${name}`);
  const v = k >= 0 ? Number(process.argv[k + 1]) : dflt;
  if (!(v > 0)) {
    console.error(`usage: npm run test:explore -- [--minutes N] [--runs N]  (bad --${name})`);
    process.exit(2);
  }
  return v;
};
const minutes = arg('minutes', 10);
const runs = arg('runs', 200);
const until = Date.now() + minutes * 60_000;
let tried = 0;
while (Date.now() < until) {
  const seed = randomInt(2 ** 31);
  tried++;
  const t = Date.now();
  const r = spawnSync('npx', ['vitest', 'run', '--project', 'unit', TEST], {
    encoding: 'utf8',
    env: { ...process.env, MODEL_SEED: String(seed), MODEL_RUNS: String(runs) },
    shell: process.platform === 'win32',
    maxBuffer: 256 << 20,
  });
  const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`;
  if (r.status !== 0) {
    const lines = out.split('\n').filter((l) => /Counterexample|replayPath|Caused by|model test:|blocked/.test(l));
    console.log(`seed ${seed}: FAILED after ${((Date.now() - t) / 1000).toFixed(0)} s`);
    for (const l of lines) console.log(`  ${l.trim()}`);
    const path = /replayPath="([^"]*)"/.exec(out)?.[1];
    console.log(
      `replay: MODEL_SEED=${seed} MODEL_RUNS=${runs}${path ? ` MODEL_PATH="${path}"` : ''} npx vitest run --project unit ${TEST}`,
    );
    process.exit(1);
  }
  console.log(`seed ${seed}: ${runs} sequences passed in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}
console.log(`${tried} new seeds × ${runs} sequences: no invariant broken in ${minutes} min`);
