/**
 * `engine-strict` (.npmrc) makes `npm ci` refuse a Node that any installed package's `engines` excludes. So the Node
 * this project says it needs (package.json `engines.node`) must satisfy every package in the lockfile: otherwise a
 * machine with, say, Node 24.10 passes our own check and then fails `npm ci` on a dependency (@inquirer/* needs
 * ^24.15.0 on the 24 line).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

interface Semver {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
}
const semver = createRequire(import.meta.url)('semver') as Semver; // npm's own range logic (a dependency of many)

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

describe('the Node this project needs', () => {
  it('engine-strict is on (so the engines below decide whether npm ci runs)', () => {
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });

  it("the lowest Node package.json allows satisfies every locked package's engines", () => {
    const lowest = semver.minVersion(pkg.engines.node)!.version;
    const excluded = Object.entries(lock.packages)
      .filter(([path, p]) => path !== '' && p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(lowest, (p.engines as { node: string }).node))
      .map(([path, p]) => `${path} (${(p.engines as { node: string }).node})`);
    expect(excluded, `Node ${lowest}`).toEqual([]);
    expect(lock.packages['']!.engines).toEqual(pkg.engines);
  });

  it('scripts/use-node24.sh accepts exactly the Nodes package.json allows', () => {
    const min = semver.minVersion(pkg.engines.node)!.version.split('.');
    expect(readFileSync('scripts/use-node24.sh', 'utf8')).toContain(`NODE_MIN_MINOR=${min[1]}`);
  });
});
