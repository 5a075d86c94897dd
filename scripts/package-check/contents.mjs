// What app.asar may contain: the checks of the packaging check that read the archive.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { findSecrets, SECRET_FILE } from './secrets.mjs';

const listed = (xs, n = 5) =>
  xs.length ? `${xs.slice(0, n).join(', ')}${xs.length > n ? ` … (+${xs.length - n})` : ''}` : '';

/** Every entry of the archive's header: { path (no leading slash), dir, unpacked }. */
export function archiveEntries(asar, archive) {
  const entries = [];
  const walk = (node, prefix) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      const dir = Boolean(child.files);
      entries.push({ path, dir, unpacked: Boolean(child.unpacked) });
      if (dir) walk(child, path);
    }
  };
  walk(asar.getRawHeader(archive).header, '');
  return entries;
}

/** Names of the installed packages reachable from package.json dependencies (+ optional ones), resolved like Node. */
export function productionClosure(root, pkg) {
  const names = new Set();
  const seen = new Set();
  const visit = (name, fromDir) => {
    for (let d = fromDir; ; d = dirname(d)) {
      const manifest = join(d, 'node_modules', name, 'package.json');
      if (existsSync(manifest)) {
        if (seen.has(manifest)) return;
        seen.add(manifest);
        names.add(name);
        const p = JSON.parse(readFileSync(manifest, 'utf8'));
        for (const dep of Object.keys({ ...p.dependencies, ...p.optionalDependencies })) visit(dep, dirname(manifest));
        return;
      }
      if (d === root || d === dirname(d)) return; // not installed (e.g. another platform's optional binary)
    }
  };
  for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.optionalDependencies })) visit(dep, root);
  return names;
}

/** Runs every content check on `archive`, reporting through `check(name, ok, detail)`; returns notes. */
export function inspectContents({ asar, archive, root, pkg, check }) {
  const entries = archiveEntries(asar, archive);
  const files = entries.filter((e) => !e.dir);
  const paths = files.map((e) => e.path);
  const unpackedDir = `${archive}.unpacked`;
  const notes = [
    `app.asar: ${files.length} files (${files.filter((f) => f.unpacked).length} unpacked), ${(statSync(archive).size / 1e6).toFixed(1)} MB`,
  ];

  // the app part: only the electron-vite build and package.json
  const top = [...new Set(entries.map((e) => e.path.split('/')[0]))];
  const extraTop = top.filter((t) => !['out', 'package.json', 'node_modules'].includes(t));
  check('asar: top level is only out/, package.json, node_modules/', extraTop.length === 0, listed(extraTop));
  const strays = paths.filter((p) => !p.startsWith('node_modules/') && p !== 'package.json' && !p.startsWith('out/'));
  check('asar: the app part is only out/** and package.json', strays.length === 0, listed(strays));
  // `main` as written (./out/main/main.js: the ./ keeps npm pack from shipping the app bundle) is a path in the asar.
  const main = posix.normalize(pkg.main ?? 'out/main/main.js');
  const needed = [main, 'out/renderer/index.html'].filter((p) => !paths.includes(p));
  if (!paths.some((p) => p.startsWith('out/preload/'))) needed.push('out/preload/*');
  check('asar: built main entry, preload and renderer inside', needed.length === 0, listed(needed));
  const sourceDirs = top.filter((t) =>
    ['electron', 'renderer', 'shared', 'test', 'scripts', 'bench', 'build'].includes(t),
  );
  check('asar: no electron/, renderer/, shared/, test/ source dirs', sourceDirs.length === 0, listed(sourceDirs));

  // nothing that is only for development
  const maps = paths.filter((p) => p.endsWith('.map'));
  check('asar: no source maps (*.map)', maps.length === 0, listed(maps));
  const ts = paths.filter((p) => /\.(ts|tsx|mts|cts)$/.test(p));
  check('asar: no TypeScript sources (*.ts, *.tsx, *.d.ts, *.d.mts, *.d.cts)', ts.length === 0, listed(ts));
  const tests = paths.filter(
    (p) => /(^|\/)(test|tests|__tests__|spec|specs)\//.test(p) || /\.(test|spec)\.[cm]?[jt]sx?$/.test(p),
  );
  check('asar: no tests (test dirs, *.test.*, *.spec.*)', tests.length === 0, listed(tests));

  // production dependencies only
  const prod = productionClosure(root, pkg);
  const packaged = [
    ...new Set(
      entries
        .filter((e) => e.dir)
        .map((e) => e.path.match(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/@][^/]*)$/)?.[1])
        .filter(Boolean),
    ),
  ];
  const notProd = packaged.filter((n) => !prod.has(n));
  check('asar: node_modules holds production dependencies only', notProd.length === 0, listed(notProd));
  const devOnly = Object.keys(pkg.devDependencies ?? {}).filter((n) => !prod.has(n));
  const devFound = devOnly.filter((n) => packaged.includes(n));
  check(
    `asar: none of the ${devOnly.length} devDependencies (vitest, playwright, electron-builder, …)`,
    devFound.length === 0,
    listed(devFound),
  );
  const missing = Object.keys(pkg.dependencies ?? {}).filter((n) => !packaged.includes(n));
  check('asar: every production dependency packaged', missing.length === 0, listed(missing));

  // the keychain binding: the prebuilt binary for this platform lives outside the asar, the loader next to it
  const native = files.filter((f) => f.path.endsWith('.node'));
  const packedNative = native.filter((f) => !f.unpacked).map((f) => f.path);
  check('native: every *.node file is unpacked from the asar', packedNative.length === 0, listed(packedNative));
  const bin = native.find((f) => /^node_modules\/@napi-rs\/keyring-linux-x64-[^/]+\/[^/]+\.node$/.test(f.path));
  const onDisk = bin && join(unpackedDir, bin.path);
  const elf =
    onDisk && existsSync(onDisk) && readFileSync(onDisk).subarray(0, 4).equals(Buffer.from('\x7fELF', 'latin1'));
  check(
    'native: @napi-rs/keyring-linux-x64-* binary in app.asar.unpacked (an ELF file)',
    elf,
    bin ? `${bin.path} not on disk or not ELF` : 'no node_modules/@napi-rs/keyring-linux-x64-*/*.node in the archive',
  );
  const loader = files.find((f) => f.path === 'node_modules/@napi-rs/keyring/index.js');
  check(
    'native: @napi-rs/keyring loader packaged',
    loader && (!loader.unpacked || existsSync(join(unpackedDir, loader.path))),
  );

  // secrets, by file name and by content, in every packaged file (inside the asar and unpacked)
  const secretFiles = paths.filter((p) => SECRET_FILE.test(p));
  check('secrets: no .env, .npmrc, key or certificate files', secretFiles.length === 0, listed(secretFiles));
  const hits = [];
  for (const f of files) {
    if (f.path.endsWith('.node')) continue;
    const buf = f.unpacked ? readFileSync(join(unpackedDir, f.path)) : asar.extractFile(archive, f.path);
    for (const hit of findSecrets(buf.toString('latin1'))) hits.push(`${f.path}: ${hit}`);
  }
  check(`secrets: no keys or private keys in the ${files.length} packaged files`, hits.length === 0, listed(hits));
  return notes;
}
