#!/usr/bin/env node
// Packaging check with the REAL Electron, for the hosted CI jobs (where Electron downloads): electron-builder for this
// system (macOS: the zip, Windows: the nsis installer, Linux: --dir — the targets for which electron-builder writes
// app-update.yml; no signing secrets), then
//   - app.asar holds the built app (main, preload, renderer) and electron-updater, and not the CLI;
//   - the keychain binding for this system and architecture is unpacked next to the asar;
//   - electron-builder flipped the fuses in the real Electron binary (read back with @electron/fuses);
//   - resources/app-update.yml names the GitHub feed electron-updater will read (owner/repo from the checkout);
//   - macOS: the app's code signature is valid after the fuses were flipped (ad hoc without signing secrets:
//     electronFuses.resetAdHocDarwinSignature), or Apple silicon refuses to launch it.
// The Linux check against a stand-in Electron (scripts/check-package.mjs) is the one `npm test` runs everywhere.
// Usage: node scripts/check-package-host.mjs [--electron-dist DIR] [--keep DIR]   (builds out/ first when missing)
//   --keep DIR: pack into DIR and keep it (test/electron/packaged-app.spec.ts launches the packaged app from there).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { hostBuildArgs, packageBin } from './package-check/host-target.mjs';
import { FUSE_NAMES } from './package-check/stand-in-electron.mjs';

const require = createRequire(join(process.cwd(), 'package.json'));
const asar = require('@electron/asar');
const { getCurrentFuseWire, FuseV1Options } = require('@electron/fuses');
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

const WANT_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  grantFileProtocolExtraPrivileges: false,
};
const TARGET = hostBuildArgs(process.platform);
if (!TARGET) {
  console.error(`check-package-host: no electron-builder target for ${process.platform}`);
  process.exit(1);
}

const results = [];
const check = (name, ok, detail = '') => results.push({ name, ok: Boolean(ok), detail: String(detail) });

if (!existsSync('out/main/main.js') || !existsSync('out/renderer/index.html')) {
  // electron-vite's `exports` hide bin/ from require.resolve (ERR_PACKAGE_PATH_NOT_EXPORTED): its package.json
  // (exported) names the bin.
  const vite = packageBin(require, 'electron-vite');
  const b = spawnSync(process.execPath, [vite, 'build'], { stdio: 'inherit' });
  if (b.status !== 0) {
    console.error('check-package-host: electron-vite build failed');
    process.exit(1);
  }
}

