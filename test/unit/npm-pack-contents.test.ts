/**
 * Issue 24: `npm pack` (the lookup-tray command's package) shipped out/main/main.js, the app's 363 kB Electron
 * bundle, because npm always packs the file package.json's `main` names. `main` stays the Electron entry (Electron,
 * electron-vite and electron-builder read it) but is spelled "./out/main/main.js", which npm's list of always-packed
 * files does not match. Checked with npm itself, on a copy of the fields that decide it; and the tarball npm pack
 * leaves in the checkout is git-ignored.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  main: string;
  files: string[];
  bin: Record<string, string>;
};
const work = mkdtempSync(join(tmpdir(), 'lt-pack-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('npm pack', () => {
  it('leaves the Electron bundle out, and package.json still names it as the app entry', () => {
    const { name, version, main, files, bin } = pkg;
    writeFileSync(join(work, 'package.json'), JSON.stringify({ name, version, main, files, bin }));
    for (const f of [main, ...Object.values(bin)]) {
      mkdirSync(dirname(join(work, f)), { recursive: true });
      writeFileSync(join(work, f), '// stand-in\n');
    }
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: work,
      encoding: 'utf8',
      env: { ...process.env, npm_config_loglevel: 'silent' },
    });
    const [info] = JSON.parse(out.slice(out.indexOf('['))) as [{ files: { path: string }[] }];
    const packed = info.files.map((f) => f.path);
    expect(packed).toContain('out/cli/lookup-tray.js');
    expect(packed).not.toContain('out/main/main.js');
    expect(join(root, main)).toBe(join(root, 'out/main/main.js'));
  }, 60_000);

  it('the tarball npm pack writes into the checkout is git-ignored', () => {
    const r = spawnSync('git', ['check-ignore', '-q', `${pkg.name}-${pkg.version}.tgz`], { cwd: root });
    expect(r.status).toBe(0);
  });
});
