#!/usr/bin/env node
// Security gate: runs @doyensec/electronegativity over the BUILT app (out/, after `npx electron-vite build`)
// and fails on any MEDIUM or HIGH finding. The CLI itself exits 0 whatever it finds, so this reads its CSV
// report. A finding can only pass through an explicit ALLOW entry below, each with its reason.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

const ROOT = process.cwd();
const INPUT = 'out';
const REPORT = '.tmp/electronegativity.csv';
/**
 * What is scanned: a copy of the Electron app's bundles (out/main, out/preload, out/renderer) laid out as in out/,
 * so findings name out/main/main.js etc. The command line's bundle (out/cli) is plain Node that never runs inside
 * Electron and is not in the installers (electron-builder.yml leaves it out), so it is not the app's surface.
 */
const STAGE = '.tmp/electronegativity-scan';
const APP_PARTS = ['main', 'preload', 'renderer'];
const BIN = join(
  ROOT,
  'node_modules',
  '.bin',
  process.platform === 'win32' ? 'electronegativity.cmd' : 'electronegativity',
);
const FAILING = new Set(['MEDIUM', 'HIGH', 'CRITICAL']);

/**
 * Reviewed findings. Each entry matches one check in one built file whose code sample contains `sample`.
 * Keep them narrow: a new call site of the same kind is a new finding and fails the run until reviewed.
 */
const ALLOW = [
  {
    check: 'PRELOAD_JS_CHECK',
    file: 'out/main/main.js',
    sample: 'preload: opts.preloadPath',
    reason:
      'Reviewed preload (electron/preload.ts): runs sandboxed with contextIsolation, exposes only one explicit method per ' +
      'capability plus one subscription per event through contextBridge, never ipcRenderer or a generic invoke; ' +
      'test/wiring/preload.test.ts asserts the exact exposed surface.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'out/main/main.js',
    sample: 'shell.openExternal(new URL(url).toString())',
    reason:
      'electron/shell/external.ts: only reached after isAllowedExternalUrl (https, no credentials, host on the allow-list); ' +
      'test/wiring/shell-adapters.test.ts proves http, file:, javascript:, look-alike hosts and credentials are refused.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'out/main/main.js',
    sample: 'await deps.openExternal(url)',
    reason:
      'electron/core/app/handlers/app-handlers.ts calls the openExternal port only after its own check against the fixed allow-list (core/app/external-links.ts); ' +
      'the port is the guarded shell function above.',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'out/main/main.js',
    sample: 'core.handlers.openExternal({ url: a.url })',
    reason:
      'electron/shell/tray.ts: the tray\'s "Lookup Tray X is available — Download" item of an unsigned build goes through ' +
      "the core's openExternal handler, which opens only the allow-listed release page of one fixed shape " +
      '(https://github.com/<owner>/<repo>/releases/tag/v<version>: core/app/external-links.ts and its tests).',
  },
  {
    check: 'OPEN_EXTERNAL_JS_CHECK',
    // The renderer bundle's name carries a content hash.
    file: /^out\/renderer\/assets\/index-[\w-]+\.js$/,
    // The scanner's code sample is a window of the minified line that may not reach the call itself: any
    // openExternal in the renderer is the bridge method, since the sandboxed renderer has no shell API at all.
    sample: '',
    reason:
      'The window\'s "Map" button and Settings → App\'s "Lookup Tray X is available — Download" link call the ' +
      'openExternal IPC capability of window.lookupTray (no shell access in the ' +
      'sandboxed renderer); the core opens only allow-listed links of one fixed OpenStreetMap or release-page shape ' +
      '(shared/map-link.ts, core/app/external-links.ts; test/unit/core/app/external-links.test.ts).',
  },
];