const keepAt = process.argv.indexOf('--keep');
const keep = keepAt > 0 ? resolve(process.argv[keepAt + 1]) : null;
if (keep) {
  rmSync(keep, { recursive: true, force: true });
  mkdirSync(keep, { recursive: true });
}
const work = keep ?? mkdtempSync(join(tmpdir(), 'lookup-tray-pkg-host-'));
try {
  const cli = require.resolve('electron-builder/cli.js');
  const args = [cli, ...TARGET, '--publish', 'never', `-c.directories.output=${work}`];
  // --electron-dist DIR: pack against an Electron dist already on disk (trying this script where none downloads).
  const dist = process.argv.indexOf('--electron-dist');
  if (dist > 0) args.push(`-c.electronDist=${process.argv[dist + 1]}`, '-c.npmRebuild=false');
  const eb = spawnSync(process.execPath, args, {
    encoding: 'utf8',
    timeout: 15 * 60_000,
    env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
  });
  const log = `${eb.stdout ?? ''}${eb.stderr ?? ''}`;
  // mac → mac-arm64/<name>.app (or mac/), win → win-unpacked/, linux → linux-unpacked/
  const unpacked = readdirSync(work).find((d) => /^(mac|win|linux)(-[a-z0-9]+)?(-unpacked)?$/.test(d));
  const root = unpacked ? join(work, unpacked) : null;
  const appBundle = root && process.platform === 'darwin' ? join(root, `${pkg.productName}.app`) : null;
  const resources = !root ? null : appBundle ? join(appBundle, 'Contents', 'Resources') : join(root, 'resources');
  const archive = resources ? join(resources, 'app.asar') : null;
  const packed = eb.status === 0 && archive !== null && existsSync(archive);
  check(
    `pack: electron-builder ${TARGET.join(' ')} (the real Electron)`,
    packed,
    log.trim().split('\n').slice(-20).join('\n'),
  );

  if (packed) {
    const files = asar.listPackage(archive).map((f) => f.replaceAll('\\', '/').replace(/^\//, ''));
    const want = [
      'out/main/main.js',
      'out/preload/preload.cjs',
      'out/renderer/index.html',
      'node_modules/electron-updater/package.json',
    ];
    const missing = want.filter((f) => !files.includes(f));
    check('asar: the built app and electron-updater inside', missing.length === 0, `missing: ${missing.join(', ')}`);
    check('asar: no CLI (out/cli), no source maps', !files.some((f) => f.startsWith('out/cli/') || f.endsWith('.map')));

    const prefix = `@napi-rs/keyring-${process.platform}-${process.arch}`;
    const unpackedModules = join(resources, 'app.asar.unpacked', 'node_modules', '@napi-rs');
    const binding = existsSync(unpackedModules)
      ? readdirSync(unpackedModules).find((d) => `@napi-rs/${d}`.startsWith(prefix))
      : undefined;
    const nodeFile = binding && readdirSync(join(unpackedModules, binding)).find((f) => f.endsWith('.node'));
    check(`native: ${prefix}* unpacked next to the asar`, Boolean(nodeFile), `nothing under ${unpackedModules}`);

    const exe = appBundle ?? join(root, process.platform === 'win32' ? `${pkg.productName}.exe` : pkg.name);
    try {
      const wire = await getCurrentFuseWire(exe);
      const wrong = Object.entries(WANT_FUSES)
        .filter(([k, v]) => wire[FuseV1Options[FUSE_NAMES[k]]] !== (v ? 0x31 : 0x30))
        .map(([k]) => k);
      check('fuses: flipped in the real Electron binary', wrong.length === 0, `not applied: ${wrong.join(', ')}`);
    } catch (e) {
      check('fuses: flipped in the real Electron binary', false, e instanceof Error ? e.message : String(e));
    }

    const feedFile = join(resources, 'app-update.yml');
    const feed = existsSync(feedFile) ? readFileSync(feedFile, 'utf8') : '';
    const repo = process.env.GITHUB_REPOSITORY; // owner/name on GitHub Actions
    const feedOk =
      /^provider: github$/m.test(feed) &&
      (!repo || (feed.includes(`owner: ${repo.split('/')[0]}`) && feed.includes(`repo: ${repo.split('/')[1]}`)));
    check('updates: app-update.yml names the GitHub feed of this repository', feedOk, feed || `${feedFile} missing`);

    if (appBundle) {
      // Flipping the fuses rewrote bytes of the signed Electron framework: without a new signature (ad hoc here,
      // Developer ID in a signed release) Apple silicon kills the app at launch.
      const cs = spawnSync('codesign', ['--verify', '--deep', '--strict', '--verbose=2', appBundle], {
        encoding: 'utf8',
      });
      check(
        'signature: the .app verifies after the fuses were flipped (codesign --verify --deep --strict)',
        cs.status === 0,
        `${cs.stdout ?? ''}${cs.stderr ?? ''}`.trim() || String(cs.error ?? ''),
      );
    }
  }
} finally {
  if (!keep) rmSync(work, { recursive: true, force: true });
}

for (const r of results)
  console.log(
    `${r.ok ? 'PASS' : 'FAIL'}  ${r.name}${!r.ok && r.detail ? `\n      ${r.detail.replace(/\n/g, '\n      ')}` : ''}`,
  );
const failed = results.filter((r) => !r.ok).length;
console.log(
  `\npackaging check (${process.platform}, real Electron): ${failed === 0 ? 'PASS' : 'FAIL'} — ${results.length - failed} of ${results.length}`,
);
process.exit(failed === 0 ? 0 : 1);
