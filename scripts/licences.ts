// The third-party packages the app ships, with their licences, for About (generated at build time, never
// hand-kept). From package-lock.json: the dependency closure of package.json's `dependencies` (shipped in the
// app's node_modules) and of every package the renderer or shared/ imports (bundled into the renderer and the main
// process, devDependencies too: d3-geo, topojson-client and world-atlas draw the report's map), as installed on this machine
// (of the platform-specific optional packages, only the one installed ships). Electron itself is listed too.
// The renderer gets it through the `virtual:about` module (electron.vite.config.ts).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ShippedPackage {
  name: string;
  version: string;
  licence: string;
}

interface LockEntry {
  version?: string;
  license?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Bare package names imported by the files under `dir` (e.g. "react" for 'react-dom/client' → "react-dom"). */
export function importedPackages(dir: string): string[] {
  const names = new Set<string>();
  const walk = (d: string): void => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(f) && !f.endsWith('.d.ts')) {
        for (const m of readFileSync(p, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'([^'.][^']*)'/g)) {
          const spec = m[1]!;
          if (spec.startsWith('virtual:') || spec.startsWith('node:')) continue;
          const parts = spec.split('/');
          names.add(spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!);
        }
      }
    }
  };
  walk(dir);
  return [...names].sort();
}

export function shippedPackages(root: string): ShippedPackage[] {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const own = lock.packages[''] ?? {};
  const installed = (name: string) => existsSync(join(root, 'node_modules', name, 'package.json'));
  const queue = [
    ...Object.keys(own.dependencies ?? {}),
    ...importedPackages(join(root, 'renderer', 'src')),
    ...importedPackages(join(root, 'shared')),
  ];
  const seen = new Map<string, ShippedPackage>();
  while (queue.length > 0) {
    const name = queue.shift()!;
    if (seen.has(name) || !installed(name)) continue;
    const entry = lock.packages[`node_modules/${name}`] ?? {};
    const pkg = JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
      license?: string;
    };
    seen.set(name, {
      name,
      version: entry.version ?? pkg.version ?? '?',
      licence: entry.license ?? pkg.license ?? 'see the package',
    });
    queue.push(...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}));
  }
  const electron = lock.packages['node_modules/electron'];
  if (electron?.version)
    seen.set('electron', { name: 'electron', version: electron.version, licence: electron.license ?? 'MIT' });
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** The source of `virtual:about`: the app's version and the shipped packages. */
export function aboutModule(root: string): string {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return `export const version = ${JSON.stringify(version)};\nexport const licences = ${JSON.stringify(shippedPackages(root))};\n`;
}