function electronVersion() {
  try {
    return JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** RFC 4180-ish CSV: quoted fields may hold commas, quotes ("") and newlines. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

function main() {
  if (!existsSync(join(INPUT, 'main', 'main.js')) || !existsSync(join(INPUT, 'preload'))) {
    console.error(
      `electronegativity: ${INPUT}/main/main.js or ${INPUT}/preload is missing — run \`npx electron-vite build\` first.`,
    );
    return 1;
  }
  if (!existsSync(BIN)) {
    console.error('electronegativity: node_modules/.bin/electronegativity not found (npm ci?).');
    return 1;
  }
  mkdirSync('.tmp', { recursive: true });
  rmSync(REPORT, { force: true });
  // Without -e the tool cannot tell the version offline and assumes v0.1.0 (e.g. the long-removed remote module).
  const version = electronVersion();
  rmSync(STAGE, { recursive: true, force: true });
  for (const part of APP_PARTS)
    if (existsSync(join(INPUT, part))) cpSync(join(INPUT, part), join(STAGE, INPUT, part), { recursive: true });
  const scanned = join(STAGE, INPUT);
  const args = ['-i', scanned, '-o', REPORT, '-r', ...(version ? ['-e', version] : [])];
  console.log(`electronegativity ${args.join(' ')}`);
  // Run its entry with this Node and the offline preload (see scripts/electronegativity-offline.cjs).
  const entry = join(ROOT, 'node_modules', '@doyensec', 'electronegativity', 'dist', 'index.js');
  const preload = join(ROOT, 'scripts', 'electronegativity-offline.cjs');
  const r = spawnSync(process.execPath, ['--require', preload, entry, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
  });
  if (r.status !== 0 || !existsSync(REPORT)) {
    console.error(r.stdout, r.stderr);
    console.error(`electronegativity: the scan did not complete (exit ${r.status}); no report at ${REPORT}.`);
    return 1;
  }

  const [header, ...rows] = parseCsv(readFileSync(REPORT, 'utf8'));
  const col = (name) => header.findIndex((h) => h.trim().toLowerCase() === name);
  const idx = {
    check: col('issue'),
    severity: col('severity'),
    confidence: col('confidence'),
    file: col('filename'),
    location: col('location'),
    sample: col('sample'),
    description: col('description'),
  };
  if (Object.values(idx).some((i) => i < 0)) {
    console.error(`electronegativity: unexpected report header: ${header.join(',')}`);
    return 1;
  }
  const findings = rows.map((row) => {
    const f = Object.fromEntries(Object.entries(idx).map(([k, i]) => [k, (row[i] ?? '').trim()]));
    f.file = relative(join(ROOT, STAGE), isAbsolute(f.file) ? f.file : join(ROOT, scanned, f.file))
      .split('\\')
      .join('/'); // -r: relative to the scanned folder; named as in out/
    f.severity = f.severity.toUpperCase();
    return f;
  });

  const used = new Set();
  const allowedBy = (f) =>
    ALLOW.findIndex(
      (a) =>
        a.check === f.check &&
        (a.file instanceof RegExp ? a.file.test(f.file) : a.file === f.file) &&
        f.sample.includes(a.sample),
    );
  const blocking = [];
  const allowed = [];
  const minor = [];
  for (const f of findings) {
    if (!FAILING.has(f.severity)) minor.push(f);
    else {
      const a = allowedBy(f);
      if (a >= 0) {
        used.add(a);
        allowed.push([f, ALLOW[a]]);
      } else blocking.push(f);
    }
  }
  const show = (f) =>
    `  ${f.severity.padEnd(6)} ${f.check} ${f.file}:${f.location} — ${f.description}${f.sample && f.sample !== 'N/A' ? `\n         ${f.sample}` : ''}`;

  if (minor.length) console.log(`\nLow/informational findings (not failing):\n${minor.map(show).join('\n')}`);
  if (allowed.length)
    console.log(
      `\nReviewed and allowed:\n${allowed.map(([f, a]) => `${show(f)}\n         allowed: ${a.reason}`).join('\n')}`,
    );
  const stale = ALLOW.filter((_, i) => !used.has(i));
  if (stale.length)
    console.log(
      `\nNote: allow-list entries that matched nothing (remove them?): ${stale.map((a) => `${a.check} "${a.sample}"`).join('; ')}`,
    );
  if (blocking.length) console.log(`\nMEDIUM/HIGH findings:\n${blocking.map(show).join('\n')}`);
  console.log(
    `\nelectronegativity: ${findings.length} findings — ${blocking.length} failing (medium/high), ${allowed.length} allowed after review, ${minor.length} low/informational. Report: ${REPORT}`,
  );
  return blocking.length > 0 ? 1 : 0;
}

process.exit(main());
